/// A callback that runs after a stretch without input: a kiosk's "idle reset" (back to the home
/// screen, forms cleared) or a host's screen blanking. Made by `Application.addIdleHandler(after:_:)`;
/// kept by the application until `cancel()`.
///
/// It runs at most once per idle stretch: after it ran, the next input re-arms it. It waits on the
/// application's `TimerQueue` (`Application.timers`, time from `Application.clock`), so tests drive
/// it with `InputDriver.advance(by:)`.
///
/// Why lazily: input must not touch the timer queue. Each input event only stores the time
/// (`Application.lastInputTime`); when the timer fires it compares that time with the timeout and,
/// if input came since, schedules itself again for the time that is left. So a busy screen costs
/// one timer wake-up per timeout, not a cancel and a schedule per event — and no allocation on the
/// input path.
///
/// `InputDriver.isClean` does not count an armed idle handler: it is standing configuration (like
/// the app's home screen), not something input left open. `Application.armedIdleHandlerCount`
/// says how many of the pending timers are idle handlers.
@MainActor
public final class IdleHandler {
    /// Seconds without input before `body` runs.
    public let timeout: Double
    private let body: @MainActor () -> Void
    private unowned let application: Application
    /// The pending timer while armed; nil after it ran (waiting for input) or once cancelled.
    private var timer: TimerQueue.Timer?
    /// The start of the idle stretch it measures: when it was added or re-armed.
    private var armedAt: Double
    /// True after `body` ran, until input re-arms it.
    public private(set) var hasFired = false
    /// Runs when input re-arms it after it ran (a warning's idle reset hides its banner).
    var onRearm: (@MainActor () -> Void)?
    /// True once `cancel()` was called.
    public private(set) var isCancelled = false

    init(application: Application, timeout: Double, body: @escaping @MainActor () -> Void) {
        self.application = application
        self.timeout = timeout
        self.body = body
        self.armedAt = application.clock.now
        schedule(at: armedAt + timeout)
    }

    /// Whether its timer is pending (it counts in `Application.timers`).
    public var isArmed: Bool { timer != nil }

    /// Stops it for good: its timer is removed and it never runs again.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        timer?.cancel()
        timer = nil
        application.idle.remove(self)
    }

    /// Input came after `body` ran: a new idle stretch starts at `time`.
    func rearm(at time: Double) {
        guard hasFired, !isCancelled else { return }
        onRearm?()
        hasFired = false
        armedAt = time
        schedule(at: time + timeout)
    }

    private func schedule(at deadline: Double) {
        timer = application.timers.schedule(at: deadline) { [unowned self] _ in self.timerFired() }
    }

    /// The lazy check: run `body` when the timeout has passed since the later of the last input
    /// and the arming time, else wait for what is left.
    private func timerFired() {
        timer = nil
        guard !isCancelled else { return }
        let due = max(armedAt, application.lastInputTime) + timeout
        let now = application.clock.now
        if now < due {
            schedule(at: due)
            return
        }
        hasFired = true
        application.idle.handlerFired()
        body()
    }
}
