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
        if let overlay = latencyOverlay { placeOverlay(overlay) }
        defer { if let overlay = latencyOverlay { noteOverlayFigures(overlay, application) } }
        window.layoutIfNeeded()
        guard !window.isHidden, !window.damage.isEmpty, output.isReadyForFrame else { return false }
        let damage = window.takeDamage()
        guard let (target, repaint) = output.beginFrame(damage: damage) else {
            for rect in damage.rects { window.addDamage(rect) }
            return false
        }
        let start = MonotonicClock.currentTime()
        if let overlay = latencyOverlay {
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

    /// Keeps the overlay in the window's top-right corner as the window resizes.
    private func placeOverlay(_ overlay: LatencyOverlayView) {
        let frame = LatencyOverlayView.frame(in: window.bounds.size).offsetBy(dx: window.bounds.minX, dy: window.bounds.minY)
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

    /// The window takes the output's size (a compositor's configure, a rotated panel).
    private func followOutputSize() {
        let size = output.size
        guard size.width > 0, size.height > 0, window.bounds.size != size else { return }
        window.frame = Rect(origin: window.frame.origin, size: size)
        window.windowScene?.screenBounds = Rect(origin: .zero, size: size)
    }
}
