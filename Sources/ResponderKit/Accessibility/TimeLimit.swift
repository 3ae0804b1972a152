/// A time limit the user can extend (EN 301 549 §7.1.3 / WCAG 2.2.1 "Timing adjustable"): a
/// payment step, a session. Made by `Application.scheduleTimeLimit(_:warningBefore:onExpiry:)`.
///
/// `warningBefore` seconds before the end it warns through more than one sense: it speaks
/// ("30 seconds left, double-tap to extend" while the screen reader runs, "… tap to extend"
/// otherwise) at `important` priority, through the application's speech synthesizer even when
/// the reader is off, and shows the same words in a banner at the top of the key window
/// (`TimeLimitWarningView`). Tapping the banner, double-tapping it with the reader, or calling
/// `extend()` starts the limit over. Timers run on the application's clock.
@MainActor
public final class TimeLimit {
    /// The limit, in seconds from the start or the last extension.
    public let duration: Double
    /// How many seconds before the end the warning comes.
    public let warningTime: Double
    /// When the limit ends, in seconds of the application's clock.
    public private(set) var deadline: Double
    /// Whether the warning is showing.
    public private(set) var isWarning = false
    /// Whether the limit ran out (its `onExpiry` ran).
    public private(set) var isExpired = false
    /// Whether `cancel()` was called.
    public private(set) var isCancelled = false
    /// How many times the user extended it.
    public private(set) var extensionCount = 0
    /// The banner while the warning shows.
    public private(set) var warningView: TimeLimitWarningView?

    private unowned let application: Application
    private let onExpiry: @MainActor () -> Void
    private var timer: TimerQueue.Timer?
    /// Asked at the end whether to expire; the idle reset says no when input came meanwhile.
    var shouldExpire: @MainActor () -> Bool = { true }

    init(application: Application, duration: Double, warningTime: Double, onExpiry: @escaping @MainActor () -> Void) {
        self.application = application
        self.duration = duration
        self.warningTime = min(warningTime, duration)
        self.onExpiry = onExpiry
        self.deadline = application.clock.now + duration
        armWarning()
    }

    /// The words of the warning, as spoken and shown.
    public var warningText: String {
        let seconds = Int(warningTime.rounded())
        let left = seconds == 1 ? "1 second left" : "\(seconds) seconds left"
        return application.screenReader.isRunning ? "\(left), double-tap to extend" : "\(left), tap to extend"
    }

    /// Starts the limit over (the user asked for more time): the banner goes, "Time extended" is
    /// spoken, and the warning comes again `warningTime` before the new end.
    public func extend() {
        guard !isExpired, !isCancelled else { return }
        extensionCount += 1
        let wasWarning = isWarning
        hideWarning()
        deadline = application.clock.now + duration
        armWarning()
        if wasWarning { application.screenReader.announce("Time extended", priority: .important) }
    }

    /// Stops it for good: no warning, no expiry.
    public func cancel() {
        isCancelled = true
        timer?.cancel()
        timer = nil
        hideWarning()
    }

    /// Input came while warning (the idle reset): hides the warning and waits again.
    func dismissWarning(restartingAt time: Double) {
        hideWarning()
        timer?.cancel()
        deadline = time + duration
        armWarning()
    }

    private func armWarning() {
        timer?.cancel()
        let warnAt = deadline - warningTime
        timer = application.timers.schedule(at: warnAt) { [unowned self] _ in self.warn() }
    }

    private func warn() {
        timer = nil
        guard !isCancelled else { return }
        isWarning = true
        application.screenReader.announce(warningText, priority: .important)
        if let window = application.keyWindow {
            let banner = TimeLimitWarningView(timeLimit: self, text: warningText)
            let height = 72.0
            banner.frame = Rect(x: 0, y: 0, width: window.bounds.width, height: height)
            window.addSubview(banner)
            warningView = banner
            if application.screenReader.isRunning { application.screenReader.focus(banner) }
        }
        timer = application.timers.schedule(at: deadline) { [unowned self] _ in self.end() }
    }

    private func end() {
        timer = nil
        guard !isCancelled else { return }
        hideWarning()
        guard shouldExpire() else { return }
        isExpired = true
        onExpiry()
    }

    private func hideWarning() {
        isWarning = false
        warningView?.removeFromSuperview()
        warningView = nil
    }
}

extension Application {
    /// Starts a time limit of `seconds` that warns `warningBefore` seconds before its end (by
    /// speech and on screen) and runs `onExpiry` when it runs out unextended. Keep the returned
    /// `TimeLimit`; `extend()` it when the user asks, `cancel()` it when the step is done.
    /// `seconds` must be positive and finite (a programming error traps, as `addIdleHandler`).
    @discardableResult
    public func scheduleTimeLimit(
        _ seconds: Double, warningBefore: Double = 30, onExpiry: @escaping @MainActor () -> Void
    ) -> TimeLimit {
        precondition(seconds > 0 && seconds.isFinite, "scheduleTimeLimit needs a positive, finite number of seconds")
        precondition(warningBefore >= 0 && warningBefore.isFinite, "warningBefore must be a finite number of seconds ≥ 0")
        return TimeLimit(application: self, duration: seconds, warningTime: warningBefore, onExpiry: onExpiry)
    }

    /// An idle reset that warns first: after `seconds − warningBefore` without input the time
    /// limit's warning shows and is spoken ("30 seconds left, tap to extend"); any input (the tap
    /// on the banner, a reader's double-tap) extends it, and `body` runs only when the whole
    /// `seconds` pass without input. Returns the idle handler behind it; `cancel()` it to stop.
    @discardableResult
    public func addIdleHandler(
        after seconds: Double, warningBefore: Double, _ body: @escaping @MainActor () -> Void
    ) -> IdleHandler {
        precondition(warningBefore > 0 && warningBefore < seconds, "warningBefore must be positive and below the idle time")
        var limit: TimeLimit?
        let handler = addIdleHandler(after: seconds - warningBefore) { [unowned self] in
            limit?.cancel()
            let shownAt = clock.now
            let warning = TimeLimit(application: self, duration: warningBefore, warningTime: warningBefore, onExpiry: body)
            warning.shouldExpire = { [unowned self] in lastInputTime <= shownAt }
            limit = warning
        }
        handler.onRearm = {
            limit?.cancel()
            limit = nil
        }
        return handler
    }
}
