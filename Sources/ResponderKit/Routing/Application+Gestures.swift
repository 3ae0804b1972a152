/// How gesture work outside a frame's delivery reaches the arena and the views: a recognizer's
/// timer, the app disabling or removing a recognizer, a subclass setting `state` between events,
/// views leaving a window. Each is one pass — run the change, let the arena settle, apply its
/// decisions — the same sequence a touch frame runs (see `TouchDelivery.deliver`).
extension Application {
    /// Runs `body` as one gesture pass. Inside another pass (a delivery, a timer) it only runs
    /// `body`: the enclosing pass settles what it changed.
    func updateGestures(_ body: () -> Void) {
        let arena = gestureArena!
        if arena.depth > 0 {
            body()
            return
        }
        arena.depth += 1
        defer { arena.depth -= 1 }
        body()
        runGestureRounds()
    }

    /// Settles a request that arrived outside any pass.
    func settleGestures() { updateGestures {} }

    /// Settles the arena and applies its decisions until nothing is left: applying calls views,
    /// whose handlers may change recognizers again. Runs inside a pass (`arena.depth > 0`).
    func runGestureRounds() {
        let arena = gestureArena!
        var rounds = 0
        repeat {
            arena.settle()
            apply(arena.takeDecisions())
            rounds += 1
        } while arena.hasWork && rounds < 100
        if arena.hasWork {
            ResponderDiagnostics.report(.gesture("handlers kept changing recognizers while their decisions were applied; the rest waits for the next event"))
        }
    }

    /// The arena's decisions reach the views: taken touches end with `touchesCancelled` (or
    /// nothing), and windows where a recognizer decided deliver what it was delaying.
    func apply(_ decisions: GestureDecisions) {
        guard !decisions.isEmpty else { return }
        for touch in decisions.takenTouches { touch.window?.touchDelivery.take(touch) }
        for recognizer in decisions.takers { recognizer.inputWindow?.touchDelivery.takeHeld(of: recognizer) }
        for window in decisions.windows { window.touchDelivery.flush() }
    }

    // MARK: Views and windows going away

    /// Views left `window`: recognizers on them are abandoned first (so a recognizer waiting for
    /// one of them proceeds, and decides about the touches it held), then touches on them are
    /// cancelled (now, or after the delivery in progress) and held touches on them settled.
    func viewsDidLeave(_ window: Window) {
        gestureArena.noteHierarchyChanged()
        if window.touchDelivery.isDelivering || window.touchRouter.hasStagedChanges {
            window.touchRouter.detachedCheckPending = true
        } else {
            cancelDetachedTouches(in: window, time: clock.now)
        }
    }

    func cancelDetachedTouches(in window: Window, time: Double) {
        let router = window.touchRouter
        router.detachedCheckPending = false
        let orphans = router.touchesOnDetachedViews()
        if !orphans.isEmpty {
            commitTouchFrame(window, time: time)
            for touch in orphans where router.open[touch.identifier] === touch {
                stageTouch(window, touch.identifier, .cancel, time: time, collect: false)
                router.markCancelledByCore(touch.identifier)
            }
            commitTouchFrame(window, time: time)
        }
        window.touchDelivery.releaseDetachedHeld()
    }

    /// Cancels every open touch of `window` (a window closing, its scene disconnecting).
    func cancelAllTouches(in window: Window, time: Double) {
        let router = window.touchRouter
        let hasTouches = router.hasOpenTouches || router.hasStagedChanges
        // A handler closed the window during one of its frames: that frame is finished first —
        // the handler may still forward it along `next` — and then its touches are cancelled
        // (`commitTouchFrame` ends with it), as UIKit cancels after the event, never inside it.
        if hasTouches, window.touchDelivery.isDelivering {
            router.cancelAllPending = true
            return
        }
        router.cancelAllPending = false
        guard hasTouches else { return }
        commitTouchFrame(window, time: time)
        for touch in router.openTouches where !touch.isFinishing {
            stageTouch(window, touch.identifier, .cancel, time: time, collect: false)
            router.markCancelledByCore(touch.identifier)
        }
        commitTouchFrame(window, time: time)
    }

    /// Cancels the open touches of one device in `window` (the device cancelled or went away).
    func cancelTouches(of device: InputDeviceID, in window: Window, time: Double) {
        let router = window.touchRouter
        commitTouchFrame(window, time: time)
        for touch in router.openTouches where touch.identifier.device == device && !touch.isFinishing {
            stageTouch(window, touch.identifier, .cancel, time: time, collect: false)
        }
        commitTouchFrame(window, time: time)
    }
}
