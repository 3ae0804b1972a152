extension View {
    /// The area, in this view's bounds coordinates, that the view and its subtree can draw into:
    /// its bounds, plus (unless it clips) the drawing extents of its visible subviews, from the
    /// model geometry. Nil while an animation in the subtree draws it somewhere else (the
    /// presentation), and when the geometry is not finite.
    ///
    /// Why: a renderer culls a view that does not clip only when nothing of its subtree can reach
    /// the repaint area. Walking the subtree to find out costs as much as drawing it — a list of
    /// 10,000 rows, each a view with a label and a button, would be visited row by row and child by
    /// child on every scroll frame. The answer is cached per view and dropped (for the view and its
    /// ancestors) by every change that moves what the subtree draws: frame, center, bounds,
    /// transform, hidden, clipping, a subview added or removed.
    /// - Complexity: O(1) when cached; else O(views in the subtree whose cache was dropped).
    public var drawingExtent: Rect? {
        if drawingExtentIsValid { return drawingExtentStorage }
        if hasAnimations { return nil }
        var extent = boundsStorage
        if !clipsToBounds {
            for subview in subviews where !subview.isDrawnHidden {
                guard let sub = subview.drawingExtent else { return nil }
                extent = extent.union(subview.rectInSuperview(sub))
            }
        }
        guard extent.origin.x.isFinite, extent.origin.y.isFinite, extent.size.width.isFinite, extent.size.height.isFinite else {
            return nil
        }
        drawingExtentStorage = extent
        drawingExtentIsValid = true
        return extent
    }

    /// Drops the cached `drawingExtent` of this view and its ancestors (they were computed from it).
    /// The superview is always visited: this view may have had no cache because it was hidden (or
    /// its parent clips) when the parent's was computed, and this change may be what brings it in.
    /// - Complexity: O(1) amortized: past the superview the walk stops at the first view without
    ///   a cache.
    func invalidateDrawingExtent() {
        drawingExtentIsValid = false
        var current: View? = superview
        while let view = current, view.drawingExtentIsValid {
            view.drawingExtentIsValid = false
            current = view.superview
        }
    }

    /// `rect` (in this view's bounds coordinates) as a box in the superview's coordinates, through
    /// the view's transform about its centre — as the renderer places it.
    func rectInSuperview(_ rect: Rect) -> Rect {
        let b = boundsStorage
        if transformStorage.isIdentity {
            return rect.offsetBy(dx: frameOrigin.x - b.minX, dy: frameOrigin.y - b.minY)
        }
        let c = center
        let local = AffineTransform(translationX: -(b.minX + b.width / 2), y: -(b.minY + b.height / 2))
            .concatenating(transformStorage)
            .concatenating(AffineTransform(translationX: c.x, y: c.y))
        return rect.applying(local)
    }
}
