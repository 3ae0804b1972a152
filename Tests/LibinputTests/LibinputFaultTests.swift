import EmulatedInput
import LibinputBackend
import Prerequisites
import RecordingViews
import ResponderKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Faults through REAL libinput on emulated devices (umockdev): what broken or fast hardware sends
/// must never crash the app, lose or double input, or leave a touch or key open. Each test runs in
/// a child process under umockdev's preload (`UmockdevProcess`).
@Suite(.serialized, .requires(.umockdev))
@MainActor
struct LibinputFaultTests {
    static let suite = "LibinputFaultTests"
    typealias Raw = (Int, Int, Int32)
    static let (abs, key, syn) = (EvdevCode.EV_ABS, EvdevCode.EV_KEY, EvdevCode.EV_SYN)

    /// Writes frames back to back, as fast as the emulated node takes them. The node is a pty
    /// with ~4 KB of buffer that hands data over asynchronously, and a full buffer would block the
    /// writer (this thread, which is also libinput's reader): after every ~120 events the writer
    /// waits until libinput delivered everything so far — `delivered` counts the routed events
    /// (one per frame written) — so the burst is as fast as possible and never deadlocks.
    static func burst(
        _ session: EmulatedSession, _ device: Testbed.Device, _ frames: [[Raw]],
        delivered: (InputEvent) -> Bool
    ) throws {
        var seen = session.routed.count, counted = 0, written = 0, pending = 0
        func catchUp() throws {
            let deadline = MonotonicClock().now + 10
            while true {
                for event in session.routed[seen...] where delivered(event) { counted += 1 }
                seen = session.routed.count
                if counted >= written { return }
                guard MonotonicClock().now < deadline else {
                    throw Testbed.Failure(message: "libinput delivered \(counted) of \(written) frames within 10 s")
                }
                session.pump(quiet: 0.001)
            }
        }
        for frame in frames {
            if pending + frame.count + 1 > 120 {
                try catchUp()
                pending = 0
            }
            try session.write(device, frame)
            written += 1
            pending += frame.count + 1
        }
        try catchUp()
        session.pump()
    }

    static func isTouchFrame(_ event: InputEvent) -> Bool { if case .touchFrame = event.kind { true } else { false } }
    static func isKey(_ event: InputEvent) -> Bool { if case .key = event.kind { true } else { false } }

    static func down(_ slot: Int, id: Int32, x: Int32, y: Int32) -> [Raw] {
        [
            (abs, EvdevCode.ABS_MT_SLOT, Int32(slot)), (abs, EvdevCode.ABS_MT_TRACKING_ID, id),
            (abs, EvdevCode.ABS_MT_POSITION_X, x), (abs, EvdevCode.ABS_MT_POSITION_Y, y)
        ]
    }

    static func up(_ slot: Int) -> [Raw] {
        [(abs, EvdevCode.ABS_MT_SLOT, Int32(slot)), (abs, EvdevCode.ABS_MT_TRACKING_ID, -1)]
    }

