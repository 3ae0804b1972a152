import ResponderKit

/// A continuous recognizer (like a pan): begins after 12 points of movement, changes while its
/// touches move, ends when they all lift, fails if they lift before it began.
@MainActor
final class FuzzPanRecognizer: GestureRecognizer {
    private var starts: [ObjectIdentifier: Point] = [:]

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches { starts[ObjectIdentifier(touch)] = touch.location(in: nil) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        for touch in touches {
            guard let start = starts[ObjectIdentifier(touch)] else { continue }
            if state == .possible, touch.location(in: nil).distance(to: start) > 12 {
                state = .began
            } else if state == .began || state == .changed {
                state = .changed
            }
        }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        let lifted = trackedTouches.allSatisfy { touches.contains($0) || $0.phase == .ended || $0.phase == .cancelled }
        guard lifted else { return }
        if state == .began || state == .changed { state = .ended } else if state == .possible { state = .failed }
    }
    override func reset() { starts.removeAll() }
}
