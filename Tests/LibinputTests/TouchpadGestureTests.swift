import EmulatedInput
import LibinputBackend
import Prerequisites
import RecordingViews
import ResponderKit
import Testing

/// A clickpad (Devices/touchpad.desc: 100 × 70 mm at 30 units/mm, MT slots, BTN_TOOL_FINGER …
/// QUINTTAP, INPUT_PROP_POINTER + BUTTONPAD) under umockdev, read by real libinput 1.22: two
/// fingers moving apart become a pinch that drives a PinchGestureRecognizer, two fingers moving
/// down together a finger scroll that drives a pan (allowedScrollTypesMask .continuous) and
/// ends on libinput's stop event. Frames carry fresh CLOCK_MONOTONIC times (`Testbed.write`) and
/// are 12 ms apart, as on a real touchpad: libinput's gesture detection reads those times.
@Suite(.serialized, .requires(.umockdev))
@MainActor
struct TouchpadGestureTests {
    static let suite = "TouchpadGestureTests"

    @Test func twoFingersApartPinchAView() throws {
        try UmockdevProcess.run(Self.suite, "twoFingersApartPinchAView") {
            let session = try EmulatedSession()
            let pad = try session.testbed.add(UmockdevProcess.device("touchpad.desc"), event: 11)
            let view = View(frame: session.window.bounds)
            session.window.addSubview(view)
            let pinch = PinchGestureRecognizer()
            let scales = GestureRecorder(pinch) { ($0 as? PinchGestureRecognizer)?.scale ?? .nan }
            view.addGestureRecognizer(pinch)
            try session.start { $0.devices = .paths([pad.node]) }
            try TouchpadFingers.pinchApart(session, pad)
            let gestures = TouchpadFingers.gestures(session)
            let pinches = gestures.filter { $0.kind == .pinch }
            #expect(pinches.first?.phase == .began && pinches.last?.phase == .ended, "\(gestures)")
            #expect(pinches.allSatisfy { $0.fingers == 2 })
            #expect((pinches.last?.scale ?? 0) > 1.5, "libinput's scale at the end: \(pinches.last?.scale ?? 0)")
            #expect(scales.phases == ["began", "changed", "ended"], "\(scales.log)")
            #expect((scales.values.last ?? 0) > 1.5, "the recognizer's scale: \(scales.values)")
            #expect(pinch.state == .possible, "reset after ending")
            #expect(!session.application.hasOpenInput)
        }
    }

    @Test func twoFingersDownScrollAPanAndStopAtTheLift() throws {
        try UmockdevProcess.run(Self.suite, "twoFingersDownScrollAPanAndStopAtTheLift") {
            let session = try EmulatedSession()
            let pad = try session.testbed.add(UmockdevProcess.device("touchpad.desc"), event: 11)
            let view = View(frame: session.window.bounds)
            session.window.addSubview(view)
            let pan = PanGestureRecognizer()
            pan.allowedScrollTypesMask = .continuous
            let translations = GestureRecorder(pan) { ($0 as? PanGestureRecognizer)?.translation(in: nil).y ?? .nan }
            var endedOnEvent: Int?
            translations.onAction = { if $0.state == .ended { endedOnEvent = session.routed.count } }
            view.addGestureRecognizer(pan)
            try session.start { $0.devices = .paths([pad.node]) }
            // Two fingers 20 mm apart move down together, 1 mm per frame, then lift.
            try TouchpadFingers.move(session, pad, steps: 20) { step in
                let y = Int32(900 + step * 30)
                return [(1200, y), (1800, y)]
            }
            let scrolls = session.routed.compactMap { if case let .scroll(info) = $0.kind { info } else { nil } }
            #expect(!scrolls.isEmpty)
            #expect(scrolls.allSatisfy { $0.source == .finger && $0.dx == 0 }, "\(scrolls)")
            #expect(scrolls.dropLast().reduce(0) { $0 + $1.dy } > 20, "fingers down scroll down: \(scrolls)")
            #expect(scrolls.last.map { $0.dx == 0 && $0.dy == 0 } == true, "libinput's stop ends the stream")
            #expect(translations.phases == ["began", "changed", "ended"], "\(translations.log)")
            #expect((translations.values.last ?? 0) < -20, "the content follows the fingers: \(translations.values)")
            let stop = session.routed.lastIndex { if case .scroll = $0.kind { true } else { false } }
            #expect(endedOnEvent != nil && endedOnEvent == stop, "the pan ended on the stop, not after a quiet period")
            #expect(TouchpadFingers.gestures(session).allSatisfy { $0.kind == .hold }, "a two-finger scroll is no pinch or swipe")
            #expect(!session.application.hasOpenInput)
        }
    }

