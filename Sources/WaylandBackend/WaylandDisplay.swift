import CWayland
import CXdgShell
import Rendering
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// A connection to a Wayland compositor: the globals the client needs, every seat and output,
/// and the toplevels (`WaylandWindow`: an output and the surface input focuses). Everything runs
/// on the main thread: libwayland calls the listeners synchronously inside
/// `wl_display_dispatch_pending`, and they enter the main actor with `MainActor.assumeIsolated`.
///
/// It is an input source and a set of outputs, never a host: it builds no window and never
/// decides when to draw. Drive it from the host's main loop: `dispatch()` when `fileDescriptor`
/// is readable; the host then draws its frame into the toplevels' outputs, and calls
/// `finishFrame()` (the answers to configures, the text input state, `wl_display_flush`). A
/// broken connection stops both and calls `onFailure` once (after cancelling every touch and held
/// key the app still has open).
@MainActor
public final class WaylandDisplay {
    /// Where to connect.
    public enum Endpoint: Sendable {
        /// `WAYLAND_SOCKET` (an inherited fd) when set, else `WAYLAND_DISPLAY`, else `wayland-0`
        /// (`wl_display_connect(NULL)`).
        case environment
        /// A socket name in `$XDG_RUNTIME_DIR`, or an absolute path (`wl_display_connect(name)`).
        case name(String)
        /// A connected socket; the display takes ownership (`wl_display_connect_to_fd`).
        case fileDescriptor(Int32)
    }

    /// The application the windows belong to and input is handed to.
    public let application: Application
    let display: OpaquePointer
    private(set) var registry: OpaquePointer?
    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    private(set) var wmBase: OpaquePointer?
    private(set) var compositorVersion: UInt32 = 0
    var seats: [UInt32: WaylandSeat] = [:]
    var outputs: [UInt32: WaylandOutput] = [:]
    /// `zwp_pointer_gestures_v1`, when the compositor offers it, its bound version and its name.
    private(set) var pointerGestures: OpaquePointer?
    private(set) var pointerGesturesVersion: UInt32 = 0
    private(set) var pointerGesturesName: UInt32?
    /// `zwp_text_input_manager_v3` and each seat's text input (by the seat's global name), and
    /// whether the core said a text input changed since the last sync (WaylandDisplay+TextInput.swift).
    var textInputManager: OpaquePointer?
    var textInputManagerName: UInt32?
    var textInputs: [UInt32: WaylandTextInput] = [:]
    var textInputNeedsSync = false
    /// Use the compositor's input method (text-input-v3) for text fields; false ignores it: no
    /// text input objects, `systemInputMethodAvailable` stays false and the built-in keyboard
    /// serves (the kiosk's `--no-system-input-method`).
    public var usesSystemInputMethod = true { didSet { if oldValue != usesSystemInputMethod { updateTextInputs() } } }
    /// `zwp_idle_inhibit_manager_v1` and the inhibitor held on each window's surface while
    /// `Application.isIdleTimerDisabled` (WaylandDisplay+IdleInhibit.swift).
    var idleInhibitManager: OpaquePointer?
    var idleInhibitManagerName: UInt32?
    var idleInhibitors: [ObjectIdentifier: OpaquePointer] = [:]
    /// The open windows, oldest first.
    public private(set) var windows: [WaylandWindow] = []
    /// The first fatal error, once the connection broke.
    public private(set) var failure: WaylandError?
    /// Called once when the connection breaks (protocol error, compositor gone).
    public var onFailure: (@MainActor (WaylandError) -> Void)?
    /// Set by the main loop this display runs on (`MainLoopSource`); called after `onFailure`.
    public var onSourceFailed: (@MainActor () -> Void)?
    /// Shows the built-in arrow cursor over our windows; false hides the cursor (touch kiosks).
    public var showsCursor = true
    /// `xdg_wm_base.ping`s answered.
    public private(set) var pingsAnswered = 0
    /// The built-in arrow, made at the first pointer `enter` that shows it (`cursorForEnter()`);
    /// nil until then, so a touch-only session never makes it and `close()` never has to.
    private(set) var cursor: BuiltinCursor?
    private var cursorFailed = false
    private var nextDeviceNumber = 0x1000
    private var closed = false
    var reportedBufferFailure = false

