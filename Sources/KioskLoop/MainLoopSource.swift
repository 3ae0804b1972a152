/// Something the main loop watches: a backend (libinput, a Wayland connection, a seat) or an
/// output. The loop knows nothing else about it, so a libinput + framebuffer program never links
/// libwayland.
@MainActor
public protocol MainLoopSource: AnyObject {
    /// The fds to watch for readability; read once, when the source is added.
    var fileDescriptors: [Int32] { get }
    /// One of `fileDescriptors` is readable: read it and route what it carried
    /// (`Application.handle`).
    func dispatch(fileDescriptor: Int32)
    /// Once per wake-up, after input, main-queue work and timers: flush, layout, render, commit.
    func beforeWaiting()
    /// Set by the loop: the source calls it when it can go on no longer (a compositor gone); the
    /// loop removes the source and stops.
    var onSourceFailed: (@MainActor () -> Void)? { get set }
}

extension MainLoop {
    /// Watches `source`'s fds, runs its `beforeWaiting` on every wake-up, and stops the loop when
    /// the source fails.
    public func add(_ source: any MainLoopSource) throws {
        try watch(source)
        beforeWaiting.append { [unowned source] in source.beforeWaiting() }
        source.beforeWaiting()
    }

    /// Watches `source`'s fds and stops the loop when the source fails, without adding its
    /// `beforeWaiting` to the loop's hooks: for a host that runs it in its own frame, after
    /// drawing (the Kiosk host's `KioskSession.frame()`).
    public func watch(_ source: any MainLoopSource) throws {
        let fds = source.fileDescriptors
        for fd in fds { try addSource(fd) { [unowned source] in source.dispatch(fileDescriptor: fd) } }
        beforeWaiting.append { [unowned source] in source.beforeWaiting() }
        let previous = source.onSourceFailed
        source.onSourceFailed = { [unowned self] in
            previous?()
            for fd in fds { removeSource(fd) }
            stop()
        }
    }
}
