extension View {
    /// Whether this view can be hit at all: not hidden, alpha at least 0.01, interaction enabled.
    /// Skipping a view skips its whole subtree.
    @inline(__always)
    public var isHitTestable: Bool { !isHidden && alpha >= 0.01 && isUserInteractionEnabled }

    /// UIKit's reference recursion, kept as the oracle the fast path is checked against: skip the
    /// view and its subtree when hidden, alpha < 0.01, interaction disabled or `point(inside:with:)`
    /// is false; else try subviews front to back (each with the point converted into it, honouring
    /// bounds origins and transforms); else the view itself. `point` is in this view's coordinates.
    /// Calls the overridable `hitTest(_:with:)`/`point(inside:with:)` of every subview.
    /// - Complexity: O(n) in the views of the subtree.
    public func referenceHitTest(_ point: Point, with event: Event?) -> View? {
        guard isHitTestable, self.point(inside: point, with: event) else { return nil }
        var i = subviews.count
        while i > 0 {
            i -= 1
            let subview = subviews[i]
            if let hit = subview.hitTest(subview.convertFromSuperview(point), with: event) { return hit }
        }
        return self
    }
}
