import ChildProcesses
import EmulatedInput
import LibinputBackend
import Prerequisites
import RecordingViews
import ResponderKit
import ResponderKitTesting
import Testing
import WaylandBackend
import WaylandFixture

#if canImport(Glibc)
import Glibc
#endif

/// The same physical gesture through both backends gives the same InputEvents. Real libinput
/// reads a clickpad under umockdev (LibinputTests/Devices/touchpad.desc) while two fingers spread
/// and turn, or scroll down; the fixture compositor then forwards exactly what libinput reported,
/// as a compositor does (`zwp_pointer_gesture_pinch_v1` begin/update/end with libinput's scale and
/// angle delta, `wl_pointer.axis_source`/`axis`/`axis_stop` for the scroll), and the Wayland
/// backend must route the same sequence — kinds, phases, fingers, scale, rotation, deltas (within
/// wl_fixed's 1/256) — into the same recognizer results.
@Suite(.serialized, .requires(.umockdev))
@MainActor
struct GestureParityTests {
    static let suite = "GestureParityTests"
    /// wl_fixed_t carries 1/256; one rounding per value.
    static let fixedTolerance = 1.0 / 256

    @Test func pinchWithRotationIsTheSameFromLibinputAndWayland() throws {
        try Self.inPreloadedChild("pinchWithRotationIsTheSameFromLibinputAndWayland") {
            // libinput: two fingers on a circle around the pad's middle, spreading 1 mm and
            // turning 1.5° clockwise per 12 ms frame.
            let viaLibinput = try LibinputTouchpad.run { session in
                let probe = PinchProbe(in: session.window)
                try session.fingers(steps: 25) { step in
                    let radius = 450.0 + Double(step) * 30, angle = Double(step) * 1.5 * Double.pi / 180
                    let dx = radius * cos(angle), dy = radius * sin(angle)
                    return [(Int32(1500 - dx), Int32(1050 - dy)), (Int32(1500 + dx), Int32(1050 + dy))]
                }
                return probe
            }
            let fromLibinput = viaLibinput.gestures.filter { $0.kind == .pinch }
            #expect(fromLibinput.first?.phase == .began && fromLibinput.last?.phase == .ended, "\(viaLibinput.gestures)")
            #expect((fromLibinput.last?.scale ?? 0) > 1.5)
            let turned = fromLibinput.reduce(0) { $0 + $1.rotation }
            #expect(turned > 15, "libinput's clockwise angle deltas add up: \(turned)°")

            // Wayland: the compositor forwards libinput's pinch.
            let s = try FixtureSession()
            defer { s.shutdown() }
            let probe = PinchProbe(in: s.root)
            wfx_pointer_enter(s.fx, 500, 400)
            wfx_pointer_frame(s.fx)
            for g in fromLibinput {
                switch g.phase {
                case .began: wfx_pinch_begin(s.fx, Int32(g.fingers))
                case .changed: wfx_pinch_update(s.fx, g.dx, g.dy, g.scale, g.rotation)
                case .ended, .cancelled: wfx_pinch_end(s.fx, g.phase == .cancelled ? 1 : 0)
                }
            }
            s.settle()
            let fromWayland = s.routed.compactMap { if case let .touchpadGesture(g) = $0.kind { g } else { nil } }
            #expect(fromWayland.map(\.kind) == fromLibinput.map(\.kind))
            #expect(fromWayland.map(\.phase) == fromLibinput.map(\.phase))
            #expect(fromWayland.map(\.fingers) == fromLibinput.map(\.fingers))
            for (w, l) in zip(fromWayland, fromLibinput) {
                #expect(
                    abs(w.scale - l.scale) <= Self.fixedTolerance && abs(w.rotation - l.rotation) <= Self.fixedTolerance
                        && abs(w.dx - l.dx) <= Self.fixedTolerance && abs(w.dy - l.dy) <= Self.fixedTolerance, "wayland \(w), libinput \(l)")
            }
            // The recognizers end the same way.
            #expect(probe.scales.log == viaLibinput.probe.scales.log)
            #expect(probe.rotations.log == viaLibinput.probe.rotations.log)
            #expect(probe.scales.log.last == "ended" && probe.rotations.log.last == "ended")
            #expect(abs((probe.scales.values.last ?? 0) - (viaLibinput.probe.scales.values.last ?? 0)) < 0.01)
            #expect(abs((probe.rotations.values.last ?? 0) - (viaLibinput.probe.rotations.values.last ?? 0)) < 0.01)
        }
    }

    @Test func fingerScrollIsTheSameFromLibinputAndWayland() throws {
        try Self.inPreloadedChild("fingerScrollIsTheSameFromLibinputAndWayland") {
            let viaLibinput = try LibinputTouchpad.run { session in
                let probe = PinchProbe(in: session.window)
                try session.fingers(steps: 15) { step in
                    let y = Int32(900 + step * 30)
                    return [(1200, y), (1800, y)]
                }
                return probe
            }
            let fromLibinput = viaLibinput.scrolls
            #expect(fromLibinput.count > 3 && fromLibinput.last.map { $0.dx == 0 && $0.dy == 0 } == true, "\(fromLibinput)")

            let s = try FixtureSession()
            defer { s.shutdown() }
            wfx_pointer_enter(s.fx, 500, 400)
            wfx_pointer_frame(s.fx)
            for info in fromLibinput {
                wfx_pointer_axis_source(s.fx, 1)  // finger
                if info.dx == 0 && info.dy == 0 {
                    wfx_pointer_axis_stop(s.fx, 0)
                    wfx_pointer_axis_stop(s.fx, 1)
                } else {
                    if info.dy != 0 { wfx_pointer_axis(s.fx, 0, info.dy) }
                    if info.dx != 0 { wfx_pointer_axis(s.fx, 1, info.dx) }
                }
                wfx_pointer_frame(s.fx)
            }
            s.settle()
            let fromWayland = s.routed.compactMap { if case let .scroll(info) = $0.kind { info } else { nil } }
            #expect(fromWayland.count == fromLibinput.count)
            #expect(fromWayland.map(\.source) == fromLibinput.map(\.source))
            for (w, l) in zip(fromWayland, fromLibinput) {
                #expect(abs(w.dx - l.dx) <= Self.fixedTolerance && abs(w.dy - l.dy) <= Self.fixedTolerance, "wayland \(w), libinput \(l)")
            }
        }
    }

    @Test func holdIsTheSameFromLibinputAndWayland() throws {
        try Self.inPreloadedChild("holdIsTheSameFromLibinputAndWayland") {
            let viaLibinput = try LibinputTouchpad.run { session in
                try session.fingers(steps: 25) { _ in [(1200, 1000), (1800, 1000)] }  // resting 0.3 s
            }
            let fromLibinput = viaLibinput.gestures
            #expect(fromLibinput.map(\.kind) == [.hold, .hold], "\(fromLibinput)")

            let s = try FixtureSession()
            defer { s.shutdown() }
            wfx_pointer_enter(s.fx, 500, 400)
            wfx_pointer_frame(s.fx)
            for g in fromLibinput {
                if g.phase == .began { wfx_hold_begin(s.fx, Int32(g.fingers)) } else { wfx_hold_end(s.fx, g.phase == .cancelled ? 1 : 0) }
            }
            s.settle()
            let fromWayland = s.routed.compactMap { if case let .touchpadGesture(g) = $0.kind { g } else { nil } }
            #expect(fromWayland == fromLibinput)
        }
    }

    /// Runs `body` in a child copy of the test binary under umockdev's preload (one testbed per
    /// process), as LibinputTests do.
    static func inPreloadedChild(_ test: String, _ body: @MainActor () throws -> Void) throws {
        try Prerequisite.check([.umockdev])
        if Preload.isActive {
            try body()
            ChildTestRun.markRan(test)
            return
        }
        try ChildTestRun.run(suite: suite, test: test, environment: try Preload.environment())
    }
}

