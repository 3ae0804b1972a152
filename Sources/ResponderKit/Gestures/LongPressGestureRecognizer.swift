/// Recognizes a press held in place (UIKit's `UILongPressGestureRecognizer`), continuous: it begins
/// once `numberOfTouchesRequired` fingers stayed down for `minimumPressDuration` seconds without
/// moving more than `allowableMovement` points, changes as they move, and ends when a finger lifts.
/// With `numberOfTapsRequired` > 0 that many quick taps come first (each shorter than the press
/// duration, the next starting within `maximumIntervalBetweenSuccessiveTaps`). The duration runs
/// on the application's clock from the moment the last required finger went down.
@MainActor
open class LongPressGestureRecognizer: GestureRecognizer {
    /// Seconds the fingers must stay down.
    public var minimumPressDuration: Double = 0.5
    /// How far, in points, the fingers may move before the press fails.
    public var allowableMovement: Double = 10
    /// Taps before the press (0: the press itself; 1: tap, then press and hold).
    public var numberOfTapsRequired = 0
    /// How many fingers must press.
    public var numberOfTouchesRequired = 1
    /// How long (seconds) after a preliminary tap ends the next touch must start.
    public var maximumIntervalBetweenSuccessiveTaps: Double = 0.35

    private var tapsCompleted = 0
    private var contactInProgress = false
    private var touchesInContact = 0
    private var downLocations: [ObjectIdentifier: Point] = [:]

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else {
            // A gesture in progress takes no extra fingers.
            for touch in touches { ignore(touch, for: event) }
            return
        }
        if !contactInProgress {
            contactInProgress = true
            touchesInContact = 0
            cancelTimers()
        }
        for touch in touches { downLocations[ObjectIdentifier(touch)] = touch.locationInWindow }
        touchesInContact += touches.count
        if touchesInContact > numberOfTouchesRequired { return state = .failed }
        guard touchesInContact == numberOfTouchesRequired else { return }
        if tapsCompleted == numberOfTapsRequired {
            schedule(at: event.timestamp + minimumPressDuration) { recognizer in
                if recognizer.state == .possible { recognizer.state = .began }
            }
        } else {
            // A preliminary tap held as long as a press is no tap.
            schedule(at: event.timestamp + minimumPressDuration) { $0.state = .failed }
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .possible:
            for touch in touches {
                if let start = downLocations[ObjectIdentifier(touch)],
                    touch.locationInWindow.distance(to: start) > allowableMovement
                {
                    return state = .failed
                }
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .began, .changed:
            state = .ended
        case .possible:
            let stillDown = trackedTouches.contains { !touches.contains($0) && $0.phase != .ended }
            guard tapsCompleted < numberOfTapsRequired, touchesInContact == numberOfTouchesRequired else {
                return state = .failed  // lifted before the press duration
            }
            guard !stillDown else { return }
            tapsCompleted += 1
            contactInProgress = false
            cancelTimers()
            schedule(at: event.timestamp + maximumIntervalBetweenSuccessiveTaps) { $0.state = .failed }
        default:
            break
        }
    }

    open override func reset() {
        tapsCompleted = 0
        contactInProgress = false
        touchesInContact = 0
        downLocations.removeAll()
    }
}
