import Keymap
import Kiosk
import KioskWayland
import RecordingViews
import Rendering
import ResponderKit
import Testing
import WaylandBackend
import WaylandFixture

#if canImport(Glibc)
import Glibc
#endif

/// One test's world: the fixture compositor (libwayland-server, its own thread) connected over a
/// socketpair to a real `WaylandDisplay` with one toplevel, the host's session on it (scene,
/// window, presenter; `frame()` is the host's frame), and an application that records every
/// routed `InputEvent`. Every wait has a timeout.
@MainActor
final class FixtureSession {
    let compositor: OpaquePointer
    let application = Application()
    let display: WaylandDisplay
    let surface: WaylandWindow
    /// The host's session on the toplevel: it builds the window and draws it.
    let session: KioskSession
    let root = DeviceRecordingView(frame: .zero)
    private(set) var routed: [InputEvent] = []
    /// A duplicate of the client's end of the socket (`holdsClientSocket`), so the connection
    /// outlives `display.close()` until `shutdown()`: the compositor then reads everything the
    /// client sent before disconnecting (a hang-up would make libwayland-server drop what is
    /// unread).
    private var heldClientSocket: Int32 = -1

    /// `content` runs once the window shows `root` and before the first frame (to test what the
    /// first committed buffer holds).
    init(
        flags: UInt32 = 0, seatVersion: Int32 = 0, keymap: String? = nil, options: WindowOptions = WindowOptions(),
        configure: (Int32, Int32)? = (1280, 800), holdsClientSocket: Bool = false,
        content: ((DeviceRecordingView) -> Void)? = nil
    ) throws {
        var fd: Int32 = -1
        guard let compositor = wfx_create(flags, seatVersion, &fd) else { throw FixtureError("wfx_create failed") }
        self.compositor = compositor
        if holdsClientSocket { heldClientSocket = dup(fd) }
        let keymapText = try keymap ?? Keymap(configuration: KeymapConfiguration(layout: "us")).text
        wfx_set_keymap(compositor, keymapText)
        do {
            display = try WaylandDisplay(application: application, endpoint: .fileDescriptor(fd))
        } catch {
            wfx_destroy(compositor)
            throw error
        }
        let backend = WaylandKioskBackend(display: display, window: options)
        surface = backend.toplevel
        let controller = ViewController()
        controller.view = root
        session = KioskSession(backend: backend, application: application, rootViewController: controller)
        session.window.isMultipleTouchEnabled = true
        root.isMultipleTouchEnabled = true
        content?(root)
        application.addInputObserver { [unowned self] in routed.append($0) }
        if let (w, h) = configure {
            try waitUntil("the first configure") { self.surface.isConfigured }
            if w > 0 { wfx_configure(fx, w, h, options.fullscreen ? 1 : 0) }
            try waitUntil("the configured size") { self.window.bounds.width == Double(w) || w == 0 }
            try waitUntil("the acknowledged configure") { self.state.acked_serial == self.state.configure_serial }
            try waitUntil("the first frame") {
                self.state.mapped != 0 && self.state.buffer_w == Int32(self.window.bounds.width) * Int32(self.surface.scale)
            }
        }
    }

    /// The host's window on the toplevel.
    var window: Window { session.window }
    /// The window's scene.
    var scene: WindowScene { session.scene }
    /// The host's frame: layout and drawing, then the display's end of frame (configure
    /// answers, text input, flush) — what the main loop runs at the end of each wake-up.
    func frame() { session.frame() }

    /// The compositor as the C API wants it.
    var fx: OpaquePointer { compositor }

    func shutdown() {
        display.close()
        if heldClientSocket >= 0 { close(heldClientSocket) }
        wfx_destroy(fx)
    }

    var state: wfx_state {
        var s = wfx_state()
        wfx_state(fx, &s)
        return s
    }

    func pixel(_ x: Int32, _ y: Int32) -> UInt32 { wfx_pixel(fx, x, y) }

    /// The last committed buffer as the compositor copied it (`wfx_copy_pixels`).
    func committedPixels() -> (width: Int, height: Int, pixels: [UInt32]) {
        let st = state
        let count = Int(st.buffer_w) * Int(st.buffer_h)
        var pixels = [UInt32](repeating: 0, count: count)
        let copied = pixels.withUnsafeMutableBufferPointer { wfx_copy_pixels(fx, $0.baseAddress, Int32(count)) }
        return copied == count ? (Int(st.buffer_w), Int(st.buffer_h), pixels) : (0, 0, [])
    }

