/// Recognizes two fingers turning (UIKit's `UIRotationGestureRecognizer`), continuous: it begins
/// once the line through the first two touches turned by more than `beginThreshold` radians;
/// `rotation` is the angle turned since they were both down (radians, clockwise positive on screen,
/// plus whatever the app last set), `velocity` radians per second over the last 100 ms. Touches
/// beyond two are ignored; it ends when a finger lifts. A touchpad pinch's rotation (libinput's
/// angle delta, degrees clockwise) drives it too.
@MainActor
open class RotationGestureRecognizer: GestureRecognizer {
    /// Radians the fingers must turn before the rotation begins (about 3°).
    static let beginThreshold = 0.05

    /// Radians turned; settable (apps reset it to 0 after applying a change).
    public var rotation: Double {
        get { currentRotation }
        set {
            guard newValue.isFinite else {
                return ResponderDiagnostics.report(.gesture("\(displayName): rotation must be finite, not \(newValue); ignored"))
            }
            currentRotation = newValue
        }
    }
    /// Radians per second.
    public var velocity: Double { tracker.velocity().x }

    private var currentRotation = 0.0
    /// Turned since the start (unaffected by setting `rotation`), for the begin threshold.
    private var turned = 0.0
    private var lastAngle: Double?
    private var tracker = VelocityTracker()

    private var currentAngle: Double? {
        guard trackedTouches.count >= 2 else { return nil }
        let a = trackedTouches[0].locationInWindow, b = trackedTouches[1].locationInWindow
        guard a != b else { return nil }
        return atan2(b.y - a.y, b.x - a.x)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches where trackedTouches.count > 2 { ignore(touch, for: event) }
        if lastAngle == nil, let angle = currentAngle {
            lastAngle = angle
            tracker.add(Point(x: turned, y: 0), at: event.timestamp)
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let angle = currentAngle, let last = lastAngle else { return }
        var delta = angle - last
        // The shorter way round: atan2 jumps by 2π when the line passes the negative x axis.
        if delta > Double.pi { delta -= 2 * Double.pi } else if delta < -Double.pi { delta += 2 * Double.pi }
        lastAngle = angle
        turn(by: delta, at: event.timestamp)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        tracker.add(Point(x: turned, y: 0), at: event.timestamp)
        switch state {
        case .began, .changed: state = .ended
        case .possible: state = .failed
        default: break
        }
    }

    private func turn(by delta: Double, at time: Double) {
        guard delta.isFinite else { return }
        turned += delta
        currentRotation += delta
        tracker.add(Point(x: turned, y: 0), at: time)
        switch state {
        case .possible: if abs(turned) > RotationGestureRecognizer.beginThreshold { state = .began }
        case .began, .changed: state = .changed
        default: break
        }
    }

    // MARK: Touchpad rotation

    override func accepts(_ input: IndirectInput) -> Bool {
        if case let .touchpad(gesture) = input { return gesture.kind == .pinch }
        return false
    }

    override func indirectBegan(_ input: IndirectInput, at time: Double) {
        tracker.add(Point(x: turned, y: 0), at: time)
    }

    override func indirectChanged(_ input: IndirectInput, at time: Double) {
        guard case let .touchpad(gesture) = input else { return }
        turn(by: gesture.rotation * Double.pi / 180, at: time)
    }

    override func indirectEnded(cancelled: Bool, at time: Double) {
        tracker.add(Point(x: turned, y: 0), at: time)
        super.indirectEnded(cancelled: cancelled, at: time)
    }

    open override func reset() {
        currentRotation = 0
        turned = 0
        lastAngle = nil
        tracker.clear()
    }
}

#if canImport(Glibc)
import Glibc
#endif
