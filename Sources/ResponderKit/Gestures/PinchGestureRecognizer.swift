/// Recognizes two fingers moving apart or together (UIKit's `UIPinchGestureRecognizer`),
/// continuous: it begins once the distance between the first two touches changed by more than
/// `beginThreshold` points; `scale` is that distance over the distance when both were down (times
/// the scale the app last set), `velocity` its change per second over the last 100 ms. Touches
/// beyond two are ignored; it ends when a finger lifts. A touchpad pinch under the cursor drives
/// it too (libinput's absolute scale), beginning at the first change.
@MainActor
open class PinchGestureRecognizer: GestureRecognizer {
    /// Points the finger distance must change before the pinch begins.
    static let beginThreshold = 8.0

    /// The scale factor relative to the fingers' distance when the gesture started; set it (to 1,
    /// typically, after applying a change) and later motion continues from the new value.
    public var scale: Double {
        get { currentScale }
        set {
            guard newValue.isFinite, newValue > 0 else {
                return ResponderDiagnostics.report(.gesture("\(displayName): scale must be a finite positive number, not \(newValue); ignored"))
            }
            baseScale = newValue
            referenceDistance = currentDistance ?? referenceDistance
            referenceTouchpadScale = lastTouchpadScale
            currentScale = newValue
        }
    }
    /// Scale change per second.
    public var velocity: Double { tracker.velocity().x }

    private var currentScale = 1.0
    private var baseScale = 1.0
    private var startDistance: Double?
    private var referenceDistance: Double?
    private var lastTouchpadScale = 1.0
    private var referenceTouchpadScale = 1.0
    private var tracker = VelocityTracker()

    private var currentDistance: Double? {
        guard trackedTouches.count >= 2 else { return nil }
        return trackedTouches[0].locationInWindow.distance(to: trackedTouches[1].locationInWindow)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches where trackedTouches.count > 2 { ignore(touch, for: event) }
        if startDistance == nil, let distance = currentDistance {
            startDistance = distance
            referenceDistance = distance
            tracker.add(Point(x: currentScale, y: 0), at: event.timestamp)
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let distance = currentDistance, let start = startDistance, let reference = referenceDistance,
            reference > 0
        else { return }
        switch state {
        case .possible:
            guard abs(distance - start) > PinchGestureRecognizer.beginThreshold else { return }
            update(baseScale * distance / reference, at: event.timestamp)
            state = .began
        case .began, .changed:
            update(baseScale * distance / reference, at: event.timestamp)
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        tracker.add(Point(x: currentScale, y: 0), at: event.timestamp)
        switch state {
        case .began, .changed: state = .ended
        case .possible: state = .failed
        default: break
        }
    }

    private func update(_ scale: Double, at time: Double) {
        guard scale.isFinite, scale > 0 else { return }
        currentScale = scale
        tracker.add(Point(x: scale, y: 0), at: time)
    }

    // MARK: Touchpad pinch

    override func accepts(_ input: IndirectInput) -> Bool {
        if case let .touchpad(gesture) = input { return gesture.kind == .pinch }
        return false
    }

    override func indirectBegan(_ input: IndirectInput, at time: Double) {
        lastTouchpadScale = 1
        referenceTouchpadScale = 1
        tracker.add(Point(x: currentScale, y: 0), at: time)
    }

    override func indirectChanged(_ input: IndirectInput, at time: Double) {
        guard case let .touchpad(gesture) = input, gesture.scale.isFinite, gesture.scale > 0 else { return }
        lastTouchpadScale = gesture.scale
        update(baseScale * gesture.scale / referenceTouchpadScale, at: time)
        switch state {
        case .possible: if gesture.scale != 1 { state = .began }
        case .began, .changed: state = .changed
        default: break
        }
    }

    override func indirectEnded(cancelled: Bool, at time: Double) {
        tracker.add(Point(x: currentScale, y: 0), at: time)
        super.indirectEnded(cancelled: cancelled, at: time)
    }

    open override func reset() {
        currentScale = 1
        baseScale = 1
        startDistance = nil
        referenceDistance = nil
        lastTouchpadScale = 1
        referenceTouchpadScale = 1
        tracker.clear()
    }
}
