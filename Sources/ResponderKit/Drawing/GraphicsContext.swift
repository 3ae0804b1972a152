/// The drawing context of the view being drawn (the stand-in for `UIGraphicsGetCurrentContext()`
/// and `CGContext`). The renderer makes one current for the duration of each `draw(_:)` call;
/// outside it `GraphicsContext.current` is nil. State (colours, line width, transform, clip) is
/// saved and restored with `saveGState()`/`restoreGState()` and reset for every view. Dynamic
/// colours (the system palette) are resolved with the context's `traitCollection` as they are
/// drawn.
@MainActor
public final class GraphicsContext {
    /// The context to draw into from `View.draw(_:)`; nil outside a draw call.
    public private(set) static var current: GraphicsContext?

    private struct State {
        var fillColor: Color = .black
        var strokeColor: Color = .black
        var lineWidth: Double = 1
        var alpha: Double = 1
    }

    let canvas: any GraphicsCanvas
    private var state = State()
    /// Saved states, innermost last; `layerAlpha` marks the ones a transparency layer pushed.
    private var saved: [(state: State, layerAlpha: Double?)] = []

    /// The traits dynamic colours are resolved with when they are drawn (the drawn view's).
    public let traitCollection: TraitCollection

    /// Makes a context that draws on `canvas` (the renderer makes one per view it draws), with
    /// dynamic colours resolved for `traitCollection` (the drawn view's).
    public init(canvas: any GraphicsCanvas, traitCollection: TraitCollection = TraitCollection(userInterfaceStyle: .light)) {
        self.canvas = canvas
        self.traitCollection = traitCollection
    }

    /// Runs `body` with this context current (renderers call it around `draw(_:)`); the previous
    /// current context is restored afterwards, every state `body` saved but left pushed is
    /// restored and every transparency layer it left open is ended.
    public func makeCurrent(_ body: () -> Void) {
        let previous = GraphicsContext.current
        let depth = saved.count
        let previousTraits = TraitCollection.current
        GraphicsContext.current = self
        TraitCollection.current = traitCollection
        body()
        TraitCollection.current = previousTraits
        while saved.count > depth {
            if saved[saved.count - 1].layerAlpha != nil { endTransparencyLayer() } else { restoreGState() }
        }
        GraphicsContext.current = previous
    }

    // MARK: State

    /// Pushes the graphics state (colours, line width, alpha, transform, clip); `restoreGState()` pops it.
    public func saveGState() {
        saved.append((state, nil))
        canvas.save()
    }

    /// Restores the last saved state; nothing when none is saved or when a transparency layer
    /// was begun after it (end the layer first, as Core Graphics requires).
    public func restoreGState() {
        guard let last = saved.last, last.layerAlpha == nil else { return }
        saved.removeLast()
        state = last.state
        canvas.restore()
    }

    /// The colour `fill` uses.
    public func setFillColor(_ color: Color) { state.fillColor = color }
    /// The colour `stroke` uses.
    public func setStrokeColor(_ color: Color) { state.strokeColor = color }
    /// The width `stroke` uses, in points (negative values become 0).
    public func setLineWidth(_ width: Double) { state.lineWidth = max(0, width) }
    /// Multiplies the alpha of everything drawn next.
    public func setAlpha(_ alpha: Double) { state.alpha = alpha.isNaN ? 0 : min(1, max(0, alpha)) }
    /// The current fill colour.
    public var fillColor: Color { state.fillColor }
    /// The current stroke colour.
    public var strokeColor: Color { state.strokeColor }
    /// The current line width.
    public var lineWidth: Double { state.lineWidth }

    // MARK: Transform and clip

    /// Moves the origin of what follows by (x, y).
    public func translateBy(x: Double, y: Double) { canvas.concatenate(AffineTransform(translationX: x, y: y)) }
    /// Scales what follows.
    public func scaleBy(x: Double, y: Double) { canvas.concatenate(AffineTransform(scaleX: x, y: y)) }
    /// Rotates what follows by `angle` radians.
    public func rotate(by angle: Double) { canvas.concatenate(AffineTransform(rotationAngle: angle)) }
    /// Applies `transform` to what follows.
    public func concatenate(_ transform: AffineTransform) { canvas.concatenate(transform) }
    /// Limits drawing to `rect` (intersected with the current clip).
    public func clip(to rect: Rect) { canvas.clip(to: BezierPath(rect: rect)) }
    /// Limits drawing to the inside of `path` (intersected with the current clip).
    public func clip(to path: BezierPath) { canvas.clip(to: path) }

    // MARK: Shapes

    /// Fills `rect` with the fill colour.
    public func fill(_ rect: Rect) { fill(BezierPath(rect: rect)) }
    /// Strokes the outline of `rect` with the stroke colour and line width.
    public func stroke(_ rect: Rect) { stroke(BezierPath(rect: rect)) }
    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: Rect) { fill(BezierPath(ovalIn: rect)) }
    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: Rect) { stroke(BezierPath(ovalIn: rect)) }
    /// Fills `path` with the fill colour, faded by the context's alpha.
    public func fill(_ path: BezierPath) { canvas.fill(path, color: faded(state.fillColor)) }
    /// Strokes `path` with the stroke colour and line width, faded by the context's alpha.
    public func stroke(_ path: BezierPath) { canvas.stroke(path, color: faded(state.strokeColor), lineWidth: state.lineWidth) }

    // MARK: Images and text

    /// Draws `image` scaled into `rect`.
    public func draw(_ image: Image, in rect: Rect) { canvas.draw(image, in: rect, alpha: state.alpha) }

    /// Draws `text` in `rect` from its top (UIKit's `NSString.draw(in:withAttributes:)`).
    public func draw(_ text: String, in rect: Rect, attributes: TextAttributes) {
        var attributes = attributes
        attributes.color = faded(attributes.color)
        canvas.draw(text, in: rect, attributes: attributes)
    }

    /// Draws one unwrapped line of `text` with its top-left at `point`.
    public func draw(_ text: String, at point: Point, attributes: TextAttributes) {
        var single = attributes
        single.numberOfLines = 1
        single.lineBreakMode = .byClipping
        let size = Drawing.textEngine.size(of: text, attributes: single, width: nil)
        draw(text, in: Rect(origin: point, size: size), attributes: single)
    }

    // MARK: Groups

    /// Everything drawn until `endTransparencyLayer()` is composited as one group with `alpha`
    /// (times the context's alpha, `setAlpha`).
    public func beginTransparencyLayer(alpha: Double = 1) {
        saved.append((state, alpha.isNaN ? 0 : min(1, max(0, alpha))))
        state.alpha = 1
        canvas.beginTransparencyLayer()
    }

    /// Composites the innermost open layer; states saved inside it and left pushed are restored
    /// first. Nothing when no layer is open.
    public func endTransparencyLayer() {
        guard saved.contains(where: { $0.layerAlpha != nil }) else { return }
        while let last = saved.last, last.layerAlpha == nil { restoreGState() }
        guard let last = saved.popLast(), let alpha = last.layerAlpha else { return }
        canvas.endTransparencyLayer(alpha: alpha * last.state.alpha)
        state = last.state
    }

    /// `color` resolved for `traitCollection`, faded by the context's alpha.
    func faded(_ color: Color) -> Color {
        let resolved = color.resolvedColor(with: traitCollection)
        return state.alpha == 1 ? resolved : resolved.withAlphaComponent(resolved.alpha * state.alpha)
    }
}