/// A pinch and a rotation recognizer (allowed together) on a view filling `parent`, recording
/// their scale and rotation.
@MainActor
final class PinchProbe {
    let pinch = PinchGestureRecognizer()
    let rotation = RotationGestureRecognizer()
    let delegate = Simultaneous()
    let scales: GestureRecorder
    let rotations: GestureRecorder

    init(in parent: View) {
        let view = View(frame: parent.bounds)
        scales = GestureRecorder(pinch) { ($0 as? PinchGestureRecognizer)?.scale ?? .nan }
        rotations = GestureRecorder(rotation) { ($0 as? RotationGestureRecognizer)?.rotation ?? .nan }
        pinch.delegate = delegate
        view.addGestureRecognizer(pinch)
        view.addGestureRecognizer(rotation)
        parent.addSubview(view)
    }
}

/// Real libinput on the clickpad of LibinputTests/Devices/touchpad.desc in an umockdev testbed,
/// with a 1000 × 800 window; fingers frame by frame with fresh monotonic times, 12 ms apart.
@MainActor
final class LibinputTouchpad {
    let testbed: Testbed
    let pad: Testbed.Device
    let application = Application()
    let window: Window
    let source: LibinputSource
    private(set) var routed: [InputEvent] = []

    static var descriptionPath: String {
        var path = #filePath
        while let last = path.last, last != "/" { path.removeLast() }
        return path + "../LibinputTests/Devices/touchpad.desc"
    }

