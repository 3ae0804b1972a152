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
        idle.add(handler)
        return handler
    }

    /// How many of the pending `timers` belong to armed idle handlers (`InputDriver.isClean`
    /// leaves those out).
    public var armedIdleHandlerCount: Int { idle.armedHandlerCount }

    /// Calls `observer` with the new value whenever `isIdleTimerDisabled` changes (the Wayland
    /// backend holds a `zwp_idle_inhibitor_v1` on its surfaces while it is true).
    public func addIdleTimerObserver(_ observer: @escaping @MainActor (Bool) -> Void) {
        idle.addIdleTimerObserver(observer)
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
        case .touchCancel, .pointerLeave, .keyboardLeave, .deviceAdded, .deviceRemoved, .switchToggled:
            return false
        }
    }
}
