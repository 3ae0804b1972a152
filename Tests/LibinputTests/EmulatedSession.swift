import EmulatedInput
import LibinputBackend
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// One test's world: an umockdev testbed with emulated devices, an application with one key
/// window, and a real libinput source reading the devices. Frames are written with fresh
/// monotonic timestamps and `pump` lets libinput read them and route them.
@MainActor
final class EmulatedSession {
    let testbed: Testbed
    let application = Application()
    let window: Window
    var source: LibinputSource!
    private(set) var routed: [InputEvent] = []

    init(size: Size = Size(width: 1000, height: 1000)) throws {
        testbed = try Testbed()
        let scene = WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: size.width, height: size.height))
        window = Window(windowScene: scene)
        window.isMultipleTouchEnabled = true
        window.makeKeyAndVisible()
        application.addInputObserver { [unowned self] in routed.append($0) }
    }

    /// Starts libinput on the devices (after they exist: libinput drops what was written before it opened them).
    func start(_ configure: (inout LibinputConfiguration) -> Void) throws {
        var configuration = LibinputConfiguration()
        configuration.seatAccess = .direct  // umockdev emulates the nodes for open(2), not for seatd
        configuration.outputSize = window.bounds.size
        configure(&configuration)
        source = try LibinputSource(application: application, configuration: configuration)
        pump()
    }

    /// Dispatches libinput until it has been quiet for `quiet` seconds.
    func pump(quiet: Double = 0.03) {
        var fds = pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)
        repeat { source.dispatch() } while poll(&fds, 1, Int32(quiet * 1000)) > 0
        source.dispatch()
    }

    /// Dispatches libinput until `done()` holds, at most `timeout` seconds, then lets it be quiet
    /// for `quiet` seconds (so anything extra also arrives). For the steps a test knows the outcome
    /// of: on a loaded machine or in a sanitized build, delivery may take longer than a quiet period.
    func pump(until done: () -> Bool, timeout: Double = 10, quiet: Double = 0.03) {
        let deadline = MonotonicClock().now + timeout
        var fds = pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while !done() && MonotonicClock().now < deadline {
            source.dispatch()
            if done() { break }
            _ = poll(&fds, 1, 10)
        }
        pump(quiet: quiet)
    }

    func write(_ device: Testbed.Device, _ events: [(Int, Int, Int32)]) throws {
        try testbed.write(
            events.map { EvdevEvent(type: $0.0, code: $0.1, value: $0.2) }
                + [EvdevEvent(type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0)], to: device)
    }

    // MARK: Keyboard

    func key(_ device: Testbed.Device, _ code: Int, pressed: Bool) throws {
        try write(device, [(EvdevCode.EV_KEY, code, pressed ? 1 : 0)])
        pump(quiet: 0.005)
    }

    func tap(_ device: Testbed.Device, _ code: Int, shift: Bool = false) throws {
        if shift { try key(device, 42, pressed: true) }
        try key(device, code, pressed: true)
        try key(device, code, pressed: false)
        if shift { try key(device, 42, pressed: false) }
    }

    // MARK: Touchscreen (0…4095 on both axes)

    static func axis(_ fraction: Double) -> Int32 { Int32((fraction * 4096).rounded(.down)) }

    /// One frame putting fingers down (slot, tracking id, u, v in 0…1 of the panel).
    func touchDown(_ device: Testbed.Device, _ fingers: [(slot: Int, u: Double, v: Double)]) throws {
        var events: [(Int, Int, Int32)] = []
        for f in fingers {
            events += [
                (3, EvdevCode.ABS_MT_SLOT, Int32(f.slot)), (3, EvdevCode.ABS_MT_TRACKING_ID, Int32(100 + f.slot)),
                (3, EvdevCode.ABS_MT_POSITION_X, Self.axis(f.u)), (3, EvdevCode.ABS_MT_POSITION_Y, Self.axis(f.v))
            ]
        }
        events.append((1, EvdevCode.BTN_TOUCH, 1))
        if let first = fingers.first { events += [(3, 0, Self.axis(first.u)), (3, 1, Self.axis(first.v))] }
        try write(device, events)
    }

    func touchMove(_ device: Testbed.Device, _ fingers: [(slot: Int, u: Double, v: Double)]) throws {
        var events: [(Int, Int, Int32)] = []
        for f in fingers {
            events += [
                (3, EvdevCode.ABS_MT_SLOT, Int32(f.slot)),
                (3, EvdevCode.ABS_MT_POSITION_X, Self.axis(f.u)), (3, EvdevCode.ABS_MT_POSITION_Y, Self.axis(f.v))
            ]
        }
        try write(device, events)
    }

    func touchUp(_ device: Testbed.Device, slots: [Int], last: Bool = true) throws {
        var events: [(Int, Int, Int32)] = []
        for slot in slots { events += [(3, EvdevCode.ABS_MT_SLOT, Int32(slot)), (3, EvdevCode.ABS_MT_TRACKING_ID, -1)] }
        if last { events.append((1, EvdevCode.BTN_TOUCH, 0)) }
        try write(device, events)
    }
}