    init() throws {
        testbed = try Testbed()
        guard let bytes = try? TextFile.readBytes(Self.descriptionPath) else { throw FixtureError("cannot read \(Self.descriptionPath)") }
        pad = try testbed.add(try EvemuDescription.parse(String(decoding: bytes, as: UTF8.self), file: Self.descriptionPath), event: 12)
        let scene = WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: 1000, height: 800))
        window = Window(windowScene: scene)
        window.makeKeyAndVisible()
        var configuration = LibinputConfiguration(devices: .paths([pad.node]))
        configuration.seatAccess = .direct
        configuration.outputSize = window.bounds.size
        source = try LibinputSource(application: application, configuration: configuration)
        application.addInputObserver { [unowned self] in routed.append($0) }
        pump(quiet: 0.03)
    }

    /// Runs `play` on a fresh touchpad and returns what it routed, with `play`'s result.
    static func run<Probe>(_ play: (LibinputTouchpad) throws -> Probe) throws -> (gestures: [TouchpadGesture], scrolls: [ScrollInfo], probe: Probe) {
        let session = try LibinputTouchpad()
        let probe = try play(session)
        let gestures = session.routed.compactMap { if case let .touchpadGesture(g) = $0.kind { g } else { nil } }
        let scrolls = session.routed.compactMap { if case let .scroll(info) = $0.kind { info } else { nil } }
        return (gestures, scrolls, probe)
    }

    func pump(quiet: Double) {
        var fds = pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)
        repeat { source.dispatch() } while poll(&fds, 1, Int32(quiet * 1000)) > 0
        source.dispatch()
    }

    /// Fingers down at `path(0)`, through `path(1…steps-1)`, then up (BTN_TOOL_DOUBLETAP for two).
    func fingers(steps: Int, _ path: (Int) -> [(Int32, Int32)]) throws {
        let tool = 0x14d
        var count = 0
        for step in 0..<steps {
            let points = path(step)
            count = points.count
            var events: [EvdevEvent] = []
            for (finger, point) in points.enumerated() {
                events.append(EvdevEvent(type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_SLOT, value: Int32(finger)))
                if step == 0 { events.append(EvdevEvent(type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_TRACKING_ID, value: Int32(finger + 1))) }
                events += [
                    EvdevEvent(type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_POSITION_X, value: point.0),
                    EvdevEvent(type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_POSITION_Y, value: point.1)
                ]
            }
            if step == 0 {
                events += [EvdevEvent(type: EvdevCode.EV_KEY, code: EvdevCode.BTN_TOUCH, value: 1), EvdevEvent(type: EvdevCode.EV_KEY, code: tool, value: 1)]
            }
            if let first = points.first {
                events += [
                    EvdevEvent(type: EvdevCode.EV_ABS, code: EvdevCode.ABS_X, value: first.0),
                    EvdevEvent(type: EvdevCode.EV_ABS, code: EvdevCode.ABS_Y, value: first.1)
                ]
            }
            try testbed.write(events + [EvdevEvent(type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0)], to: pad)
            pump(quiet: 0.012)
        }
        var up: [EvdevEvent] = []
        for finger in 0..<count {
            up += [
                EvdevEvent(type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_SLOT, value: Int32(finger)),
                EvdevEvent(type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_TRACKING_ID, value: -1)
            ]
        }
        up += [
            EvdevEvent(type: EvdevCode.EV_KEY, code: EvdevCode.BTN_TOUCH, value: 0), EvdevEvent(type: EvdevCode.EV_KEY, code: tool, value: 0),
            EvdevEvent(type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0)
        ]
        try testbed.write(up, to: pad)
        pump(quiet: 0.2)
    }
}
