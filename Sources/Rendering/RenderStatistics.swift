/// What the last `Renderer.render` call did: for tests that check culling (a long clipped list
/// repaints a few rows, not all of them) and for performance tools.
public struct RenderStatistics: Equatable, Sendable {
    /// Views the traversal looked at (rect tests only, no Cairo call for the culled ones).
    public var viewsVisited = 0
    /// Views whose background, `draw(_:)` and border were drawn (and `didDisplay()` called).
    public var viewsDrawn = 0
    /// Views composited as a group because their alpha is below 1.
    public var groups = 0
    /// Device pixels inside the repaint clip.
    public var pixelsRepainted = 0

    /// All counts zero.
    public init() {}
}
