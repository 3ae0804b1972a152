/// Right-to-left layout on views (UIKit's `semanticContentAttribute` and
/// `effectiveUserInterfaceLayoutDirection`).
///
/// A view's direction is fixed by the nearest `semanticContentAttribute` other than
/// `.unspecified` on it or an ancestor, else by its window scene's `traitCollection.layoutDirection`,
/// else by the app's language (`Localization.layoutDirection`). Leading and trailing anchors,
/// `directionalLayoutMargins`, horizontal stack views and natural-aligned text follow it; left
/// and right anchors never flip. A constraint's leading and trailing resolve by the direction of
/// the view it is installed on (its items' nearest common ancestor), so both ends of a constraint
/// always agree.
extension View {
    /// What the view's content means, which decides whether it flips in right-to-left layout
    /// (UIKit's `semanticContentAttribute`). Setting it lays out and redraws the subtree whose
    /// direction it changes and calls `traitCollectionDidChange(_:)` there.
    /// - Complexity: O(subtree) when the direction changes; O(depth) otherwise.
    public var semanticContentAttribute: SemanticContentAttribute {
        get { appearanceState?.semanticContentAttribute ?? .unspecified }
        set {
            guard newValue != semanticContentAttribute else { return }
            let old = effectiveUserInterfaceLayoutDirection
            if newValue != .unspecified { ViewAppearanceState.isInUse = true }
            appearance.semanticContentAttribute = newValue
            layoutDirectionMayHaveChanged(from: old)
        }
    }

    /// The direction the view lays its content out in (UIKit's
    /// `effectiveUserInterfaceLayoutDirection`): see the extension's documentation.
    /// - Complexity: O(depth).
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        var current: View? = self
        while let view = current {
            if let fixed = view.appearanceState?.semanticContentAttribute.fixedDirection { return fixed }
            if view.superview == nil, let window = view as? Window, let scene = window.windowScene {
                return scene.traitCollection.layoutDirection.resolved(or: Localization.layoutDirection)
            }
            current = view.superview
        }
        return Localization.layoutDirection
    }

    /// The direction content with `attribute` lays out in when the surroundings are `direction`
    /// (UIKit's `userInterfaceLayoutDirection(for:relativeTo:)`).
    public static func userInterfaceLayoutDirection(
        for attribute: SemanticContentAttribute, relativeTo direction: TraitEnvironmentLayoutDirection
    ) -> UserInterfaceLayoutDirection {
        attribute.fixedDirection ?? direction.resolved(or: Localization.layoutDirection)
    }

    /// After something that decides the direction changed: if this view's is no longer `old`,
    /// its tree's constraints resolve leading and trailing again and the subtree is laid out,
    /// redrawn and told (`traitCollectionDidChange(_:)`).
    func layoutDirectionMayHaveChanged(from old: UserInterfaceLayoutDirection) {
        guard effectiveUserInterfaceLayoutDirection != old else { return }
        let previous = TraitCollection(userInterfaceStyle: effectiveUserInterfaceStyle, layoutDirection: TraitEnvironmentLayoutDirection(old))
        LayoutEngine.existing(of: self)?.rebuild()
        layoutDirectionDidChangeInSubtree(previous: previous)
    }

    /// Lays out, redraws and notifies this view and the views below that inherit its direction.
    private func layoutDirectionDidChangeInSubtree(previous: TraitCollection) {
        setNeedsLayout()
        setNeedsDisplay()
        if let margins = layoutState?.directionalMargins { directionalLayoutMargins = margins }
        traitCollectionDidChange(previous)
        owningViewController?.traitCollectionDidChange(previous)
        for subview in subviews where subview.semanticContentAttribute == .unspecified {
            subview.layoutDirectionDidChangeInSubtree(previous: previous)
        }
    }

    /// Lays out and redraws every view of the tree rooted here, and tells each view (and its
    /// controller) its traits changed: what a language switch does to every window.
    func relayoutSubtreeForLanguageChange(previous: TraitCollection) {
        setNeedsLayout()
        setNeedsDisplay()
        if let margins = layoutState?.directionalMargins { directionalLayoutMargins = margins }
        traitCollectionDidChange(previous)
        owningViewController?.traitCollectionDidChange(previous)
        invalidateIntrinsicContentSize()
        for subview in subviews { subview.relayoutSubtreeForLanguageChange(previous: previous) }
    }
}
