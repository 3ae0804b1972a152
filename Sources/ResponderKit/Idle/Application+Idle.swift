extension Application {
    /// Runs `body` after `seconds` without input (touch, pointer, scroll, key, motion or remote
    /// control; device hot-plug and focus leaves do not count), once per idle stretch; any input
    /// re-arms it. UIKit has no such API (apps use `UIApplication.isIdleTimerDisabled` and their
    /// own timers); a kiosk needs one, so it is a small token API in the style of `Timer`: keep
    /// the returned handler, `cancel()` it to stop.
    ///
    ///     let reset = application.addIdleHandler(after: 90) { navigation.popToRootViewController(animated: false) }
    ///
    /// The idle stretch starts now and restarts at each input. `seconds` must be positive and
    /// finite; anything else is a programming error and traps.
    /// - Complexity: O(1) per input event while armed (a store); one timer wake-up per timeout.
    @discardableResult
    public func addIdleHandler(after seconds: Double, _ body: @escaping @MainActor () -> Void) -> IdleHandler {
        precondition(seconds > 0 && seconds.isFinite, "addIdleHandler(after:) needs a positive, finite number of seconds")
        let handler = IdleHandler(application: self, timeout: seconds, body: body)
        idleHandlers.append(handler)
        return handler
    }

    /// How many of the pending `timers` belong to armed idle handlers (`InputDriver.isClean`
    /// leaves those out).
    public var armedIdleHandlerCount: Int {
        var count = 0
        for handler in idleHandlers where handler.isArmed { count += 1 }
        return count
    }

    func removeIdleHandler(_ handler: IdleHandler) {
        if handler.hasFired { idleHandlersWaiting -= 1 }
        idleHandlers.removeAll { $0 === handler }
    }

    func idleHandlerFired() { idleHandlersWaiting += 1 }

    /// Calls `observer` with the new value whenever `isIdleTimerDisabled` changes (the Wayland
    /// backend holds a `zwp_idle_inhibitor_v1` on its surfaces while it is true).
    public func addIdleTimerObserver(_ observer: @escaping @MainActor (Bool) -> Void) {
        idleTimerObservers.append(observer)
    }

    /// `isIdleTimerDisabled` changed: the screen blanker wakes or restarts its stretch, then the
    /// observers hear of it.
    func idleTimerDisabledChanged() {
        let disabled = isIdleTimerDisabled
        screenBlanker?.idleTimerDisabledChanged(disabled)
        for observer in idleTimerObservers { observer(disabled) }
    }

    /// Notes user activity for the idle handlers: stores the time and re-arms the handlers that ran
    /// (only those schedule a timer). Called by `handle(_:)` for every event, before the screen
    /// blanker and routing, so the touch that wakes a blanked screen counts as activity too.
    /// - Complexity: O(1) and no allocation unless a handler ran since the last input.
    func noteInputActivity(_ input: InputEvent) {
        guard !idleHandlers.isEmpty, input.kind.isUserActivity else { return }
        let now = clock.now
        lastInputTime = now
        guard idleHandlersWaiting > 0 else { return }
        idleHandlersWaiting = 0
        for handler in idleHandlers { handler.rearm(at: now) }
    }
}

extension InputEvent.Kind {
    /// Whether this is someone using the device (what idle handlers and the screen blanker count):
    /// touches, pointer, scroll, keys, motion, remote control and an input method's text. Hot-plug, focus leaves and
    /// cancellations are the system's doing.
    var isUserActivity: Bool {
        switch self {
        case .touchDown, .touchMotion, .touchUp, .touchFrame, .pointerMotion, .pointerButton, .scroll,
            .key, .modifiers, .motion, .remoteControl, .touchpadGesture, .textInput:
            return true
        case .touchCancel, .pointerLeave, .keyboardLeave, .deviceAdded, .deviceRemoved:
            return false
        }
    }
}