    /// The damage rectangles of the last commit, in buffer pixels.
    var damageRects: [PixelRect] {
        let st = state
        return withUnsafeBytes(of: st.damage_rects) { raw in
            let rects = raw.bindMemory(to: wfx_rect.self)
            return rects.prefix(Int(min(st.damage_count, Int32(WFX_MAX_DAMAGE)))).map {
                PixelRect(x: Int($0.x), y: Int($0.y), width: Int($0.w), height: Int($0.h))
            }
        }
    }

    /// Dispatches and renders until `condition` holds; throws after `timeout` seconds.
    func waitUntil(_ what: String, timeout: Double = 3, _ condition: @MainActor () -> Bool) throws {
        let deadline = MonotonicClock().now + timeout
        while !condition() {
            guard MonotonicClock().now < deadline else { throw FixtureError("timed out waiting for \(what)") }
            frame()
            display.dispatch(timeout: 0.005)
            if let failure = display.failure, !condition() { throw FixtureError("connection failed waiting for \(what): \(failure)") }
        }
    }

    /// Lets the client read and route everything sent so far: dispatches until quiet for `quiet` s.
    func settle(_ quiet: Double = 0.02) {
        let deadline = MonotonicClock().now + 2
        var lastCount = -1
        var quietSince = MonotonicClock().now
        while MonotonicClock().now < deadline {
            frame()
            display.dispatch(timeout: 0.002)
            if routed.count != lastCount { lastCount = routed.count; quietSince = MonotonicClock().now }
            if MonotonicClock().now - quietSince >= quiet { break }
        }
    }

    /// Routed events of a kind, as short strings (positions rounded), for exact comparisons.
    func log(_ filter: (InputEvent) -> Bool = { _ in true }) -> [String] {
        routed.filter(filter).map(EventText.describe)
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Short, device-independent descriptions of input events (for logs compared in tests).
enum EventText {
    static func describe(_ event: InputEvent) -> String {
        func p(_ point: Point) -> String { "\(Int(point.x.rounded())),\(Int(point.y.rounded()))" }
        switch event.kind {
        case let .touchDown(slot, location, radius): return "down \(slot) \(p(location))" + (radius.map { " r\($0)" } ?? "")
        case let .touchMotion(slot, location, radius): return "motion \(slot) \(p(location))" + (radius.map { " r\($0)" } ?? "")
        case let .touchUp(slot): return "up \(slot)"
        case let .touchCancel(slot): return "cancel \(slot.map(String.init) ?? "all")"
        case .touchFrame: return "frame"
        case let .pointerMotion(location): return "pointer \(p(location))"
        case let .pointerButton(button, pressed): return "button \(button) \(pressed ? "down" : "up")"
        case .pointerLeave: return "pointer leave"
        case let .scroll(info): return "scroll \(info.dx),\(info.dy) \(info.source) v120 \(info.value120X),\(info.value120Y)"
        case let .key(key, pressed, isRepeat): return "key \(key.keyCode) \"\(key.characters)\" \(pressed ? "down" : "up")\(isRepeat ? " repeat" : "")"
        case let .modifiers(flags): return "modifiers \(flags.rawValue)"
        case .keyboardLeave: return "keyboard leave"
        case let .textInput(change): return "text \(change)"
        case let .deviceAdded(device): return "added \(device.capabilities.rawValue)"
        case .deviceRemoved: return "removed"
        default: return "other"
        }
    }

    static func isTouch(_ e: InputEvent) -> Bool {
        switch e.kind {
        case .touchDown, .touchMotion, .touchUp, .touchCancel, .touchFrame: true;
        default: false
        }
    }
    static func isPointer(_ e: InputEvent) -> Bool {
        switch e.kind {
        case .pointerMotion, .pointerButton, .pointerLeave, .scroll: true;
        default: false
        }
    }
    static func isKey(_ e: InputEvent) -> Bool {
        switch e.kind {
        case .key, .modifiers, .keyboardLeave: true;
        default: false
        }
    }
}

extension FixtureSession {
    /// Flushes and waits until the compositor answered everything sent so far, twice (binds
    /// made while dispatching the first answer are answered by the second).
    func roundtrip() throws {
        frame()
        try display.roundtrip()
        try display.roundtrip()
    }
}
