import CWayland
import CXdgShell
import ResponderKit

/// One xdg toplevel with its own `WindowScene` and `Window`. The compositor's `configure` sizes
/// the window (frame and scene bounds, then a layout pass); `close` calls `onCloseRequest`
/// (default: close the window). The buffer scale is the largest scale of the outputs the surface
/// is on; input stays in logical points. Drawing: each `render()` builds the display list; when it
/// changed and the last frame callback came back, it repaints the changed regions into a free
/// shm buffer (at most three, normally two alternate), damages them and commits with a new frame
/// callback. The corresponding C objects are `wl_surface`, `xdg_surface` and `xdg_toplevel`.
@MainActor
public final class WaylandWindow {
    public let scene: WindowScene
    public let window: Window
    public let options: WindowOptions
    /// Called on `xdg_toplevel.close`; nil closes the window.
    public var onCloseRequest: (@MainActor (WaylandWindow) -> Void)?
    /// True after the first `configure` was acknowledged.
    public private(set) var isConfigured = false
    public private(set) var isClosed = false
    /// The buffer scale in use (`wl_surface_set_buffer_scale`).
    public private(set) var scale = 1
    /// Frame callbacks the compositor answered (`wl_callback.done`): frames it presented.
    public private(set) var presentedFrames = 0
    /// Commits with a new buffer.
    public private(set) var committedFrames = 0
    /// Whether the compositor says the window is fullscreen (last configure).
    public private(set) var isFullscreen = false

    unowned let display: WaylandDisplay
    private(set) var surface: OpaquePointer?
    private var xdgSurface: OpaquePointer?
    private var toplevel: OpaquePointer?
    private var frameCallback: OpaquePointer?
    private var buffers: [ShmBuffer] = []
    private var shown: DisplayList?
    private var mustCommit = false
    private var pendingSize: (Int32, Int32) = (0, 0)
    private var pendingFullscreen = false
    private var outputsEntered: [WaylandOutput] = []

