/// How gesture work outside a frame's delivery reaches the arena and the views: a recognizer's
/// timer, the app disabling or removing a recognizer, a subclass setting `state` between events,
/// views leaving a window, a pointer event's recognizers. Each is one pass — run the change, let
/// the arena settle, apply its decisions — the same sequence a touch frame runs (see
/// `TouchDelivery.deliver`). The arena owns its passes, so a window delivering a pointer event and
/// a recognizer's timer use the arena directly and nothing calls back into the application.
extension GestureArena {
    /// Runs `body` as one gesture pass. Inside another pass (a delivery, a timer) it only runs
    /// `body`: the enclosing pass settles what it changed.
    func pass(_ body: () -> Void) {
        if depth > 0 {
            body()
            return
        }
        depth += 1
        defer { depth -= 1 }
        body()
        runRounds()
    }

    /// Settles a request that arrived outside any pass.
    func settlePass() { pass {} }

    /// Settles the arena and applies its decisions until nothing is left: applying calls views,
    /// whose handlers may change recognizers again. Runs inside a pass (`depth > 0`).
    func runRounds() {
        var rounds = 0
        repeat {
            settle()
            apply(takeDecisions())
            rounds += 1
        } while hasWork && rounds < 100
        if hasWork {
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
}
