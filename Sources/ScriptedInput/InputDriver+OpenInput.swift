import ResponderKit

extension InputDriver {
    /// The touch ids this driver put down and never lifted or cancelled, in the order they went
    /// down: what a script forgot to end.
    /// - Complexity: O(injected events).
    public var touchesLeftDown: [Int] {
        var open: [Int] = []
        for event in injected {
            switch event.kind {
            case let .touchDown(slot, _, _): if !open.contains(slot) { open.append(slot) }
            case let .touchUp(slot): open.removeAll { $0 == slot }
            case let .touchCancel(slot):
                if let slot { open.removeAll { $0 == slot } } else { open.removeAll() }
            default: break
            }
        }
        return open
    }

    /// Why the run is not clean, as a sentence naming what was left open (touches still down,
    /// timers still pending, other input); nil when `isClean`.
    /// - Complexity: O(injected events).
    public var uncleanReason: String? {
        guard !isClean else { return nil }
        var reasons: [String] = []
        let touches = touchesLeftDown
        if !touches.isEmpty {
            let ids = touches.map(String.init).joined(separator: ", ")
            reasons.append(
                touches.count == 1
                    ? "touch \(ids) is still down (end it with 'touch-up \(ids)')"
                    : "\(touches.count) touches are still down: \(ids) (end each with 'touch-up ID')")
        }
        let timers = application.timers.count - application.armedIdleHandlerCount
        if timers > 0 {
            reasons.append("\(timers) timer(s) still pending (a gesture or animation waits: end with 'settle')")
        }
        if reasons.isEmpty || (touches.isEmpty && application.hasOpenInput) {
            reasons.append("a key, button or gesture is still held")
        }
        return reasons.joined(separator: "; ")
    }
}
