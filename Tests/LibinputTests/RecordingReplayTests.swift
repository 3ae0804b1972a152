import EmulatedInput
import LibinputBackend
import Prerequisites
import RecordingViews
import ResponderKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Real touchscreen recordings (evemu, `../shared/recordings`) replayed through real libinput on
/// an emulated device built from the recording's own description. Skipped when that folder is not
/// beside the clone (nothing installs it).
@Suite(.serialized, .requires(UmockdevProcess.recordingNeeds))
@MainActor
struct RecordingReplayTests {
    static let suite = "RecordingReplayTests"
    static let atmel = "touchscreens/Atmel maXTouch Touchscreen"

    /// Replays `events` frame by frame and returns what the full-screen view saw.
    static func replay(_ events: String) throws -> (view: DeviceRecordingView, session: EmulatedSession) {
        try Prerequisite.check(UmockdevProcess.recordingNeeds)
        let folder = UmockdevProcess.recordingsFolder
        let spec = try EvemuDescription.parse(UmockdevProcess.readText(folder + atmel + ".desc"), file: atmel + ".desc")
        let frames = try EvemuRecording.parse(UmockdevProcess.readText(folder + events), file: events)
        let session = try EmulatedSession(size: Size(width: 800, height: 480))
        let device = try session.testbed.add(spec, event: 9)
        let view = DeviceRecordingView(frame: session.window.bounds)
        view.isMultipleTouchEnabled = true
        session.window.addSubview(view)
        try session.start { $0.devices = .paths([device.node]) }
        for frame in frames {
            try session.testbed.write(frame.events, to: device)
            session.pump(quiet: 0)
        }
        session.pump()
        return (view, session)
    }

    @Test func atmelTwoFingersTouchAndRelease() throws {
        try UmockdevProcess.run(Self.suite, "atmelTwoFingersTouchAndRelease") {
            let (view, session) = try Self.replay(Self.atmel + ".2-fingers-touch-release.events")
            #expect(view.count("began") == 2)
            #expect(view.count("ended") == 2)
            #expect(view.count("cancelled") == 0)
            #expect(view.count("moved") > 0)
            #expect(!session.application.hasOpenInput)
        }
    }

    @Test func atmelFastTapsAreNineTaps() throws {
        try UmockdevProcess.run(Self.suite, "atmelFastTapsAreNineTaps") {
            let (view, session) = try Self.replay(Self.atmel + ".1-finger-fast-taps.events")
            #expect(view.count("began") == 9)
            #expect(view.count("ended") == 9)
            #expect(view.count("cancelled") == 0)
            #expect(!session.application.hasOpenInput)
        }
    }
}
