/// What a view looks like on screen right now (Core Animation's presentation layer): the model
/// values, except for properties in flight, which hold the value interpolated at the last frame.
/// The renderer draws these; hit testing and the properties' getters use the model.
public struct ViewPresentation: Equatable, Sendable {
    /// Where the view's centre is drawn.
    public var center: Point
    /// The bounds as drawn.
    public var bounds: Rect
    /// The transform as drawn.
    public var transform: AffineTransform
    /// The opacity as drawn.
    public var alpha: Double
    /// The background colour as drawn.
    public var backgroundColor: Color?

    /// Makes a presentation state.
    public init(center: Point, bounds: Rect, transform: AffineTransform, alpha: Double, backgroundColor: Color?) {
        self.center = center
        self.bounds = bounds
        self.transform = transform
        self.alpha = alpha
        self.backgroundColor = backgroundColor
    }

    /// The drawn frame: the bounding box of the transformed bounds about the centre (as `View.frame`).
    public var frame: Rect {
        let size = bounds.size
        let box = Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
        return (transform.isIdentity ? box : box.applying(transform)).offsetBy(dx: center.x, dy: center.y)
    }
}
