/// When the application is idle and what that does: the idle handlers (`addIdleHandler(after:_:)`)
/// and the time of the last user input they measure from, the screen blanker, and whether the
/// screen must stay awake (`isIdleTimerDisabled`, with its observers). The application owns one and
/// tells it of every input event before routing (`noteInputActivity`); its public API forwards here.
@MainActor
final class IdleController {
    /// The handlers added and not cancelled, in the order they were added. Read per routed event
    /// (`noteInputActivity`), so it skips Swift's dynamic exclusivity check (~150 instructions a
    /// move with it, callgrind on `hitbench --dispatch-only`). Invariant: main actor only (the
    /// class is `@MainActor`) and never accessed overlappingly — re-arming iterates over a copy.
    @exclusivity(unchecked) private(set) var handlers: [IdleHandler] = []
    /// How many of them ran and wait for input to re-arm.
    private var handlersWaiting = 0
    /// When the last user input arrived, in seconds of the application's clock (−∞ before any).
    private(set) var lastInputTime: Double = -.infinity
    /// The host's screen blanker (nil when the screen never blanks). Read per routed event, so it
    /// skips the exclusivity check like `handlers` (same invariant: main actor, plain loads and
    /// stores).
    @exclusivity(unchecked) var screenBlanker: ScreenBlanker?
    /// Keeps the screen awake while true (`Application.isIdleTimerDisabled`).
    private(set) var isIdleTimerDisabled = false
    /// Observers of `isIdleTimerDisabled` (`Application.addIdleTimerObserver`).
    private var idleTimerObservers: [@MainActor (Bool) -> Void] = []

    func add(_ handler: IdleHandler) { handlers.append(handler) }

    func remove(_ handler: IdleHandler) {
        if handler.hasFired { handlersWaiting -= 1 }
        handlers.removeAll { $0 === handler }
    }

    func handlerFired() { handlersWaiting += 1 }

    /// How many handlers have a timer pending.
    var armedHandlerCount: Int {
        var count = 0
        for handler in handlers where handler.isArmed { count += 1 }
        return count
    }

    func addIdleTimerObserver(_ observer: @escaping @MainActor (Bool) -> Void) { idleTimerObservers.append(observer) }

    /// Sets `isIdleTimerDisabled`; on a change the screen blanker wakes or restarts its stretch,
    /// then the observers hear of it.
    func setIdleTimerDisabled(_ disabled: Bool) {
        guard disabled != isIdleTimerDisabled else { return }
        isIdleTimerDisabled = disabled
        screenBlanker?.idleTimerDisabledChanged(disabled)
        for observer in idleTimerObservers { observer(disabled) }
    }

    /// Notes user activity for the idle handlers: stores the time and re-arms the handlers that ran
    /// (only those schedule a timer). Called for every event before the screen blanker and
    /// routing, so the touch that wakes a blanked screen counts as activity too.
    /// - Complexity: O(1) and no allocation unless a handler ran since the last input.
    func noteInputActivity(_ input: InputEvent, now: () -> Double) {
        guard !handlers.isEmpty, input.kind.isUserActivity else { return }
        let time = now()
        lastInputTime = time
        guard handlersWaiting > 0 else { return }
        handlersWaiting = 0
        for handler in handlers { handler.rearm(at: time) }
    }
}