    /// Two fingers resting (still for 0.3 s) then lifting: libinput's hold gesture, passed on as
    /// `.hold` began and ended with two fingers.
    @Test func twoFingersRestingHold() throws {
        try UmockdevProcess.run(Self.suite, "twoFingersRestingHold") {
            let session = try EmulatedSession()
            let pad = try session.testbed.add(UmockdevProcess.device("touchpad.desc"), event: 11)
            try session.start { $0.devices = .paths([pad.node]) }
            try TouchpadFingers.move(session, pad, steps: 25) { _ in [(1200, 1000), (1800, 1000)] }
            #expect(
                TouchpadFingers.gestures(session) == [
                    TouchpadGesture(kind: .hold, phase: .began, fingers: 2),
                    TouchpadGesture(kind: .hold, phase: .ended, fingers: 2)
                ],
                "\(TouchpadFingers.gestures(session))")
            #expect(session.application.lastTouchpadGesture?.phase == .ended)
            #expect(!session.application.hasOpenInput)
        }
    }
}

/// Fingers on Devices/touchpad.desc, frame by frame.
@MainActor
enum TouchpadFingers {
    static let BTN_TOOL_FINGER = 0x145, BTN_TOOL_DOUBLETAP = 0x14d, BTN_TOOL_TRIPLETAP = 0x14e

    /// Puts `path(0).count` fingers down at `path(0)`, moves them through `path(1…steps-1)` one
    /// frame each 12 ms apart, lifts them and lets libinput finish (its timers run on the times).
    static func move(_ session: EmulatedSession, _ pad: Testbed.Device, steps: Int, _ path: (Int) -> [(Int32, Int32)]) throws {
        var count = 0
        for step in 0..<steps {
            let points = path(step)
            count = points.count
            var events: [(Int, Int, Int32)] = []
            for (finger, point) in points.enumerated() {
                events.append((EvdevCode.EV_ABS, EvdevCode.ABS_MT_SLOT, Int32(finger)))
                if step == 0 { events.append((EvdevCode.EV_ABS, EvdevCode.ABS_MT_TRACKING_ID, Int32(finger + 1))) }
                events += [(EvdevCode.EV_ABS, EvdevCode.ABS_MT_POSITION_X, point.0), (EvdevCode.EV_ABS, EvdevCode.ABS_MT_POSITION_Y, point.1)]
            }
            if step == 0 { events += [(EvdevCode.EV_KEY, EvdevCode.BTN_TOUCH, 1), (EvdevCode.EV_KEY, tool(count), 1)] }
            if let first = points.first { events += [(EvdevCode.EV_ABS, EvdevCode.ABS_X, first.0), (EvdevCode.EV_ABS, EvdevCode.ABS_Y, first.1)] }
            try session.write(pad, events)
            session.pump(quiet: 0.012)
        }
        var up: [(Int, Int, Int32)] = []
        for finger in 0..<count {
            up += [(EvdevCode.EV_ABS, EvdevCode.ABS_MT_SLOT, Int32(finger)), (EvdevCode.EV_ABS, EvdevCode.ABS_MT_TRACKING_ID, -1)]
        }
        try session.write(pad, up + [(EvdevCode.EV_KEY, EvdevCode.BTN_TOUCH, 0), (EvdevCode.EV_KEY, tool(count), 0)])
        session.pump(quiet: 0.2)
    }

    /// Two fingers 30 mm apart on a horizontal line move 1 mm apart each per frame for 25 frames
    /// (80 mm apart at the end).
    static func pinchApart(_ session: EmulatedSession, _ pad: Testbed.Device) throws {
        try move(session, pad, steps: 25) { step in
            let spread = Int32(step * 30)
            return [(1050 - spread, 1050), (1950 + spread, 1050)]
        }
    }

    static func tool(_ fingers: Int) -> Int {
        fingers >= 3 ? BTN_TOOL_TRIPLETAP : fingers == 2 ? BTN_TOOL_DOUBLETAP : BTN_TOOL_FINGER
    }

    static func gestures(_ session: EmulatedSession) -> [TouchpadGesture] {
        session.routed.compactMap { if case let .touchpadGesture(g) = $0.kind { g } else { nil } }
    }
}
