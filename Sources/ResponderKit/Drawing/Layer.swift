/// A view's drawing-only properties (the part of UIKit's `CALayer` a kiosk app sets on a view:
/// rounded corners and a border), and the view's animations as Core Animation names them
/// (`View.animate` drives them; see `Animator`). Every change marks the view for redrawing.
@MainActor
public final class Layer {
    /// The view this layer draws for (it owns the layer).
    public private(set) unowned var view: View

    init(view: View) { self.view = view }

    /// Rounds the background and the border; with `masksToBounds` (the view's `clipsToBounds`)
    /// the subviews are clipped to the rounded shape too.
    public var cornerRadius: Double = 0 { didSet { if oldValue != cornerRadius { view.setNeedsDisplay() } } }
    /// Drawn inside the bounds, over the content and the subviews (as Core Animation does).
    public var borderWidth: Double = 0 { didSet { if oldValue != borderWidth { view.setNeedsDisplay() } } }
    /// The border's colour (black by default, as in UIKit).
    public var borderColor: Color? = .black { didSet { if oldValue != borderColor { view.setNeedsDisplay() } } }
    /// The same flag as the view's `clipsToBounds`.
    public var masksToBounds: Bool {
        get { view.clipsToBounds }
        set { view.clipsToBounds = newValue }
    }
}

extension View {
    /// The view's `layer` if something created it, else nil (UIKit's `viewIfLoaded` pattern): the
    /// renderer reads corner radius and border without giving every view a layer object.
    /// - Complexity: O(1).
    public var layerIfLoaded: Layer? { layerStorage }
}

extension Layer {
    /// The values drawn now (Core Animation's presentation layer), see `View.presentation`.
    public func presentation() -> ViewPresentation { view.presentation }

    /// Core Animation's key paths of the properties in flight ("position", "bounds",
    /// "transform", "opacity", "backgroundColor"), in the order they started; nil when none.
    public func animationKeys() -> [String]? {
        guard let tracks = view.animationState?.tracks, !tracks.isEmpty else { return nil }
        return tracks.map(\.property.keyPath)
    }

    /// Ends every animation of the view unfinished (`View.removeAllAnimations()`).
    public func removeAllAnimations() { view.removeAllAnimations() }
}
