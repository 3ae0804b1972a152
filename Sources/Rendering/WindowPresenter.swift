import ResponderKit

/// Runs a window's display cycle on an output, once per main-loop wake-up (or per headless step):
/// the animation tick, the layout pass, then — when the window has damage and the output is ready
/// for a frame — the renderer repaints the damaged area into the output's buffer and the output
/// presents it. Layout and display belong here, in the host's path, not in a backend.
///
/// Animations (`Application.animator`) are ticked with the application's clock at each update,
/// before layout and drawing, so every frame shows them where they are at that instant and the
/// damage covers where they were and where they are. While they run, the presenter makes sure
/// another update comes (see `Output.animationFrameInterval`); when they end it arms nothing.
@MainActor
public final class WindowPresenter {
    /// The window whose frames are drawn.
    public let window: Window
    /// Where the frames go.
    public let output: any Output
    /// Draws the window's view tree into the output's buffers.
    public let renderer: Renderer
    /// Frames drawn and presented.
    public private(set) var presentedFrames = 0
    /// How long the last frame took to draw (seconds), for benchmarks and the latency overlay.
    public private(set) var lastFrameDuration: Double = 0
    /// Called after each presented frame with what was repainted.
    public var didPresent: (@MainActor (DamageRegion) -> Void)?
    /// The wake-up for the next animation frame, while one is armed.
    private var frameTimer: TimerQueue.Timer?
    /// The on-screen latency overlay drawn over the window (the host's `--latency-overlay`), or
    /// nil. Setting one installs its monitor as the application's `latencyMonitor`.
    public var latencyOverlay: LatencyOverlayView? {
        didSet {
            oldValue.map { addDamage(for: $0) }
            guard let overlay = latencyOverlay else { return }
            window.application.latencyMonitor = overlay.monitor
            placeOverlay(overlay)
            addDamage(for: overlay)
        }
    }
    /// The wake-up that redraws a stale overlay, while one is armed.
    private var overlayTimer: TimerQueue.Timer?
    /// `lastPresentationTime` of the output when the overlay last looked.
    private var seenPresentationTime: Double?

    /// Sizes the window to the output and draws whenever the output says a frame may be drawn.
    public init(window: Window, output: any Output, renderer: Renderer = Renderer()) {
        self.window = window
        self.output = output
        self.renderer = renderer
        window.display = self
        followOutputSize()
        output.onFrameReady = { [unowned self] in
            followOutputSize()
            update()
        }
    }

    /// Whether a wake-up for the next animation frame is armed on the application's timers.
    public var isAnimationFrameScheduled: Bool { frameTimer != nil }

    /// Ticks the animations, lays out, then draws and presents a frame if something changed and
    /// the output is ready. Returns whether a frame was presented.
    /// - Complexity: O(animating views) + O(views marked for layout) + O(views meeting the
    ///   damage) + O(repainted pixels).
    @discardableResult
    public func update() -> Bool {
        let application = window.application
        let animator = application.animator
        if animator.isRunning { animator.tick(now: application.clock.now) }
        defer { scheduleAnimationFrame(animator, application) }
        followOutputSize()
        if output.takeFullRepaintRequest() { window.addDamage(window.bounds) }
        if let overlay = latencyOverlay { placeOverlay(overlay) }
        defer { if let overlay = latencyOverlay { noteOverlayFigures(overlay, application) } }
        // A scene of one window (the usual kiosk) takes the path that builds no array.
        let stack = hasOtherWindows || !drawnLayers.isEmpty || !stackDamage.isEmpty ? stackedWindows : nil
        if let stack {
            for other in stack { other.layoutIfNeeded() }
            noteStackChanges(stack)
        } else {
            window.layoutIfNeeded()
        }
        // The stack is in hand: its damage is checked on it rather than on a second `stackedWindows`.
        let pending = stack.map { !stackDamage.isEmpty || $0.contains { !$0.damage.isEmpty } } ?? !window.damage.isEmpty
        guard !window.isHidden || (stack?.count ?? 1) > 1, pending, output.isReadyForFrame else { return false }
        let damage = stack.map(takeDamage) ?? window.takeDamage()
        // Only covered windows (or the outside of the output) changed: nothing to draw.
        guard !damage.isEmpty else { return false }
        guard let (target, repaint) = output.beginFrame(damage: damage) else {
            if stack != nil { stackDamage.formUnion(damage) } else { for rect in damage.rects { window.addDamage(rect) } }
            return false
        }
        let start = MonotonicClock.currentTime()
        if let stack {
            renderer.render(stack: stack, output: window, into: target, repaint: repaint, overlays: latencyOverlay.map { [$0] } ?? [])
        } else if let overlay = latencyOverlay {
            renderer.render(window, into: target, repaint: repaint, overlays: [overlay])
        } else {
            renderer.render(window, into: target, repaint: repaint)
        }
        lastFrameDuration = MonotonicClock.currentTime() - start
        output.endFrame(repainted: repaint)
        presentedFrames += 1
        if let overlay = latencyOverlay {
            // A frame that only refreshed the overlay is not a figure of the app's: counting it
            // would make the overlay stale again and redraw it forever.
            let overlayOnly = damage.rects.allSatisfy { overlay.frame.contains($0) }
            overlay.monitor.recordFrame(lastFrameDuration, answersInput: !overlayOnly)
            if repaint.rects.contains(where: { $0.intersects(overlay.frame) }) { lastOverlayDraw = application.clock.now }
        }
        didPresent?(repaint)
        return true
    }