    /// 10,000 frames in one burst: 1,000 two-finger gestures (down, eight moves, up), written as fast
    /// as the node takes them. Every finger reaches its view once, ends once, and none stays open.
    @Test func tenThousandFramesInABurstLeaveNoTouchOpen() throws {
        try UmockdevProcess.run(Self.suite, "tenThousandFramesInABurstLeaveNoTouchOpen") {
            let session = try EmulatedSession()
            let screen = try session.testbed.add(UmockdevProcess.device("touchscreen.desc"), event: 7)
            let left = DeviceRecordingView(frame: Rect(x: 0, y: 0, width: 500, height: 1000))
            let right = DeviceRecordingView(frame: Rect(x: 500, y: 0, width: 500, height: 1000))
            session.window.addSubview(left)
            session.window.addSubview(right)
            try session.start { $0.devices = .paths([screen.node]) }
            var frames: [[Raw]] = []
            var id: Int32 = 1
            for gesture in 0..<1_000 {
                let y = Int32(200 + gesture % 3000)
                frames.append(
                    Self.down(0, id: id, x: 1000, y: y) + Self.down(1, id: id + 1, x: 3000, y: y)
                        + [(Self.key, EvdevCode.BTN_TOUCH, 1)])
                id += 2
                for step in 1...8 {
                    frames.append([
                        (Self.abs, EvdevCode.ABS_MT_SLOT, 0), (Self.abs, EvdevCode.ABS_MT_POSITION_Y, y + Int32(step * 7)),
                        (Self.abs, EvdevCode.ABS_MT_SLOT, 1), (Self.abs, EvdevCode.ABS_MT_POSITION_Y, y + Int32(step * 5))
                    ])
                }
                frames.append(Self.up(0) + Self.up(1) + [(Self.key, EvdevCode.BTN_TOUCH, 0)])
            }
            #expect(frames.count == 10_000)
            try Self.burst(session, screen, frames, delivered: Self.isTouchFrame)
            for view in [left, right] {
                #expect(view.count("began") == 1_000, "\(view.count("began")) began")
                #expect(view.count("ended") == 1_000, "\(view.count("ended")) ended")
                #expect(view.count("cancelled") == 0)
            }
            #expect(!session.application.hasOpenInput)
        }
    }

    /// Malformed input: events without SYN_REPORT (merged into the next frame), coordinates out of
    /// the axis range, a slot with positions but no tracking id, and SYN_DROPPED mid-touch. Nothing
    /// crashes; every touch a view saw begin ends there once; after the fingers lift nothing is open.
    @Test func malformedFramesNeverLeaveATouchOpen() throws {
        try UmockdevProcess.run(Self.suite, "malformedFramesNeverLeaveATouchOpen") {
            let session = try EmulatedSession()
            let screen = try session.testbed.add(UmockdevProcess.device("touchscreen.desc"), event: 7)
            let view = DeviceRecordingView(frame: session.window.bounds)
            view.isMultipleTouchEnabled = true
            session.window.addSubview(view)
            try session.start { $0.devices = .paths([screen.node]) }
            // No SYN_REPORT: the down is written raw, then the next frame (with its report) carries it.
            try session.testbed.write(
                (Self.down(0, id: 10, x: 800, y: 800) + [(Self.key, EvdevCode.BTN_TOUCH, 1)])
                    .map { EvdevEvent(type: $0.0, code: $0.1, value: $0.2) }, to: screen)
            try session.write(screen, [(Self.abs, EvdevCode.ABS_MT_POSITION_X, 900)])
            session.pump()
            // Out of range: far beyond 4095 and negative.
            try session.write(screen, [(Self.abs, EvdevCode.ABS_MT_POSITION_X, 90_000), (Self.abs, EvdevCode.ABS_MT_POSITION_Y, -5_000)])
            session.pump()
            // A slot that gets positions but no tracking id: no touch may come of it.
            try session.write(
                screen,
                [
                    (Self.abs, EvdevCode.ABS_MT_SLOT, 3), (Self.abs, EvdevCode.ABS_MT_POSITION_X, 100),
                    (Self.abs, EvdevCode.ABS_MT_POSITION_Y, 100)
                ])
            session.pump()
            // SYN_DROPPED: the kernel lost events; libevdev resynchronizes from the device state.
            try session.testbed.write([EvdevEvent(type: Self.syn, code: 3, value: 0)], to: screen)
            try session.write(screen, [(Self.abs, EvdevCode.ABS_MT_SLOT, 0), (Self.abs, EvdevCode.ABS_MT_POSITION_Y, 700)])
            session.pump()
            try session.write(screen, Self.up(0) + Self.up(3) + [(Self.key, EvdevCode.BTN_TOUCH, 0)])
            session.pump()
            // A well-formed touch afterwards still works.
            try session.write(screen, Self.down(1, id: 11, x: 2000, y: 2000) + [(Self.key, EvdevCode.BTN_TOUCH, 1)])
            session.pump()
            try session.write(screen, Self.up(1) + [(Self.key, EvdevCode.BTN_TOUCH, 0)])
            session.pump()
            let began = view.count("began"), ends = view.count("ended") + view.count("cancelled")
            #expect(began >= 2, "\(view.log)")
            #expect(began == ends, "\(view.log)")
            #expect(view.log.last == "ended", "\(view.log)")
            #expect(!session.application.hasOpenInput)
        }
    }

