import KioskLoop

/// A Wayland connection on the main loop: its fd is a source (`dispatch()`, i.e.
/// `wl_display_prepare_read` / `read_events` / `dispatch_pending`), and every wake-up ends, after
/// the host's frame, with `finishFrame()` (configure answers, text input state,
/// `wl_display_flush`).
/// When the connection breaks the loop stops (after the display's own `onFailure`); `failure`
/// says why.
extension WaylandDisplay: MainLoopSource {
    /// The connection's fd (`wl_display_get_fd`).
    public var fileDescriptors: [Int32] { [fileDescriptor] }
    /// Reads and dispatches the compositor's events (`dispatch()`).
    public func dispatch(fileDescriptor: Int32) { dispatch() }
    /// Finishes the host's frame and flushes (`finishFrame()`).
    public func beforeWaiting() { finishFrame() }
}
