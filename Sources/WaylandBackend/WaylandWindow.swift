import CWayland
import CXdgShell
import Rendering
import ResponderKit

/// One xdg toplevel: an output (`WaylandSurfaceOutput` on the `wl_surface`) and the surface the
/// compositor's input focuses. It builds no scene, window or presenter: the host does
/// (`KioskSession`), draws into `output` at the end of each wake-up, and attaches its window
/// (`attach(_:)`) so that input on the surface is delivered there. The compositor's `configure`
/// sizes the output (the host's presenter resizes the window to it); `close` calls
/// `onCloseRequest` (default: close). The buffer scale is the largest scale of the outputs the
/// surface is on; input stays in logical points. The corresponding C objects are `wl_surface`,
/// `xdg_surface` and `xdg_toplevel`.
@MainActor
public final class WaylandWindow {
    /// The host's window for this toplevel (`attach(_:)`): input on the surface is delivered to
    /// it, text input reads its focused field. Nil until attached: input is then ignored.
    public private(set) var window: Window?
    /// Title, app id, fullscreen and initial size, as asked for at creation.
    public let options: WindowOptions
    /// Where the window's frames go: the surface's shm buffers, paced by frame callbacks.
    public let output: WaylandSurfaceOutput
    /// Called once the toplevel is gone (`close()`, or the display shutting down): the host hides
    /// its window and disconnects its scene (its touches are cancelled).
    public var onDestroyed: (@MainActor () -> Void)?
    /// Called on `xdg_toplevel.close`; nil closes the window.
    public var onCloseRequest: (@MainActor (WaylandWindow) -> Void)?
    /// True after the first `configure` was acknowledged.
    public var isConfigured: Bool { output.isConfigured }
    /// True once the window was closed (`close()`, or the display shutting down); its toplevel and surface are gone.
    public private(set) var isClosed = false
    /// The buffer scale in use (`wl_surface_set_buffer_scale`).
    public var scale: Int { output.bufferScale }
    /// Frame callbacks the compositor answered (`wl_callback.done`): frames it presented.
    public var presentedFrames: Int { output.presentedFrames }
    /// Commits with a new buffer.
    public var committedFrames: Int { output.committedFrames }
    /// Whether the compositor says the window is fullscreen (last configure).
    public private(set) var isFullscreen = false

    unowned let display: WaylandDisplay
    private(set) var surface: OpaquePointer?
    private var xdgSurface: OpaquePointer?
    private var toplevel: OpaquePointer?
    private var pendingSize: (Int32, Int32) = (0, 0)
    private var pendingFullscreen = false
    private var outputsEntered: [WaylandOutput] = []

    init(display: WaylandDisplay, options: WindowOptions) {
        self.display = display
        self.options = options
        surface = wl_compositor_create_surface(display.compositor)
        output = WaylandSurfaceOutput(display: display, surface: surface, size: options.size)
        let me = Unmanaged.passUnretained(self).toOpaque()
        wl_surface_add_listener(surface, surfaceListener.pointer, me)
        xdgSurface = xdg_wm_base_get_xdg_surface(display.wmBase, surface)
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener.pointer, me)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_toplevel_add_listener(toplevel, toplevelListener.pointer, me)
        xdg_toplevel_set_title(toplevel, options.title)
        xdg_toplevel_set_app_id(toplevel, options.appID)
        if options.fullscreen { xdg_toplevel_set_fullscreen(toplevel, nil) }
        wl_surface_commit(surface)  // no buffer: asks the compositor for the first configure
    }

    /// Delivers the surface's input to `window` from now on (the host's window for this toplevel).
    public func attach(_ window: Window) {
        self.window = window
    }

    /// Closes the window: destroys the toplevel, its surface and buffers, and tells the host
    /// (`onDestroyed`).
    public func close() {
        guard !isClosed else { return }
        destroy()
        display.windowClosed(self)
        display.flush()
    }

    func destroy() {
        guard !isClosed else { return }
        isClosed = true
        if let toplevel { xdg_toplevel_destroy(toplevel) }
        if let xdgSurface { xdg_surface_destroy(xdgSurface) }
        output.surfaceDestroyed()
        if let surface { wl_surface_destroy(surface) }
        toplevel = nil; xdgSurface = nil; surface = nil
        onDestroyed?()
    }

    /// Recomputes the buffer scale from the outputs the surface is on; a new scale asks the host
    /// for a whole frame (`Output.takeFullRepaintRequest()`).
    func updateScale() {
        guard !isClosed else { return }
        let newScale = max(1, min(outputsEntered.map(\.scale).max() ?? 1, 16))
        guard newScale != output.bufferScale else { return }
        output.setBufferScale(newScale)
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

    /// `xdg_surface.configure`: acknowledges (`xdg_surface_ack_configure`) and applies the size
    /// (0 means "pick one": keep the current size) to the output. Drawing is the host's: its
    /// presenter resizes the window to the output at its next frame (the app lays out again),
    /// and the output sees to it that a commit answers every acknowledged configure (see
    /// `WaylandSurfaceOutput.configured(size:)`).
    fileprivate func configure(serial: UInt32) {
        guard let xdgSurface else { return }
        xdg_surface_ack_configure(xdgSurface, serial)
        isFullscreen = pendingFullscreen
        let (w, h) = pendingSize
        let size = w > 0 && h > 0 ? WaylandSurfaceOutput.whole(Size(width: Double(w), height: Double(h))) : output.size
        output.configured(size: size)
    }

    fileprivate func closeRequested() {
        if let onCloseRequest { onCloseRequest(self) } else { close() }
    }
}

private func window(_ data: UnsafeMutableRawPointer?) -> WaylandWindow? {
    data.map { Unmanaged<WaylandWindow>.fromOpaque($0).takeUnretainedValue() }
}

private let surfaceListener = ListenerTable(
    wl_surface_listener(
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

private let xdgSurfaceListener = ListenerTable(
    xdg_surface_listener(configure: { data, _, serial in
        guard let w = window(data) else { return }
        MainActor.assumeIsolated { w.configure(serial: serial) }
    }))

private let toplevelListener = ListenerTable(
    xdg_toplevel_listener(
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
