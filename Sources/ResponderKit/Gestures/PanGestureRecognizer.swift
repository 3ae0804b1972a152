/// Recognizes a drag (UIKit's `UIPanGestureRecognizer`), continuous: it begins once the touches'
/// centroid moved more than `slop` points with `minimumNumberOfTouches`…`maximumNumberOfTouches`
/// fingers down, changes with every move, and ends when the fingers lift (or fewer than the
/// minimum remain). Touches beyond the maximum are ignored. `translation(in:)` is the centroid's
/// travel since the gesture started — a finger joining or leaving does not make it jump — and
/// `velocity(in:)` its speed over the last 100 ms of samples.
///
/// Indirect input drives it too, beginning at the first movement: scrolls its
/// `allowedScrollTypesMask` accepts (translation follows the content, so a wheel turned toward
/// the user, positive `dy`, moves it up), and touchpad swipes with an accepted finger count.
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
    /// The fewest fingers that may pan.
    public var minimumNumberOfTouches = 1
    /// The most fingers that may pan.
    public var maximumNumberOfTouches = Int.max
    /// How far (points) the centroid must travel before the pan begins, so a tap that wobbles is
    /// not a pan (UIKit's hidden hysteresis; Flutter's pan slop). The pan begins strictly past it.
    public var slop: Double = 10
    /// The scroll input that drives this pan (none by default, as in UIKit).
    public var allowedScrollTypesMask: ScrollTypeMask = []

    /// Translation in window coordinates since the gesture started (or `setTranslation`).
    private var translationInWindow = Point.zero
    /// The integrated motion, for velocity (unaffected by `setTranslation`).
    private var path = Point.zero
    private var centroid: Point?
    private var centroidCount = 0
    private var tracker = VelocityTracker()

    /// The translation in `view`'s coordinate system (the window's when nil).
    public func translation(in view: View?) -> Point { vector(translationInWindow, fromWindowTo: view) }

    /// Sets the translation, expressed in `view`'s coordinates; later motion adds to it (apps
    /// reset it to zero after applying each change).
    public func setTranslation(_ translation: Point, in view: View?) {
        guard translation.isFinite else {
            return ResponderDiagnostics.report(.gesture("\(displayName): setTranslation with a non-finite value \(translation); ignored"))
        }
        translationInWindow = vector(translation, from: view)
    }

    /// Points per second in `view`'s coordinates, from the samples of the last 100 ms.
    public func velocity(in view: View?) -> Point { vector(tracker.velocity(), fromWindowTo: view) }

    /// Whether the translation so far lets the pan begin (`ScreenEdgePanGestureRecognizer` also
    /// wants it to point away from its edge).
    func mayBegin(translation: Point) -> Bool {
        (translation.x * translation.x + translation.y * translation.y).squareRoot() > slop
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches where trackedTouches.count > maximumNumberOfTouches { ignore(touch, for: event) }
        rebase()
        tracker.add(path, at: event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        follow(at: event.timestamp)
        switch state {
        case .possible:
            if (minimumNumberOfTouches...max(minimumNumberOfTouches, maximumNumberOfTouches)).contains(numberOfTouches),
                mayBegin(translation: translationInWindow)
            {
                state = .began
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        tracker.add(path, at: event.timestamp)
        rebase()
        let remaining = trackedTouches.count - touches.count
        switch state {
        case .began, .changed:
            if remaining <= 0 || remaining < minimumNumberOfTouches { state = .ended }
        case .possible:
            if remaining <= 0 { state = .failed }
        default:
            break
        }
    }

    /// Adds the centroid's motion since the last sample; a change in the number of touches only
    /// moves the reference point.
    private func follow(at time: Double) {
        let (now, count) = fingersDown()
        guard let now else { return }
        if let before = centroid, centroidCount == count {
            let dx = now.x - before.x, dy = now.y - before.y
            translationInWindow = Point(x: translationInWindow.x + dx, y: translationInWindow.y + dy)
            path = Point(x: path.x + dx, y: path.y + dy)
        }
        centroid = now
        centroidCount = count
        tracker.add(path, at: time)
    }

    /// The fingers that went down or joined, or are lifting: the reference point moves to them.
    private func rebase() {
        (centroid, centroidCount) = fingersDown()
    }

    /// The centroid (window coordinates) and number of the tracked touches still on the glass
    /// (a touch lifting in this frame is still tracked until the frame ends).
    private func fingersDown() -> (Point?, Int) {
        var x = 0.0, y = 0.0, n = 0
        for touch in trackedTouches where touch.phase != .ended && touch.phase != .cancelled {
            x += touch.locationInWindow.x
            y += touch.locationInWindow.y
            n += 1
        }
        return n == 0 ? (nil, 0) : (Point(x: x / Double(n), y: y / Double(n)), n)
    }

    // MARK: Scrolls and touchpad swipes

    override func accepts(_ input: IndirectInput) -> Bool {
        switch input {
        case let .scroll(info): return allowedScrollTypesMask.contains(ScrollTypeMask(info.source))
        case let .touchpad(gesture):
            return gesture.kind == .swipe && gesture.fingers >= minimumNumberOfTouches && gesture.fingers <= maximumNumberOfTouches
        case .hover: return false
        }
    }

    override func indirectBegan(_ input: IndirectInput, at time: Double) {
        tracker.add(path, at: time)
    }

    override func indirectChanged(_ input: IndirectInput, at time: Double) {
        let delta: Point
        switch input {
        case let .scroll(info): delta = Point(x: -info.dx, y: -info.dy)
        case let .touchpad(gesture): delta = Point(x: gesture.dx, y: gesture.dy)
        case .hover: return
        }
        guard delta.isFinite else { return }
        translationInWindow = Point(x: translationInWindow.x + delta.x, y: translationInWindow.y + delta.y)
        path = Point(x: path.x + delta.x, y: path.y + delta.y)
        tracker.add(path, at: time)
        switch state {
        case .possible: if delta.x != 0 || delta.y != 0 { state = .began }
        case .began, .changed: state = .changed
        default: break
        }
    }

    override func indirectEnded(cancelled: Bool, at time: Double) {
        tracker.add(path, at: time)
        super.indirectEnded(cancelled: cancelled, at: time)
    }

    open override func reset() {
        translationInWindow = .zero
        path = .zero
        centroid = nil
        centroidCount = 0
        tracker.clear()
    }
}
