/// Recognizes taps (UIKit's `UITapGestureRecognizer`), discrete: `numberOfTouchesRequired` fingers
/// down and up, `numberOfTapsRequired` times. It counts taps itself, on the application's clock:
/// it fails when a finger moves more than `allowableMovement` points, when a tap is held longer
/// than `maximumTapDuration`, when the next tap does not start within
/// `maximumIntervalBetweenSuccessiveTaps` of the previous one's end, when a later tap lands more
/// than `maximumDistanceBetweenSuccessiveTaps` from the first, or when more fingers come down than
/// required. A recognizer that needs more taps holds the view's `touchesEnded` meanwhile
/// (`delaysTouchesEnded`), as UIKit's double tap does.
@MainActor
open class TapGestureRecognizer: GestureRecognizer {
    /// How many taps make the gesture (2 for a double tap).
    public var numberOfTapsRequired = 1
    /// How many fingers must tap together.
    public var numberOfTouchesRequired = 1
    /// How far (points) a finger may move from where it went down.
    public var allowableMovement: Double = 10
    /// How long (seconds) a tap may be held.
    public var maximumTapDuration: Double = 1.5
    /// How long (seconds) after a tap ends the next one must start (the system's multi-tap
    /// interval, `Application.multiTapInterval`, has the same default).
    public var maximumIntervalBetweenSuccessiveTaps: Double = 0.35
    /// How far (points) from the first tap later taps may land.
    public var maximumDistanceBetweenSuccessiveTaps: Double = 45

    private var tapsCompleted = 0
    private var tapInProgress = false
    private var touchesInTap = 0
    private var downLocations: [ObjectIdentifier: Point] = [:]
    private var firstTapLocation: Point?

    /// Undecided and still counting. A tap that recognized and waits on a failure requirement
    /// still receives later touches (so a winner on them excludes it) but counts no more taps.
    private var isCounting: Bool { state == .possible && tapsCompleted < numberOfTapsRequired }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard isCounting else { return }
        if !tapInProgress {
            tapInProgress = true
            touchesInTap = 0
            cancelTimers()
            schedule(at: event.timestamp + maximumTapDuration) { $0.state = .failed }
        }
        for touch in touches { downLocations[ObjectIdentifier(touch)] = touch.locationInWindow }
        touchesInTap += touches.count
        if touchesInTap > numberOfTouchesRequired { return state = .failed }
        if let first = firstTapLocation, let here = touchCentroid,
            here.distance(to: first) > maximumDistanceBetweenSuccessiveTaps
        {
            state = .failed
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard isCounting else { return }
        for touch in touches {
            if let start = downLocations[ObjectIdentifier(touch)],
                touch.locationInWindow.distance(to: start) > allowableMovement
            {
                return state = .failed
            }
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard isCounting else { return }
        // The tap is complete when no tracked finger is still down.
        for touch in trackedTouches where !touches.contains(touch) && touch.phase != .ended { return }
        guard touchesInTap == numberOfTouchesRequired else { return state = .failed }
        tapInProgress = false
        tapsCompleted += 1
        if firstTapLocation == nil { firstTapLocation = touchCentroid }
        cancelTimers()
        if tapsCompleted >= numberOfTapsRequired {
            state = .ended
        } else {
            schedule(at: event.timestamp + maximumIntervalBetweenSuccessiveTaps) { $0.state = .failed }
        }
    }

    open override func reset() {
        tapsCompleted = 0
        tapInProgress = false
        touchesInTap = 0
        downLocations.removeAll()
        firstTapLocation = nil
    }
}
