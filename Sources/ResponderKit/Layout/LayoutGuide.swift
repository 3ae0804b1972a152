/// A rectangle that takes part in Auto Layout without being a view (UIKit's `UILayoutGuide`):
/// spacing between views, a region to centre in, the safe area or the layout margins of a view.
/// Its frame is in its owning view's coordinates.
@MainActor
public final class LayoutGuide {
    /// What kind of guide it is; the system ones are tied to their view's bounds.
    enum Kind {
        /// Added with `addLayoutGuide(_:)`: constraints alone place it.
        case custom
        /// `safeAreaLayoutGuide`: the bounds (no system bars on a kiosk).
        case safeArea
        /// `layoutMarginsGuide`: the bounds inset by `layoutMargins`.
        case layoutMargins
        /// `keyboardLayoutGuide`: the part of the view the docked keyboard covers, a zero-height
        /// strip at the bottom of the safe area while no keyboard shows.
        case keyboard
    }

    let kind: Kind
    /// The view it belongs to (UIKit's `owningView`).
    public internal(set) weak var owningView: View?
    /// A name that diagnostics print.
    public var identifier: String = ""
    /// Where the last layout pass put it, in the owning view's coordinates.
    public internal(set) var layoutFrame: Rect = .zero

    /// Makes a guide to add to a view with `addLayoutGuide(_:)`.
    public init() { kind = .custom }

    init(kind: Kind, identifier: String) {
        self.kind = kind
        self.identifier = identifier
    }

    /// The left edge.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .left) }
    /// The right edge.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .right) }
    /// The leading edge.
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .leading) }
    /// The trailing edge.
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .trailing) }
    /// The horizontal centre.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .centerX) }
    /// The top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .top) }
    /// The bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .bottom) }
    /// The vertical centre.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .centerY) }
    /// The width.
    public var widthAnchor: LayoutDimension { LayoutDimension(self, .width) }
    /// The height.
    public var heightAnchor: LayoutDimension { LayoutDimension(self, .height) }
}
