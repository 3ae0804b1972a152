import EmulatedInput
import FakeFramebuffer
import PuzzleApp
import ResponderKit
import ResponderKitTesting
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// An idle kiosk sleeps (issue 9): the main command on a fake panel with an emulated touchscreen
/// wakes up for input and, while tiles glide, for animation frames — and not at all otherwise.
/// Every wake-up of a thread blocked in `epoll_wait` is a context switch, so the kernel's counters
/// (`voluntary_ctxt_switches` + `nonvoluntary_ctxt_switches` of every thread, `/proc/PID/task/*/status`)
/// must not move over seconds of idleness: before any touch, and after a swap's glide has ended.
@MainActor
@Suite(.serialized)
struct IdleWakeUpTests {
    @Test(.enabled(if: EndToEnd.canRunWithInput, "umockdev is not installed (Tools/setup.sh installs it) or puzzle-demo is not built"))
    func anIdleKioskDoesNotWakeUp() throws {
        try PreloadedRun.run(suite: "IdleWakeUpTests", test: #function, case: "idle") {
            try Self.measure()
        }
    }

    /// Seconds of idleness each measurement covers.
    static let idleSeconds = 2.0

    private static func measure() throws {
        try FakePanelKiosk.run(executable: EndToEnd.mainCommand, event: 41, arguments: ["--seconds", "60"]) { panel in
            try measure(panel)
        }
    }

    private static func measure(_ panel: FakePanelKiosk) throws {
        let kiosk = panel.kiosk, fake = panel.fake, testbed = panel.testbed, touchscreen = panel.touchscreen
        let layout = PuzzleLayout(rotation: .none, panelWidth: fake.width, panelHeight: fake.height)
        let reference = ReferencePuzzle(size: layout.windowSize)

        func waitForReference(_ what: String) throws { try panel.waitForFrame(of: reference, layout: layout, what) }
        /// Context switches of the kiosk over `idleSeconds`, after a short pause for the frame
        /// being written to be presented.
        func idleSwitches() throws -> Int {
            pause(seconds: 0.3)
            guard let before = Self.contextSwitches(of: kiosk.process.pid) else { throw FakeFramebufferFailure("no /proc entry for the kiosk") }
            pause(seconds: idleSeconds)
            guard let after = Self.contextSwitches(of: kiosk.process.pid) else { throw FakeFramebufferFailure("the kiosk is gone") }
            return after - before
        }
        func tap(slot: Int, trackingID: Int32) throws {
            let target = layout.panelPoint(layout.center(slot: slot))
            let frames = PuzzleLayout.tapFrames(x: target.x, y: target.y, trackingID: trackingID)
            try testbed.write(frames.down, to: touchscreen)
            try testbed.write(frames.up, to: touchscreen)
            reference.tap(at: layout.windowPoint(panelX: target.x, panelY: target.y))
        }

        try waitForReference("the first frame")
        let beforeTouch = try idleSwitches()

        let glideStart = Self.contextSwitches(of: kiosk.process.pid) ?? 0
        try tap(slot: 0, trackingID: 1)
        try tap(slot: 1, trackingID: 2)
        try waitForReference("the swap's glide ended")
        pause(seconds: 0.3)
        let glide = (Self.contextSwitches(of: kiosk.process.pid) ?? 0) - glideStart
        let afterGlide = try idleSwitches()

        print(
            "IdleWakeUpTests: context switches over \(idleSeconds) s idle: \(beforeTouch) before any touch, \(afterGlide) after the glide; \(glide) from the taps through the glide"
        )
        #expect(beforeTouch == 0, "an idle kiosk woke \(beforeTouch) times in \(idleSeconds) s")
        #expect(afterGlide == 0, "after the glide the kiosk woke \(afterGlide) times in \(idleSeconds) s: a frame timer left armed?")
        #expect(glide > 0)
        kiosk.process.send(SIGTERM)
        #expect(kiosk.process.wait(timeout: 10) == 0, "\(kiosk.transcript)")
    }

    /// The sum of every thread's voluntary and involuntary context switches.
    static func contextSwitches(of pid: pid_t) -> Int? {
        guard let directory = opendir("/proc/\(pid)/task") else { return nil }
        defer { closedir(directory) }
        var total = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.first?.isNumber == true, let status = try? TextFile.read("/proc/\(pid)/task/\(name)/status") else { continue }
            for line in status.split(separator: "\n") where line.contains("ctxt_switches:") {
                total += Int(String(line.split(separator: ":")[1].filter { !$0.isWhitespace })) ?? 0
            }
        }
        return total
    }
}