    /// Connects, binds the globals and waits for the first seat and output descriptions (two
    /// round trips, each at most `timeout` seconds). Throws `.noCompositor`, `.missingGlobal`,
    /// `.unresponsive` or a connection error.
    public init(application: Application, endpoint: Endpoint = .environment, timeout: Double = 5) throws(WaylandError) {
        self.application = application
        Rendering.install()  // Pango measures text the way the windows draw it
        let connected: OpaquePointer?
        switch endpoint {
        case .environment: connected = wl_display_connect(nil)
        case let .name(name): connected = wl_display_connect(name)
        case let .fileDescriptor(fd): connected = wl_display_connect_to_fd(fd)
        }
        guard let connected else { throw .noCompositor(endpoint: Self.describe(endpoint), errno: errno) }
        display = connected
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, registryListener.pointer, Unmanaged.passUnretained(self).toOpaque())
        application.addTextInputObserver { [weak self] _ in self?.textInputNeedsSync = true }
        application.addIdleTimerObserver { [weak self] _ in self?.updateIdleInhibitors() }
        do throws(WaylandError) {
            try roundtrip(timeout: timeout)
            for name in ["wl_compositor", "wl_shm", "xdg_wm_base"] where !hasGlobal(name) { throw .missingGlobal(name) }
            try roundtrip(timeout: timeout)  // seat capabilities, output modes, keymaps
        } catch {
            close()
            throw error
        }
    }

    /// Call `close()` before letting the display go: its seats, outputs and windows reach it
    /// through `unowned` references, which trap once its deinit has begun, and `close()`'s
    /// teardown goes through them (the seats end open input). A display dropped unclosed only
    /// disconnects (`wl_display_disconnect`); its proxies are not destroyed one by one.
    isolated deinit {
        guard !closed else { return }
        closed = true
        wl_display_disconnect(display)
    }

    /// The connection's fd, to watch for readability (`wl_display_get_fd`).
    public var fileDescriptor: Int32 { wl_display_get_fd(display) }

    /// Reads and dispatches what the compositor sent (`wl_display_prepare_read`,
    /// `wl_display_read_events`, `wl_display_dispatch_pending`); call when the fd is readable.
    public func dispatch() {
        guard failure == nil, !closed else { return }
        while wl_display_prepare_read(display) != 0 {
            guard wl_display_dispatch_pending(display) >= 0 else { return connectionFailed() }
        }
        guard wl_display_read_events(display) >= 0 else { return connectionFailed() }
        dispatchPending()
    }

    /// Waits up to `timeout` seconds for events (`poll`), then dispatches them; flushes first.
    /// Returns false once the connection failed. For tests and tools without a main loop.
    @discardableResult
    public func dispatch(timeout: Double) -> Bool {
        guard failure == nil, !closed else { return false }
        while wl_display_prepare_read(display) != 0 {
            guard wl_display_dispatch_pending(display) >= 0 else { connectionFailed(); return false }
        }
        flush()
        var fds = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        if poll(&fds, 1, Int32((max(0, min(timeout, 3600)) * 1000).rounded(.up))) > 0 {
            guard wl_display_read_events(display) >= 0 else { connectionFailed(); return false }
        } else {
            wl_display_cancel_read(display)
        }
        dispatchPending()
        return failure == nil
    }

    /// The end of the host's frame, after it drew into the toplevels' outputs: events already
    /// queued (and synthesized touch frames), a commit for each configure the frame did not
    /// answer (`WaylandSurfaceOutput.answerConfigure()`), the text input state, then
    /// `wl_display_flush`.
    public func finishFrame() {
        guard failure == nil, !closed else { return }
        dispatchPending()
        for window in windows where !window.isClosed { window.output.answerConfigure() }
        syncTextInputs()
        flush()
    }

    /// Sends buffered requests (`wl_display_flush`); a full socket is retried next time.
    public func flush() {
        guard failure == nil, !closed else { return }
        if wl_display_flush(display) < 0, errno != EAGAIN { connectionFailed() }
    }

    /// Waits until the compositor processed everything sent so far (`wl_display_sync`, then
    /// dispatching until its callback is done), at most `timeout` seconds: a compositor that
    /// accepts the connection but never answers is `.unresponsive`, not a hang.
    public func roundtrip(timeout: Double = 5) throws(WaylandError) {
        if let failure { throw failure }
        let done = SyncFlag()
        guard let callback = wl_display_sync(display) else { connectionFailed(); throw failure ?? .compositorGone(errno: EPIPE) }
        wl_callback_add_listener(callback, syncListener.pointer, Unmanaged.passUnretained(done).toOpaque())
        defer { wl_callback_destroy(callback) }
        let deadline = MonotonicClock().now + timeout
        while !done.value {
            let left = deadline - MonotonicClock().now
            guard left > 0 else { throw .unresponsive(seconds: timeout) }
            guard dispatch(timeout: left) else { throw failure ?? .compositorGone(errno: EPIPE) }
        }
        finishTouchFrames()
    }

    /// Opens a toplevel (`xdg_toplevel`): an output for the host's window, which the host
    /// attaches (`WaylandWindow.attach(_:)`).
    public func makeWindow(_ options: WindowOptions = WindowOptions()) -> WaylandWindow {
        let window = WaylandWindow(display: self, options: options)
        windows.append(window)
        updateIdleInhibitors()
        return window
    }

    /// Destroys every window, seat and output and disconnects (`wl_display_disconnect`).
    public func close() {
        guard !closed else { return }
        releaseIdleInhibitors()
        releaseTextInputs()
        for window in windows { window.destroy() }
        windows.removeAll()
        for seat in seats.values { seat.destroy() }
        seats.removeAll()
        setPointerGestures(nil, version: 0, name: nil)
        for output in outputs.values { output.destroy() }
        outputs.removeAll()
        cursor?.destroy()
        cursor = nil
        closed = true
        // The teardown above reaches the compositor before the connection ends (a disconnect
        // drops what is still buffered).
        _ = wl_display_flush(display)
        wl_display_disconnect(display)
    }

    /// The cursor to show at a pointer `enter`, made at the first call (`BuiltinCursor`: a
    /// surface of its own, committed once); nil when the display is closed or it cannot be made.
    /// Never called during teardown: a surface created after the toplevel is gone would be
    /// committed and destroyed for nothing.
    func cursorForEnter() -> BuiltinCursor? {
        if let cursor { return cursor }
        guard !closed, !cursorFailed, let compositor, let shm else { return nil }
        cursor = try? BuiltinCursor(compositor: compositor, shm: shm)
        cursorFailed = cursor == nil
        return cursor
    }

    // MARK: Internals used by the seats, outputs and windows

    /// `wl_display_dispatch_pending`, then the touch frames cage never sends. Nothing is drawn
    /// here: the host's frame follows the wake-up.
    func dispatchPending() {
        if wl_display_dispatch_pending(display) < 0 { return connectionFailed() }
        finishTouchFrames()
    }

    /// Compositors that never send `wl_touch.frame` (cage 0.1.4): close what a dispatch left open.
    private func finishTouchFrames() {
        for seat in seats.values { seat.touch?.finishFrame() }
    }

    func window(for surface: OpaquePointer?) -> WaylandWindow? {
        guard let surface else { return nil }
        // A toplevel whose host window is not attached yet takes no input.
        return windows.first { $0.surface == surface && $0.window != nil }
    }

    func output(for proxy: OpaquePointer?) -> WaylandOutput? {
        outputs.values.first { $0.proxy == proxy }
    }

    func deliver(_ event: InputEvent) { application.handle(event) }

    func makeDeviceID() -> InputDeviceID {
        nextDeviceNumber += 1
        return InputDeviceID(rawValue: nextDeviceNumber)
    }

    func windowClosed(_ window: WaylandWindow) {
        for seat in seats.values { seat.forget(window) }
        for textInput in textInputs.values { textInput.forget(window) }
        if let inhibitor = idleInhibitors.removeValue(forKey: ObjectIdentifier(window)) { zwp_idle_inhibitor_v1_destroy(inhibitor) }
        textInputFocusChanged()
        windows.removeAll { $0 === window }
    }

    func outputChanged() {
        for window in windows { window.updateScale() }
    }

    func ping(_ serial: UInt32) {
        xdg_wm_base_pong(wmBase, serial)
        pingsAnswered += 1
    }

    private func hasGlobal(_ name: String) -> Bool {
        switch name {
        case "wl_compositor": compositor != nil
        case "wl_shm": shm != nil
        default: wmBase != nil
        }
    }

    /// Binds a global (`wl_registry_bind`) at the lower of its version and `maximum`.
    func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>, version: UInt32, maximum: UInt32) -> (OpaquePointer, UInt32)? {
        let v = min(version, maximum)
        guard let registry, let raw = wl_registry_bind(registry, name, interface, v) else { return nil }
        return (OpaquePointer(raw), v)
    }

    func setCompositor(_ compositor: OpaquePointer?, version: UInt32) { self.compositor = compositor; compositorVersion = version }
    func setShm(_ shm: OpaquePointer?) { self.shm = shm }
    func setWmBase(_ wmBase: OpaquePointer?) { self.wmBase = wmBase }

    /// Takes the pointer gestures global (nil: it went away): every seat pointer gets or drops
    /// its gesture objects. The old global is released (`zwp_pointer_gestures_v1_release` from
    /// version 2, else `zwp_pointer_gestures_v1_destroy`) after its objects.
    func setPointerGestures(_ proxy: OpaquePointer?, version: UInt32, name: UInt32?) {
        let old = pointerGestures
        let oldVersion = pointerGesturesVersion
        pointerGestures = proxy
        pointerGesturesVersion = version
        pointerGesturesName = name
        for seat in seats.values { seat.pointerGesturesChanged() }
        if let old {
            if oldVersion >= 2 { zwp_pointer_gestures_v1_release(old) } else { zwp_pointer_gestures_v1_destroy(old) }
        }
    }

    /// Reads why the connection failed (`wl_display_get_error`, `wl_display_get_protocol_error`),
    /// cancels the app's open touches and keys, and reports once.
    func connectionFailed() {
        guard failure == nil else { return }
        let code = wl_display_get_error(display)
        let error: WaylandError
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(display, &interface, &id)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
            error = .protocolError(interface: name, objectID: id, code: protocolCode)
        } else {
            error = .compositorGone(errno: code == 0 ? EPIPE : code)
        }
        failure = error
        for seat in seats.values { seat.connectionLost() }
        onFailure?(error)
        onSourceFailed?()
    }

    private static func describe(_ endpoint: Endpoint) -> String {
        switch endpoint {
        case .environment:
            if let fd = getenv("WAYLAND_SOCKET") { return "WAYLAND_SOCKET=\(String(cString: fd))" }
            let name = getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
            let dir = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? "(XDG_RUNTIME_DIR unset)"
            return name.hasPrefix("/") ? name : "\(dir)/\(name)"
        case let .name(name): return name
        case let .fileDescriptor(fd): return "fd \(fd)"
        }
    }
}

extension WaylandDisplay {
    /// A buffer could not be allocated: reported once on stderr; the window retries next frame.
    func reportBufferFailure(_ error: WaylandError) {
        guard !reportedBufferFailure else { return }
        reportedBufferFailure = true
        printError("wayland: \(error)")
    }
}

/// Set by a `wl_display_sync` callback.
final class SyncFlag { var value = false }

private let syncListener = ListenerTable(
    wl_callback_listener(done: { data, _, _ in
        guard let data else { return }
        Unmanaged<SyncFlag>.fromOpaque(data).takeUnretainedValue().value = true
    }))
