/// How touches reach gesture recognizers before views, and what happens when one wins. The rule in
/// one sentence: the first recognizer to recognize wins its touches; every other recognizer still
/// possible on them fails unless either allows simultaneous recognition, and views lose the touches
/// when the winner `cancelsTouchesInView`.
@MainActor
enum GestureArena {
    /// The enabled recognizers of `view` and its ancestors (deepest first) that accept `touch`.
    static func recognizers(for view: View?, touch: Touch) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        var current = view
        while let v = current {
            if let list = v.gestureRecognizers {
                for recognizer in list where recognizer.isEnabled && recognizer.state != .failed {
                    if recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) == false { continue }
                    result.append(recognizer)
                }
            }
            current = v.superview
        }
        return result
    }

    /// Gives the frame's changed touches to their recognizers, phase by phase, then removes the
    /// view's delivery of touches whose winning recognizer cancels touches in view.
    static func deliver(_ touches: [Touch], frame: UInt64, event: Event) {
        var anyRecognizers = false
        for touch in touches where !touch.gestureRecognizers.isEmpty { anyRecognizers = true; break }
        guard anyRecognizers else { return }
        for touch in touches where touch.changedInFrame == frame && !touch.isBlocked {
            let single: Set<Touch> = [touch]
            for recognizer in touch.gestureRecognizers where recognizer.isEnabled {
                switch touch.phase {
                case .began:
                    recognizer.trackedTouches.append(touch)
                    guard recognizer.state == .possible else { continue }
                    recognizer.touchesBegan(single, with: event)
                case .moved:
                    guard isActive(recognizer) else { continue }
                    recognizer.touchesMoved(single, with: event)
                case .ended:
                    guard isActive(recognizer) else { continue }
                    recognizer.touchesEnded(single, with: event)
                case .cancelled:
                    guard isActive(recognizer) else { continue }
                    recognizer.touchesCancelled(single, with: event)
                case .stationary: break
                }
            }
        }
        for touch in touches where touch.deliversToView {
            for recognizer in touch.gestureRecognizers where recognizer.cancelsTouchesInView {
                if recognizer.state == .began || recognizer.state == .changed || recognizer.state == .ended {
                    touch.window?.touchRouter.cancelViewDelivery(of: touch, event: event)
                    break
                }
            }
        }
    }

    private static func isActive(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.state == .possible || recognizer.state == .began || recognizer.state == .changed
    }

    /// A recognizer recognized: recognizers still possible on the same touches fail unless
    /// simultaneous recognition is allowed by either delegate.
    static func didRecognize(_ winner: GestureRecognizer) {
        for touch in winner.trackedTouches {
            for other in touch.gestureRecognizers where other !== winner && other.state == .possible {
                let allowed = winner.delegate?.gestureRecognizer(winner, shouldRecognizeSimultaneouslyWith: other) == true
                    || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: winner) == true
                if !allowed { other.state = .failed }
            }
        }
    }
}
