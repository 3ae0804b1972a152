extension View {
    /// Whether this view can be hit at all: not hidden, alpha at least 0.01, interaction enabled,
    /// and not animating without `.allowUserInteraction` (UIKit's rule during `View.animate`).
    /// All of these are model values: an animation's drawn position and alpha do not count.
    /// Skipping a view skips its whole subtree.
    @inline(__always)
    public var isHitTestable: Bool { !isHidden && alpha >= 0.01 && isUserInteractionEnabled && !animationBlocksInteraction }

    /// UIKit's reference recursion, kept as the oracle the index is checked against: this view's
    /// `hitTest(_:with:)` with every default implementation below it recursing over subviews
    /// instead of asking an index. Overrides of `hitTest`/`point(inside:)` are still called.
    /// - Complexity: O(n) in the views of the subtree.
    public func referenceHitTest(_ point: Point, with event: Event?) -> View? {
        HitIndex.bypass += 1
        defer { HitIndex.bypass -= 1 }
        return hitTest(point, with: event)
    }

    /// The recursion step: subviews front to back, each with the point converted into it
    /// (honouring bounds origins and transforms), calling each one's overridable `hitTest`.
    func recursiveSubviewHit(_ point: Point, with event: Event?) -> View? {
        var i = subviews.count
        while i > 0 {
            i -= 1
            let subview = subviews[i]
            if let hit = subview.hitTest(subview.convertFromSuperview(point), with: event) { return hit }
        }
        return nil
    }
}
