/// Views and windows going away: their recognizers are abandoned and their touches cancelled, as
/// the touch table and the gesture arena (`GestureArena+Passes.swift`) require.
extension Application {
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
