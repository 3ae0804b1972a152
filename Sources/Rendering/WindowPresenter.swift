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
    public let window: Window
    public let output: any Output
    public let renderer: Renderer
    /// Frames drawn and presented.
    public private(set) var presentedFrames = 0
    /// How long the last frame took to draw (seconds), for benchmarks and the latency overlay.
    public private(set) var lastFrameDuration: Double = 0
    /// Called after each presented frame with what was repainted.
    public var didPresent: (@MainActor (DamageRegion) -> Void)?
    /// The wake-up for the next animation frame, while one is armed.
    private var frameTimer: TimerQueue.Timer?

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
        window.layoutIfNeeded()
        guard !window.isHidden, !window.damage.isEmpty, output.isReadyForFrame else { return false }
        let damage = window.takeDamage()
        guard let (target, repaint) = output.beginFrame(damage: damage) else {
            for rect in damage.rects { window.addDamage(rect) }
            return false
        }
        let start = MonotonicClock().now
        renderer.render(window, into: target, repaint: repaint)
        lastFrameDuration = MonotonicClock().now - start
        output.endFrame(repainted: repaint)
        presentedFrames += 1
        didPresent?(repaint)
        return true
    }

    /// While animations run and no frame is in flight (the output would then call
    /// `onFrameReady` by itself), arms one timer for the next frame: its only job is to wake the
    /// main loop, whose end-of-wake-up hook (the host's) calls `update()`. Disarms it once
    /// nothing runs, so an idle kiosk has no wake-ups at all.
    private func scheduleAnimationFrame(_ animator: Animator, _ application: Application) {
        guard animator.isRunning, !window.isHidden, let interval = output.animationFrameInterval,
              interval > 0, interval.isFinite else {
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