    /// A barcode scanner (a USB keyboard) types 100 characters in about 50 ms through real libinput:
    /// they reach the focused text field in order, none lost, none doubled, no key left held.
    @Test func barcodeScannerBurstReachesTheTextFieldInOrder() throws {
        try UmockdevProcess.run(Self.suite, "barcodeScannerBurstReachesTheTextFieldInOrder") {
            let session = try EmulatedSession()
            let scanner = try session.testbed.add(UmockdevProcess.device("keyboard.desc"), event: 5)
            let field = TextField(frame: Rect(x: 0, y: 0, width: 400, height: 40))
            session.window.addSubview(field)
            try session.start { $0.devices = .paths([scanner.node]) }
            #expect(field.becomeFirstResponder())
            // evdev codes of a US layout: digits 2…11 ("1"…"0"), letters by row.
            let codes: [Character: Int] = Dictionary(
                uniqueKeysWithValues:
                    Array("1234567890").enumerated().map { ($0.element, 2 + $0.offset) }
                    + Array("qwertyuiop").enumerated().map { ($0.element, 16 + $0.offset) }
                    + Array("asdfghjkl").enumerated().map { ($0.element, 30 + $0.offset) }
                    + Array("zxcvbnm").enumerated().map { ($0.element, 44 + $0.offset) })
            let alphabet = Array("0123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")
            var scan = ""
            var state: UInt64 = 7
            for _ in 0..<100 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                scan.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            var frames: [[Raw]] = []
            for character in scan {
                let code = Int32(codes[Character(character.lowercased())]!)
                if character.isUppercase { frames.append([(Self.key, 42, 1)]) }
                frames.append([(Self.key, Int(code), 1)])
                frames.append([(Self.key, Int(code), 0)])
                if character.isUppercase { frames.append([(Self.key, 42, 0)]) }
            }
            try Self.burst(session, scanner, frames, delivered: Self.isKey)
            // Written as fast as the node takes them: the kernel stamps span the burst (~60 ms for
            // these 296 frames in a debug build here); a scanner's pace is the same order.
            let keys = session.routed.filter(Self.isKey)
            #expect(keys.count == frames.count)
            #expect(field.text == scan, "typed \(field.text.count) of \(scan.count): \(field.text)")
            #expect(!session.application.hasOpenInput)
            #expect(session.source.keyboards.repeater.repeatingKeyCode == nil, "no key repeats after the burst")
        }
    }

    /// A seat with a touchscreen and a keyboard whose node cannot be opened (it vanished from /dev
    /// while udev still lists it): the failure is reported with the node and the reason
    /// (`openFailures`, which the framebuffer host prints), and the touchscreen keeps working.
    @Test func aDeviceThatCannotBeOpenedLeavesTheOthersWorking() throws {
        try UmockdevProcess.run(Self.suite, "aDeviceThatCannotBeOpenedLeavesTheOthersWorking") {
            let session = try EmulatedSession()
            let screen = try session.testbed.add(UmockdevProcess.device("touchscreen.desc"), event: 7)
            let keyboard = try session.testbed.add(UmockdevProcess.device("keyboard.desc"), event: 5)
            #expect(unlink(session.testbed.root + keyboard.node) == 0, "\(String(cString: strerror(errno)))")
            let view = DeviceRecordingView(frame: session.window.bounds)
            session.window.addSubview(view)
            try session.start { $0.devices = .seat("seat0") }
            session.pump(quiet: 0.1)
            #expect(session.source.devices.count == 1)
            #expect(session.source.openFailures.contains { $0.hasPrefix(keyboard.node + ":") }, "\(session.source.openFailures)")
            try session.touchDown(screen, [(slot: 0, u: 0.5, v: 0.5)])
            session.pump()
            try session.touchUp(screen, slots: [0])
            session.pump()
            #expect(view.touchPhases == ["began", "ended"])
            #expect(!session.application.hasOpenInput)
        }
    }
}
