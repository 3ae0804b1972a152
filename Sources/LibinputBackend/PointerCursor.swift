import ResponderKit

/// The pointer position a relative device (a mouse) moves: it starts in the middle of the output
/// and is clamped to it, so the cursor can never leave the screen.
struct PointerCursor {
    var bounds: Size
    private(set) var location: Point

    init(bounds: Size) {
        self.bounds = bounds
        location = Point(x: bounds.width / 2, y: bounds.height / 2)
    }

    /// Moves by a relative delta and clamps to `[0, width) × [0, height)`.
    /// - Complexity: O(1).
    mutating func move(dx: Double, dy: Double) -> Point {
        set(Point(x: location.x + (dx.isFinite ? dx : 0), y: location.y + (dy.isFinite ? dy : 0)))
    }

    /// Puts the cursor at an absolute position (an absolute pointer device), clamped the same way.
    mutating func set(_ point: Point) -> Point {
        location = Point(x: min(max(point.x, 0), bounds.width.nextDown), y: min(max(point.y, 0), bounds.height.nextDown))
        return location
    }
}
