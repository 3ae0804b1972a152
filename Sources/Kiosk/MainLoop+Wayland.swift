import ResponderKit
import WaylandBackend

extension MainLoop {
    /// Runs a Wayland connection on this loop: its fd is a source (`WaylandDisplay.dispatch`,
    /// i.e. `wl_display_prepare_read` / `read_events` / `dispatch_pending`), and every wake-up ends
    /// with `WaylandDisplay.render` (layout, draw, commit, `wl_display_flush`). When the
    /// connection breaks the loop stops (after the display's own `onFailure`); `display.failure`
    /// says why.
    public func add(_ display: WaylandDisplay) throws {
        let previous = display.onFailure
        let fd = display.fileDescriptor
        display.onFailure = { [unowned self] error in
            previous?(error)
            removeSource(fd)
            stop()
        }
        try addSource(fd) { display.dispatch() }
        beforeWaiting.append { display.render() }
        display.render()
    }
}
