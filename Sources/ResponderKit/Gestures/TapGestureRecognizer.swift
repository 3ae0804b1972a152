/// Recognizes taps (UIKit's `UITapGestureRecognizer`): `numberOfTouchesRequired` fingers down and up
/// `numberOfTapsRequired` times, each finger moving at most `allowableMovement` points. It decides on
/// touch-up from the touches' `tapCount`, so it needs no timer.
@MainActor
open class TapGestureRecognizer: GestureRecognizer {
    public var numberOfTapsRequired = 1
    public var numberOfTouchesRequired = 1
    public var allowableMovement: Double = 10

    private var downLocations: [ObjectIdentifier: Point] = [:]
    private var maxTouches = 0

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches { downLocations[ObjectIdentifier(touch)] = touch.location(in: nil) }
        maxTouches = max(maxTouches, trackedTouches.count)
        if maxTouches > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        for touch in touches {
            if let start = downLocations[ObjectIdentifier(touch)],
               touch.location(in: nil).distance(to: start) > allowableMovement { state = .failed }
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        let remaining = trackedTouches.filter { !touches.contains($0) && $0.phase != .ended }
        guard remaining.isEmpty else { return }
        let taps = touches.map(\.tapCount).max() ?? 1
        if maxTouches == numberOfTouchesRequired && taps >= numberOfTapsRequired {
            state = .ended
        }
    }

    open override func reset() {
        downLocations.removeAll()
        maxTouches = 0
    }
}
