/// What a renderer implements so that views can draw (the backend of `GraphicsContext`). The
/// `Rendering` module implements it over a `cairo_t`; coordinates are the current view's bounds
/// coordinates after the renderer's transform. Colours are un-premultiplied.
@MainActor
public protocol GraphicsCanvas: AnyObject {
    /// Pushes the graphics state (transform, clip).
    func save()
    /// Pops the graphics state pushed by `save()`.
    func restore()
    /// Applies `transform` to what follows.
    func concatenate(_ transform: AffineTransform)
    /// Intersects the clip with the inside of `path`.
    func clip(to path: BezierPath)
    /// Fills `path` with `color`.
    func fill(_ path: BezierPath, color: Color)
    /// Strokes `path` with `color` and `lineWidth`.
    func stroke(_ path: BezierPath, color: Color, lineWidth: Double)
    /// Draws `image` scaled into `rect` with opacity `alpha`.
    func draw(_ image: Image, in rect: Rect, alpha: Double)
    /// Lays `text` out in `rect` (wrapped to its width, truncated per the attributes) and draws it
    /// from the rect's top.
    func draw(_ text: String, in rect: Rect, attributes: TextAttributes)
    /// Starts an offscreen group; `endTransparencyLayer` composites it with `alpha`.
    func beginTransparencyLayer()
    /// Ends the group `beginTransparencyLayer` started and composites it with `alpha`.
    func endTransparencyLayer(alpha: Double)
}