    init(display: WaylandDisplay, options: WindowOptions) {
        self.display = display
        self.options = options
        let bounds = Rect(x: 0, y: 0, width: options.size.width, height: options.size.height)
        scene = WindowScene(application: display.application, screenBounds: bounds)
        window = Window(windowScene: scene)
        let me = Unmanaged.passUnretained(self).toOpaque()
        surface = wl_compositor_create_surface(display.compositor)
        wl_surface_add_listener(surface, surfaceListener.pointer, me)
        xdgSurface = xdg_wm_base_get_xdg_surface(display.wmBase, surface)
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener.pointer, me)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_toplevel_add_listener(toplevel, toplevelListener.pointer, me)
        xdg_toplevel_set_title(toplevel, options.title)
        xdg_toplevel_set_app_id(toplevel, options.appID)
        if options.fullscreen { xdg_toplevel_set_fullscreen(toplevel, nil) }
        wl_surface_commit(surface)      // no buffer: asks the compositor for the first configure
    }

    /// Closes the window: destroys the toplevel, its surface and buffers, disconnects the scene
    /// (its touches are cancelled).
    public func close() {
        guard !isClosed else { return }
        destroy()
        display.windowClosed(self)
        display.flush()
    }

    func destroy() {
        guard !isClosed else { return }
        isClosed = true
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        if let toplevel { xdg_toplevel_destroy(toplevel) }
        if let xdgSurface { xdg_surface_destroy(xdgSurface) }
        if let surface { wl_surface_destroy(surface) }
        toplevel = nil; xdgSurface = nil; surface = nil
        for buffer in buffers { buffer.destroy() }
        buffers.removeAll()
        window.isHidden = true
        scene.disconnect()
    }

    /// Lays out and, when something visible changed and the compositor is ready for a frame,
    /// draws and commits.
    /// - Complexity: O(views) to build the display list, plus O(repainted pixels).
    func render() {
        guard isConfigured, !isClosed, let surface, let shm = display.shm else { return }
        window.layoutIfNeeded()
        let list = DisplayList(window: window, scale: scale)
        if !mustCommit {
            guard frameCallback == nil, list != shown else { return }
        }
        guard let buffer = freeBuffer(width: list.width, height: list.height, shm: shm) else { return }
        for rect in list.changes(since: buffer.contents) {
            SoftwareRenderer.draw(list, into: buffer.pixels, stride: buffer.width, clip: rect)
        }
        buffer.contents = list
        let damage = list.changes(since: shown)
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        for rect in damage {
            if display.compositorVersion >= 4 {
                wl_surface_damage_buffer(surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
            } else {
                wl_surface_damage(surface, 0, 0, Int32.max, Int32.max)
            }
        }
        if frameCallback == nil, let callback = wl_surface_frame(surface) {
            frameCallback = callback
            wl_callback_add_listener(callback, frameListener.pointer, Unmanaged.passUnretained(self).toOpaque())
        }
        wl_surface_commit(surface)
        buffer.isBusy = true
        shown = list
        mustCommit = false
        committedFrames += 1
    }

    /// A free buffer of the size, dropping buffers of other sizes once released; nil when all
    /// three are busy (the next release or frame retries).
    private func freeBuffer(width: Int, height: Int, shm: OpaquePointer) -> ShmBuffer? {
        buffers.removeAll { b in
            guard !b.isBusy, b.width != width || b.height != height else { return false }
            b.destroy()
            return true
        }
        if let free = buffers.first(where: { !$0.isBusy && $0.width == width && $0.height == height }) { return free }
        guard buffers.count < 3 else { return nil }
        do {
            let buffer = try ShmBuffer(shm: shm, width: width, height: height)
            buffers.append(buffer)
            return buffer
        } catch {
            display.reportBufferFailure(error)
            return nil
        }
    }

    /// Recomputes the buffer scale from the outputs the surface is on.
    func updateScale() {
        let newScale = outputsEntered.map(\.scale).max() ?? 1
        guard newScale != scale, let surface else { return }
        scale = newScale
        if display.compositorVersion >= 3 { wl_surface_set_buffer_scale(surface, Int32(scale)) }
        mustCommit = isConfigured
    }

    func outputRemoved(_ output: WaylandOutput) {
        outputsEntered.removeAll { $0 === output }
    }

    fileprivate func entered(_ output: OpaquePointer?) {
        guard let found = display.output(for: output), !outputsEntered.contains(where: { $0 === found }) else { return }
        outputsEntered.append(found)
        updateScale()
    }

    fileprivate func left(_ output: OpaquePointer?) {
        outputsEntered.removeAll { $0.proxy == output }
        updateScale()
    }

    fileprivate func toplevelConfigure(width: Int32, height: Int32, states: [UInt32]) {
        pendingSize = (width, height)
        pendingFullscreen = states.contains(XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue)
    }

    /// `xdg_surface.configure`: acknowledges, applies the size (0 means "pick one": keep the
    /// current size), and commits a frame for it even while a frame callback is pending.
    fileprivate func configure(serial: UInt32) {
        guard let xdgSurface else { return }
        xdg_surface_ack_configure(xdgSurface, serial)
        isFullscreen = pendingFullscreen
        let (w, h) = pendingSize
        if w > 0, h > 0 {
            let bounds = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
            if window.frame != bounds {
                window.frame = bounds
                scene.screenBounds = bounds
                window.setNeedsLayout()
            }
        }
        isConfigured = true
        mustCommit = true
    }

    fileprivate func closeRequested() {
        if let onCloseRequest { onCloseRequest(self) } else { close() }
    }

    fileprivate func frameDone() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        presentedFrames += 1
    }
}

private func window(_ data: UnsafeMutableRawPointer?) -> WaylandWindow? {
    data.map { Unmanaged<WaylandWindow>.fromOpaque($0).takeUnretainedValue() }
}

private let surfaceListener = ListenerTable(wl_surface_listener(
    enter: { data, _, output in
        guard let w = window(data) else { return }
        nonisolated(unsafe) let output = output
        MainActor.assumeIsolated { w.entered(output) }
    },
    leave: { data, _, output in
        guard let w = window(data) else { return }
        nonisolated(unsafe) let output = output
        MainActor.assumeIsolated { w.left(output) }
    }))

private let xdgSurfaceListener = ListenerTable(xdg_surface_listener(configure: { data, _, serial in
    guard let w = window(data) else { return }
    MainActor.assumeIsolated { w.configure(serial: serial) }
}))

private let toplevelListener = ListenerTable(xdg_toplevel_listener(
    configure: { data, _, width, height, states in
        guard let w = window(data) else { return }
        var values: [UInt32] = []
        if let states, let base = states.pointee.data {
            let count = states.pointee.size / MemoryLayout<UInt32>.size
            values = Array(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt32.self), count: count))
        }
        let list = values
        MainActor.assumeIsolated { w.toplevelConfigure(width: width, height: height, states: list) }
    },
    close: { data, _ in
        guard let w = window(data) else { return }
        MainActor.assumeIsolated { w.closeRequested() }
    },
    configure_bounds: { _, _, _, _ in },
    wm_capabilities: { _, _, _ in }))

private let frameListener = ListenerTable(wl_callback_listener(done: { data, _, _ in
    guard let w = window(data) else { return }
    MainActor.assumeIsolated { w.frameDone() }
}))
