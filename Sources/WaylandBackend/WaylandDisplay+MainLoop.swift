import KioskLoop

/// A Wayland connection on the main loop: its fd is a source (`dispatch()`, i.e.
/// `wl_display_prepare_read` / `read_events` / `dispatch_pending`), and every wake-up ends with
/// `render()` (each window's presenter lays out, draws and commits; then `wl_display_flush`).
/// When the connection breaks the loop stops (after the display's own `onFailure`); `failure`
/// says why.
extension WaylandDisplay: MainLoopSource {
    /// The connection's fd (`wl_display_get_fd`).
    public var fileDescriptors: [Int32] { [fileDescriptor] }
    /// Reads and dispatches the compositor's events (`dispatch()`).
    public func dispatch(fileDescriptor: Int32) { dispatch() }
    /// Updates every window and flushes (`render()`).
    public func beforeWaiting() { render() }
}
