/// What a renderer implements so that views can draw (the backend of `GraphicsContext`). The
/// `Rendering` module implements it over a `cairo_t`; coordinates are the current view's bounds
/// coordinates after the renderer's transform. Colours are un-premultiplied.
@MainActor
public protocol GraphicsCanvas: AnyObject {
    func save()
    func restore()
    func concatenate(_ transform: AffineTransform)
    func clip(to path: BezierPath)
    func fill(_ path: BezierPath, color: Color)
    func stroke(_ path: BezierPath, color: Color, lineWidth: Double)
    func draw(_ image: Image, in rect: Rect, alpha: Double)
    /// Lays `text` out in `rect` (wrapped to its width, truncated per the attributes) and draws it
    /// from the rect's top.
    func draw(_ text: String, in rect: Rect, attributes: TextAttributes)
    /// Starts an offscreen group; `endTransparencyLayer` composites it with `alpha`.
    func beginTransparencyLayer()
    func endTransparencyLayer(alpha: Double)
}
