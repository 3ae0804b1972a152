/// Recognizes a quick stroke in one of the permitted directions (UIKit's
/// `UISwipeGestureRecognizer`), discrete: with `numberOfTouchesRequired` fingers down, it
/// recognizes while they move, as soon as their centroid travelled at least `minimumDistance`
/// points along a permitted direction, at no more than half that across it (within about 27°),
/// at an average speed of at least `minimumVelocity` points per second. It fails when the fingers
/// lift first, when more fingers come down, or when `maximumDuration` passes.
@MainActor
open class SwipeGestureRecognizer: GestureRecognizer {
    /// Permitted directions (UIKit's `UISwipeGestureRecognizer.Direction`).
    public struct Direction: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A swipe to the right.
        public static let right = Direction(rawValue: 1 << 0)
        /// A swipe to the left.
        public static let left = Direction(rawValue: 1 << 1)
        /// A swipe upward.
        public static let up = Direction(rawValue: 1 << 2)
        /// A swipe downward.
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The permitted directions (right by default, as in UIKit).
    public var direction: Direction = .right
    /// How many fingers must swipe together.
    public var numberOfTouchesRequired = 1
    /// How far, in points, the fingers must travel in the direction.
    public var minimumDistance: Double = 50
    /// How fast, in points per second, the fingers must move.
    public var minimumVelocity: Double = 200
    /// Seconds within which the swipe must reach `minimumDistance`, else it fails.
    public var maximumDuration: Double = 0.5

    private var start: Point?
    private var startTime: Double = 0

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        if trackedTouches.count > numberOfTouchesRequired { return state = .failed }
        if start == nil {
            startTime = event.timestamp
            schedule(at: event.timestamp + maximumDuration) { $0.state = .failed }
        }
        // The stroke is measured from where all required fingers are down.
        start = touchCentroid
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, trackedTouches.count == numberOfTouchesRequired,
            let start, let now = touchCentroid
        else { return }
        let dx = now.x - start.x, dy = now.y - start.y
        let elapsed = event.timestamp - startTime
        let candidates: [(Direction, Double, Double)] = [
            (.right, dx, dy), (.left, -dx, dy), (.down, dy, dx), (.up, -dy, dx)
        ]
        for (candidate, along, across) in candidates where direction.contains(candidate) {
            guard along >= minimumDistance, abs(across) <= along / 2 else { continue }
            if elapsed <= 0 || along / elapsed >= minimumVelocity {
                return state = .ended
            }
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }

    open override func reset() {
        start = nil
        startTime = 0
    }
}
