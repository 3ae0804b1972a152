import CWayland
import Rendering
import ResponderKit

/// The output of one `WaylandWindow`: its `wl_surface` presenting ARGB8888 shm buffers
/// (`WL_SHM_FORMAT_ARGB8888`, which is Cairo's `CAIRO_FORMAT_ARGB32`).
///
/// - `size` is the logical size the compositor configured (`xdg_toplevel.configure`; the
///   window's own size until then), `scale` the buffer scale: the largest `wl_output.scale` of
///   the outputs the surface entered (`wl_surface.enter`/`leave`).
/// - Frames are paced by frame callbacks (`wl_surface_frame`): `isReadyForFrame` is false before
///   the first configure and while a callback is pending — except that a configure which changed
///   the size is answered with a frame at once (the compositor waits for it). The output never
///   draws and never calls `onFrameReady`: `wl_callback.done`, a configure and `wl_buffer.release`
///   arrive on the connection's fd, and the host's frame at the end of that wake-up draws (so a
///   touch read with them is in the frame). The first configure, a new size and a new scale ask
///   for a whole frame (`takeFullRepaintRequest()`).
/// - Every `xdg_surface.ack_configure` is followed by a commit: the host's next frame commits a
///   buffer of the acknowledged size; when that frame draws nothing (the size did not change)
///   the display's end of frame (`WaylandDisplay.finishFrame()`) commits the surface as it is,
///   its buffer already of that size (`answerConfigure()`). A compositor that waits for the
///   configure's commit (sway applies a transaction only then) never waits for a timeout.
/// - Buffers alternate (double buffering); a third is made only while both are busy. Each buffer
///   remembers what later frames drawn into the other buffers changed, so `beginFrame` asks for
///   the damage plus that; a new buffer (first frame, new size, new scale) is repainted whole.
/// - `endFrame` attaches the buffer (`wl_surface_attach`), damages what changed in buffer pixels
///   (`wl_surface_damage_buffer`; `wl_surface_damage` on a version 3 compositor), sets the buffer
///   scale when it changed (`wl_surface_set_buffer_scale`), asks for a frame callback and commits
///   (`wl_surface_commit`). The display flushes at the end of the wake-up (`WaylandDisplay.render()`).
@MainActor
public final class WaylandSurfaceOutput: Output {
    /// The configured size in points (whole points: a buffer must be a multiple of the scale).
    public private(set) var size: Size
    /// The buffer scale (`wl_surface_set_buffer_scale`), as pixels per point.
    public var scale: Double { Double(bufferScale) }
    /// The buffer scale as the protocol has it.
    public private(set) var bufferScale = 1
    /// False before the first configure, without a surface, and while a frame callback is pending (unless a resize waits).
    public var isReadyForFrame: Bool {
        guard isConfigured, surface != nil else { return false }
        return frameCallback == nil || configurePending
    }
    /// Never called: the frame callback, a configure and a released buffer wake the host's main
    /// loop on the connection's fd, and its frame draws (see the type's documentation).
    public var onFrameReady: (@MainActor () -> Void)?
    /// The number of the last committed frame the compositor presented (its frame callback's
    /// `wl_callback.done`): equal to `committedFrames` once it has shown the last frame.
    public private(set) var presentedFrames = 0
    /// A frame callback is pending: the last frame was committed and not yet presented.
    public var isFramePending: Bool { frameCallback != nil }
    /// Commits with a new buffer.
    public private(set) var committedFrames = 0
    /// True after the first configure.
    public private(set) var isConfigured = false

    unowned let display: WaylandDisplay
    private(set) var surface: OpaquePointer?
    private var frameCallback: OpaquePointer?
    /// The frame whose presentation `frameCallback` reports.
    private var callbackFrame = 0
    private var buffers: [ShmBuffer] = []
    /// The buffer between `beginFrame` and `endFrame`, and the damage the frame was asked for.
    private var drawing: (buffer: ShmBuffer, damage: DamageRegion)?
    /// A configure that changed the size still waits for its frame.
    private var configurePending = false
    /// The next update must draw the whole window (`takeFullRepaintRequest()`).
    private var fullRepaintRequested = false
    /// A configure was acknowledged and no commit has followed it yet (`answerConfigure()`).
    private var configureAnswerOwed = false
    private var committedScale = 1
    private var committedPixelSize = (width: 0, height: 0)

    init(display: WaylandDisplay, surface: OpaquePointer?, size: Size) {
        self.display = display
        self.surface = surface
        self.size = Self.whole(size)
    }