    /// The overlay's bookkeeping at the end of each update: a presentation the output reported
    /// is passed to the monitor, and when the figures changed one timer is armed to damage the
    /// overlay's rectangle `refreshInterval` after it was last drawn (at once if that is past) —
    /// a timer, not damage alone, so the main loop wakes up to draw it. A burst of input thus
    /// redraws the corner a few times a second, and once it shows the latest figures nothing is
    /// armed: an idle kiosk still sleeps.
    private func noteOverlayFigures(_ overlay: LatencyOverlayView, _ application: Application) {
        let presented = output.lastPresentationTime
        overlay.outputReportsPresentation = presented != nil
        if let presented, presented != seenPresentationTime {
            seenPresentationTime = presented
            overlay.monitor.recordPresentation(at: presented)
        }
        guard overlay.isStale, overlayTimer == nil else { return }
        let due = max(application.clock.now, lastOverlayDraw + overlay.refreshInterval)
        overlayTimer = application.timers.schedule(at: due) { [weak self] _ in
            guard let self else { return }
            overlayTimer = nil
            if let overlay = latencyOverlay { addDamage(for: overlay) }
        }
    }
    /// When the overlay was last drawn (the application's clock).
    private var lastOverlayDraw = -Double.infinity

    /// Whether a redraw of the latency overlay is armed (headless hosts step to it before they
    /// finish, so the session ends with nothing pending).
    public var isOverlayRefreshScheduled: Bool { overlayTimer != nil }

    /// Keeps the overlay in its corner of the window as the window resizes or the corner changes.
    private func placeOverlay(_ overlay: LatencyOverlayView) {
        let frame = LatencyOverlayView.frame(in: window.bounds.size, corner: overlay.corner)
            .offsetBy(dx: window.bounds.minX, dy: window.bounds.minY)
        guard overlay.frame != frame else { return }
        addDamage(for: overlay)
        overlay.frame = frame
        addDamage(for: overlay)
    }

    /// Damages the overlay's rectangle (its frame is in the window's bounds coordinates).
    private func addDamage(for overlay: LatencyOverlayView) { window.addDamage(overlay.frame) }

    /// While animations run and no frame is in flight (the output would then call
    /// `onFrameReady` by itself), arms one timer for the next frame: its only job is to wake the
    /// main loop, whose end-of-wake-up hook (the host's) calls `update()`. Disarms it once
    /// nothing runs, so an idle kiosk has no wake-ups at all.
    private func scheduleAnimationFrame(_ animator: Animator, _ application: Application) {
        guard animator.isRunning, !window.isHidden, let interval = output.animationFrameInterval,
            interval > 0, interval.isFinite
        else {
            frameTimer?.cancel()
            frameTimer = nil
            return
        }
        guard output.isReadyForFrame, frameTimer == nil else { return }
        frameTimer = application.timers.schedule(at: application.clock.now + interval) { [weak self] _ in
            self?.frameTimer = nil
        }
    }

    /// The window takes the output's size (a compositor's configure, a rotated panel), and so do
    /// the scene's other windows that filled the screen.
    private func followOutputSize() {
        let size = output.size
        guard size.width > 0, size.height > 0, window.bounds.size != size else { return }
        let screen = Rect(origin: .zero, size: size)
        window.frame = Rect(origin: window.frame.origin, size: size)
        guard let scene = window.windowScene else { return }
        let old = scene.screenBounds
        for other in scene.windows where other !== window && other.frame == old { other.frame = screen }
        scene.screenBounds = screen
    }

    // MARK: The windows stacked with the output's

