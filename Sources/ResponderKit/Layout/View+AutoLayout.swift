/// Auto Layout on views (UIKit's constraint-based layout API on `UIView`).
extension View {
    // MARK: Anchors

    /// The left edge.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .left) }
    /// The right edge.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .right) }
    /// The leading edge: left in left-to-right layout, right in right-to-left
    /// (`effectiveUserInterfaceLayoutDirection`).
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .leading) }
    /// The trailing edge: right in left-to-right layout, left in right-to-left.
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .trailing) }
    /// The horizontal centre.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .centerX) }
    /// The top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .top) }
    /// The bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .bottom) }
    /// The vertical centre.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .centerY) }
    /// The baseline of the first line of a label's text; the bottom edge of other views.
    public var firstBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .firstBaseline) }
    /// The baseline of the last line of a label's text; the bottom edge of other views.
    public var lastBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .lastBaseline) }
    /// The width.
    public var widthAnchor: LayoutDimension { LayoutDimension(self, .width) }
    /// The height.
    public var heightAnchor: LayoutDimension { LayoutDimension(self, .height) }

    // MARK: Constraints

    /// The active constraints installed on this view: those whose items' nearest common ancestor
    /// it is (UIKit's `constraints`).
    public var constraints: [LayoutConstraint] { layoutState?.constraints ?? [] }

    /// Activates `constraint` (UIKit's older `addConstraint(_:)`; it is installed on the items'
    /// common ancestor whatever view it is given to).
    public func addConstraint(_ constraint: LayoutConstraint) { constraint.isActive = true }

    /// Activates `constraints`.
    public func addConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.activate(constraints) }

    /// Deactivates `constraint`.
    public func removeConstraint(_ constraint: LayoutConstraint) { constraint.isActive = false }

    /// Deactivates `constraints`.
    public func removeConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.deactivate(constraints) }

    /// When true (the default) the view's frame, set in code, is turned into required
    /// constraints that hold it, so views placed by hand and views placed by constraints mix.
    /// Set false for a view placed by constraints (it happens by itself when the view is given
    /// constraints in code, as the API contract asks).
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { layoutState?.translatesAutoresizingMaskIntoConstraints ?? true }
        set {
            guard newValue != translatesAutoresizingMaskIntoConstraints else { return }
            layoutStorage.translatesAutoresizingMaskIntoConstraints = newValue
            for engine in LayoutEngine.engines(holding: self) { engine.itemSystemChanged(self) }
        }
    }

    /// How the view's frame follows its superview's size changes (UIKit's `autoresizingMask`);
    /// applied when the superview's bounds size changes, before its `layoutSubviews()`.
    public var autoresizingMask: AutoresizingMask {
        get { layoutState?.autoresizingMask ?? [] }
        set { layoutStorage.autoresizingMask = newValue }
    }

    /// Applies the subviews' autoresizing masks after this view's size went from `old` to its
    /// current size (UIKit's `resizeSubviews(withOldSize:)`), at the start of its layout.
    func resizeSubviewsWithAutoresizingMasks(from old: Size) {
        let new = boundsStorage.size
        guard old != new else { return }
        for subview in subviews {
            guard let mask = subview.layoutState?.autoresizingMask, !mask.isEmpty,
                subview.translatesAutoresizingMaskIntoConstraints
            else { continue }
            subview.frame = mask.resize(subview.frame, from: old, to: new)
        }
    }

    // MARK: Intrinsic size

    /// Tells Auto Layout that `intrinsicContentSize` changed (a label's text, a button's title):
    /// the next layout pass reads it again.
    public func invalidateIntrinsicContentSize() {
        for engine in LayoutEngine.engines(holding: self) { engine.itemSystemChanged(self) }
    }

    /// How strongly the view resists growing past its intrinsic size along `axis` (UIKit's
    /// content hugging; 250 by default).
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        let hugging = layoutState?.hugging ?? (.defaultLow, .defaultLow)
        return axis == .horizontal ? hugging.horizontal : hugging.vertical
    }

    /// Sets the content hugging priority along `axis`.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        if axis == .horizontal { layoutStorage.hugging.horizontal = priority } else { layoutStorage.hugging.vertical = priority }
        invalidateIntrinsicContentSize()
    }

    /// How strongly the view resists shrinking below its intrinsic size along `axis` (UIKit's
    /// compression resistance; 750 by default).
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        let resistance = layoutState?.compressionResistance ?? (.defaultHigh, .defaultHigh)
        return axis == .horizontal ? resistance.horizontal : resistance.vertical
    }

    /// Sets the compression resistance priority along `axis`.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        if axis == .horizontal {
            layoutStorage.compressionResistance.horizontal = priority
        } else {
            layoutStorage.compressionResistance.vertical = priority
        }
        invalidateIntrinsicContentSize()
    }

    // MARK: Guides

    /// The guides added with `addLayoutGuide(_:)`.
    public var layoutGuides: [LayoutGuide] { layoutState?.guides ?? [] }

    /// Adds `guide` to this view (it leaves the view it was on).
    public func addLayoutGuide(_ guide: LayoutGuide) {
        if let owner = guide.owningView { owner.removeLayoutGuide(guide) }
        guide.owningView = self
        layoutStorage.guides.append(guide)
    }

    /// Removes `guide` and deactivates the constraints that use it.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self else { return }
        for engine in LayoutEngine.engines(holding: guide) { engine.deactivateConstraints(using: guide) }
        layoutState?.guides.removeAll { $0 === guide }
        guide.owningView = nil
    }

    /// The area not covered by system bars: on a kiosk, the bounds (UIKit's `safeAreaLayoutGuide`).
    public var safeAreaLayoutGuide: LayoutGuide {
        if let guide = layoutState?.safeAreaGuide { return guide }
        let guide = LayoutGuide(kind: .safeArea, identifier: "SafeAreaLayoutGuide")
        guide.owningView = self
        layoutStorage.safeAreaGuide = guide
        return guide
    }

    /// The bounds inset by `layoutMargins` (UIKit's `layoutMarginsGuide`).
    public var layoutMarginsGuide: LayoutGuide {
        if let guide = layoutState?.marginsGuide { return guide }
        let guide = LayoutGuide(kind: .layoutMargins, identifier: "LayoutMarginsGuide")
        guide.owningView = self
        layoutStorage.marginsGuide = guide
        return guide
    }

    /// The insets of `layoutMarginsGuide` from the bounds (8 points on every side by default).
    /// Setting it forgets margins set through `directionalLayoutMargins`.
    public var layoutMargins: EdgeInsets {
        get { layoutState?.layoutMargins ?? EdgeInsets(top: 8, left: 8, bottom: 8, right: 8) }
        set {
            layoutStorage.directionalMargins = nil
            setResolvedLayoutMargins(newValue)
        }
    }

    /// Stores the left/right margins and reinstalls the margins guide's constraints.
    private func setResolvedLayoutMargins(_ margins: EdgeInsets) {
        layoutStorage.layoutMargins = margins
        if let guide = layoutState?.marginsGuide {
            for engine in LayoutEngine.engines(holding: guide) { engine.itemSystemChanged(guide) }
        }
    }

    /// `layoutMargins` with leading and trailing instead of left and right (UIKit's
    /// `directionalLayoutMargins`), resolved by `effectiveUserInterfaceLayoutDirection`. Margins
    /// set here stay directional: when the direction changes, `layoutMargins` swaps left and
    /// right to match.
    /// - Complexity: O(depth) (the direction).
    public var directionalLayoutMargins: DirectionalEdgeInsets {
        get {
            let m = layoutMargins
            return effectiveUserInterfaceLayoutDirection == .leftToRight
                ? DirectionalEdgeInsets(top: m.top, leading: m.left, bottom: m.bottom, trailing: m.right)
                : DirectionalEdgeInsets(top: m.top, leading: m.right, bottom: m.bottom, trailing: m.left)
        }
        set {
            layoutStorage.directionalMargins = newValue
            setResolvedLayoutMargins(
                effectiveUserInterfaceLayoutDirection == .leftToRight
                    ? EdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing)
                    : EdgeInsets(top: newValue.top, left: newValue.trailing, bottom: newValue.bottom, right: newValue.leading))
        }
    }

    // MARK: Update cycle

    /// Asks for `updateConstraints()` before the next layout pass.
    public func setNeedsUpdateConstraints() {
        LayoutEngine.of(self).requestConstraintUpdate(for: self)
        markSubtreeNeedsLayout()
    }

    /// Runs the pending `updateConstraints()` calls and solves now (UIKit's
    /// `updateConstraintsIfNeeded()`); the frames are set by the next layout pass.
    public func updateConstraintsIfNeeded() { LayoutEngine.of(self).update() }

    // MARK: Ambiguity

    /// Whether constraints leave this view's frame undetermined: some edge or size can move
    /// without making any constraint less satisfied (UIKit's `hasAmbiguousLayout`).
    /// - Complexity: O(rows × pivots) for each of the four variables; for debugging.
    public var hasAmbiguousLayout: Bool {
        guard let engine = layoutState == nil && superview?.layoutState == nil ? nil : LayoutEngine.existing(of: self) else {
            return false
        }
        return engine.isAmbiguous(self)
    }

    /// Moves an ambiguous view to another of the frames its constraints allow (UIKit's
    /// `exerciseAmbiguityInLayout()`), applied in the next layout pass. Does nothing for a view
    /// whose layout is determined.
    public func exerciseAmbiguityInLayout() {
        LayoutEngine.existing(of: self)?.exerciseAmbiguity(of: self)
        markSubtreeNeedsLayout()
    }
}

/// Insets by leading and trailing edge instead of left and right (UIKit's
/// `NSDirectionalEdgeInsets`).
public struct DirectionalEdgeInsets: Hashable, Sendable {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the leading edge.
    public var leading: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the trailing edge.
    public var trailing: Double

    /// Makes insets from their four values.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No inset.
    public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}