    /// The buffer size in pixels for the current size and scale.
    public var pixelSize: (width: Int, height: Int) {
        (Int(size.width) * bufferScale, Int(size.height) * bufferScale)
    }

    private var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    // MARK: Output

    /// A free buffer of the current size and what to repaint in it: `damage` plus what it missed,
    /// or everything when it was never drawn into. Nil while not ready or when all three buffers
    /// are busy (a release fires `onFrameReady`).
    /// - Complexity: O(1) with a free buffer; allocating one is `memfd_create` + `mmap`.
    public func beginFrame(damage: DamageRegion) -> (target: RenderTarget, repaint: DamageRegion)? {
        guard isReadyForFrame, let shm = display.shm else { return nil }
        let (width, height) = pixelSize
        guard let buffer = freeBuffer(width: width, height: height, shm: shm) else { return nil }
        var repaint = DamageRegion()
        if buffer.isBlank {
            repaint.add(bounds)
        } else {
            repaint = damage
            repaint.formUnion(buffer.missed)
            repaint.clip(to: bounds)
        }
        var asked = damage
        asked.clip(to: bounds)
        drawing = (buffer, asked)
        let target = RenderTarget(
            base: UnsafeMutableRawPointer(buffer.pixels), width: width, height: height,
            stride: width * 4, scale: scale)
        return (target, repaint)
    }

    /// Presents the buffer `beginFrame` gave, in which `repainted` (the area it returned) was
    /// drawn. What changed since the previous frame is the damage `beginFrame` was given: the
    /// compositor is told that (everything, when the buffer size or scale differs from the last
    /// commit), and the other buffers remember it as missed. The rest of `repainted` only
    /// brought this buffer up to date.
    public func endFrame(repainted: DamageRegion) {
        guard let (buffer, changed) = drawing else { return }
        drawing = nil
        guard let surface else { return }
        buffer.isBlank = false
        buffer.drawnAt = committedFrames + 1
        buffer.missed.removeAll()
        for other in buffers where other !== buffer { other.missed.formUnion(changed) }

        wl_surface_attach(surface, buffer.buffer, 0, 0)
        if bufferScale != committedScale, display.compositorVersion >= 3 {
            wl_surface_set_buffer_scale(surface, Int32(bufferScale))
        }
        let full = PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        let whole = committedPixelSize != (buffer.width, buffer.height) || committedScale != bufferScale
        let rects = whole ? [full] : changed.rects.map { PixelRect(covering: $0, scale: scale).intersection(full) }
        for rect in rects where !rect.isEmpty {
            if display.compositorVersion >= 4 {
                wl_surface_damage_buffer(surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
            } else {
                // Surface coordinates: the pixel rect divided by the scale, rounded outwards.
                let s = bufferScale
                let x0 = rect.x / s, y0 = rect.y / s, x1 = (rect.maxX + s - 1) / s, y1 = (rect.maxY + s - 1) / s
                wl_surface_damage(surface, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
            }
        }
        // One callback per commit (a configure's frame may go out while one is pending: that one
        // is dropped, the new frame supersedes it).
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        if let callback = wl_surface_frame(surface) {
            frameCallback = callback
            wl_callback_add_listener(callback, outputFrameListener.pointer, Unmanaged.passUnretained(self).toOpaque())
        }
        wl_surface_commit(surface)
        buffer.isBusy = true
        committedScale = bufferScale
        committedPixelSize = (buffer.width, buffer.height)
        configurePending = false
        configureAnswerOwed = false
        committedFrames += 1
        callbackFrame = committedFrames
    }

    // MARK: From the window

    /// The acknowledged configure's size (whole points, at least 1×1; nil keeps the current one).
    /// Returns whether the size changed. Every configure owes the compositor a commit; the first
    /// configure and a change also allow one frame even while a frame callback is pending, and
    /// ask for a whole frame.
    @discardableResult
    func configured(size newSize: Size?) -> Bool {
        let first = !isConfigured
        isConfigured = true
        configureAnswerOwed = true
        var changed = false
        if let newSize {
            let whole = Self.whole(newSize)
            changed = whole != size
            size = whole
        }
        if first || changed {
            configurePending = true
            fullRepaintRequested = true
        }
        return changed
    }

    /// A new buffer scale (from the outputs the surface is on; applied with the next frame by
    /// `wl_surface_set_buffer_scale`); asks for a whole frame when it changed. Returns whether it
    /// did.
    @discardableResult
    func setBufferScale(_ newScale: Int) -> Bool {
        let clamped = max(1, min(newScale, 16))
        guard clamped != bufferScale else { return false }
        bufferScale = clamped
        fullRepaintRequested = true
        return true
    }

    /// Whether the first configure, a new size or a new scale asks for the whole window; clears
    /// the request.
    /// - Complexity: O(1).
    public func takeFullRepaintRequest() -> Bool {
        guard fullRepaintRequested else { return false }
        fullRepaintRequested = false
        return true
    }

    /// Called at the end of the host's frame (`WaylandDisplay.finishFrame()`): when a configure
    /// was acknowledged and the frame committed nothing, commits the surface as it is
    /// (`wl_surface_commit`) — only when its buffer already has the acknowledged size and scale;
    /// otherwise the next frame that can draw commits a buffer of that size (the size change
    /// asked for a whole frame).
    func answerConfigure() {
        guard configureAnswerOwed, let surface, committedFrames > 0 else { return }
        guard committedPixelSize == pixelSize, committedScale == bufferScale else { return }
        configureAnswerOwed = false
        wl_surface_commit(surface)
    }

    /// The surface is gone (`wl_surface_destroy` by the window): destroys the frame callback
    /// (`wl_callback_destroy`) and the buffers (`wl_buffer_destroy`, `munmap`).
    func surfaceDestroyed() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        surface = nil
        drawing = nil
        for buffer in buffers { buffer.destroy() }
        buffers.removeAll()
    }

    /// When the compositor last said a committed frame was shown: the arrival time of its frame
    /// callback (`wl_callback.done`, which wlroots-based compositors send once the output showed
    /// the frame), on `CLOCK_MONOTONIC` — an upper bound of the presentation, for the latency
    /// overlay.
    public private(set) var lastPresentationTime: Double?

    fileprivate func frameDone() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        lastPresentationTime = MonotonicClock.currentTime()
        presentedFrames = callbackFrame
    }