    /// What the output shows, back to front: the shown windows of the presenter's scene
    /// (`WindowScene.stackedWindows`: by `windowLevel`, the last shown in front), each at its
    /// frame, with the presenter's window at its place among them (even while hidden: the output
    /// is its). Windows below it show where it paints nothing; when it paints all of itself
    /// opaquely they are covered, and the renderer does not draw them.
    /// - Complexity: O(1) for a scene of one window; else O(w log w).
    public var stackedWindows: [Window] {
        guard let scene = window.windowScene, scene.windows.count > 1 else { return [window] }
        var stack = scene.stackedWindows
        if !stack.contains(where: { $0 === window }) {
            stack.insert(window, at: stack.firstIndex { $0.isStacked(above: window) } ?? stack.count)
        }
        return stack
    }

    /// Damage in output points not yet drawn: windows shown, hidden, moved or restacked beside the
    /// output's window, and the damage of a frame the output had no buffer for.
    private var stackDamage = DamageRegion()
    /// Each window drawn below or over the output's window at the last update, with its rectangle
    /// in output points and which side of the output's window it was on, back to front.
    private var drawnLayers: [Layer] = []
    private struct Layer: Equatable {
        let window: ObjectIdentifier
        let rect: Rect
        let isAbove: Bool
    }

    /// Whether the window's scene has other windows (which may be shown over it).
    private var hasOtherWindows: Bool { (window.windowScene?.windows.count ?? 0) > 1 }

    /// Whether anything is waiting to be drawn: any stacked window's damage or the stack's own.
    /// - Complexity: O(1) for a scene of one window; else O(w log w).
    public var hasPendingDamage: Bool {
        if !stackDamage.isEmpty || !window.damage.isEmpty { return true }
        return hasOtherWindows && stackedWindows.contains { !$0.damage.isEmpty }
    }

    /// Where `other`'s bounds coordinates sit in output points: its frame relative to the output
    /// window's, less its bounds origin (the output's window itself: less its bounds origin).
    private func offset(of other: Window) -> Point {
        let b = other.bounds.origin
        if other === window { return Point(x: -b.x, y: -b.y) }
        return Point(x: other.frame.minX - window.frame.minX - b.x, y: other.frame.minY - window.frame.minY - b.y)
    }

    /// Damages, in output points, where the windows below and over the output's changed since the
    /// last update: a window shown, hidden, moved, resized or restacked (across the output's
    /// window too) repaints what it covered and what it covers.
    private func noteStackChanges(_ stack: [Window]) {
        var layers: [Layer] = []
        var isAbove = false
        for other in stack {
            if other === window {
                isAbove = true
                continue
            }
            let o = offset(of: other)
            layers.append(Layer(window: ObjectIdentifier(other), rect: other.bounds.offsetBy(dx: o.x, dy: o.y), isAbove: isAbove))
        }
        guard layers != drawnLayers else { return }
        for old in drawnLayers where !layers.contains(old) { stackDamage.add(old.rect) }
        for new in layers where !drawnLayers.contains(new) { stackDamage.add(new.rect) }
        // Windows on both lists that changed order (restacked): each covers the other anew.
        let kept = Set(layers.map(\.window)).intersection(drawnLayers.map(\.window))
        if layers.map(\.window).filter(kept.contains) != drawnLayers.map(\.window).filter(kept.contains) {
            for layer in layers where kept.contains(layer.window) { stackDamage.add(layer.rect) }
        }
        drawnLayers = layers
    }

    /// Takes every stacked window's damage, in output points, with the stack's own. The damage of
    /// windows below an output window that paints all of itself opaquely is dropped: they are
    /// covered (a change of the output window's background or alpha damages all of it anyway).
    private func takeDamage(_ stack: [Window]) -> DamageRegion {
        var damage = stackDamage
        stackDamage.removeAll()
        var covered = Renderer.isOpaquelyFilled(window)
        for other in stack {
            if other === window { covered = false }
            var taken = other.takeDamage()
            if covered { continue }
            let o = offset(of: other)
            taken.translate(dx: o.x, dy: o.y)
            damage.formUnion(taken)
        }
        damage.clip(to: Rect(origin: .zero, size: window.bounds.size))
        return damage
    }

    /// What the output shows now, drawn into a new image: the stacked windows (the output's
    /// window alone when nothing is stacked over it; `Window.snapshot` draws one window).
    /// - Complexity: O(views + pixels).
    public func snapshot(scale: Double = 1) -> Image {
        let stack = stackedWindows
        return stack.count == 1 ? Renderer.snapshot(window, scale: scale) : Renderer.snapshot(stack: stack, output: window, scale: scale)
    }
}