    /// Makes the second buffer while the kiosk is idle (`KioskSession.warmUp()`) and brings it up
    /// to date by copying the one drawn buffer, which the compositor may still hold (only read
    /// here); the copy faults its pages in. Without it the first frame after the first frame —
    /// the first touch's — finds its one buffer busy, makes a blank one (`memfd_create`, `mmap`)
    /// and repaints the whole window into fresh pages: 4–68 ms for the puzzle's first click under
    /// sway, against 0.5 ms for the later ones (issue 27). Returns false (and does nothing)
    /// unless exactly one buffer of the current size exists and was drawn into.
    /// - Complexity: O(pixels), one `memcpy` of the buffer, once.
    public func prepareNextFrame() -> Bool {
        guard isConfigured, surface != nil, drawing == nil, let shm = display.shm, buffers.count == 1, let source = buffers.first else {
            return false
        }
        let (width, height) = pixelSize
        guard !source.isBlank, source.width == width, source.height == height else { return false }
        let buffer: ShmBuffer
        do { buffer = try ShmBuffer(shm: shm, width: width, height: height) } catch {
            display.reportBufferFailure(error)
            return false
        }
        buffer.pixels.update(from: source.pixels, count: width * height)
        buffer.isBlank = false
        buffer.drawnAt = source.drawnAt
        buffer.missed = source.missed
        buffers.append(buffer)
        return true
    }

    /// A free buffer of the size, dropping free buffers of other sizes; nil when three are busy.
    private func freeBuffer(width: Int, height: Int, shm: OpaquePointer) -> ShmBuffer? {
        buffers.removeAll { b in
            guard !b.isBusy, b.width != width || b.height != height else { return false }
            b.destroy()
            return true
        }
        // The free buffer drawn last misses least (with two, they alternate).
        if let free = buffers.filter({ !$0.isBusy }).max(by: { $0.drawnAt < $1.drawnAt }) { return free }
        // Every buffer busy: the host keeps the damage; a `wl_buffer.release` wakes its loop.
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

    /// Whole points, at least 1 and at most 16384 (non-finite: 1).
    static func whole(_ size: Size) -> Size {
        func clamp(_ v: Double) -> Double { v.isFinite ? max(1, min(16384, v.rounded())) : 1 }
        return Size(width: clamp(size.width), height: clamp(size.height))
    }
}

private let outputFrameListener = ListenerTable(
    wl_callback_listener(done: { data, _, _ in
        guard let data else { return }
        let output = Unmanaged<WaylandSurfaceOutput>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { output.frameDone() }
    }))
