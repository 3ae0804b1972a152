/// Where a view is drawn, for damage: the same walks as the model conversions in
/// `View+Geometry`, but through each view's presentation (what the renderer draws). With no
/// animation anywhere on the path they are the model conversions, step for step.
extension View {
    /// Whether the renderer leaves the view (and its subtree) out: `isHidden`, except for an
    /// arranged subview hidden inside an animation block while its stack view collapses it
    /// (UIKit hides its layer when the collapse ends). Hit testing uses `isHidden`.
    /// - Complexity: O(1); one more load only for a hidden view.
    @inline(__always)
    package var isDrawnHidden: Bool {
        guard isHidden else { return false }
        guard let state = animationState, state.drawsWhileHidden else { return true }
        return state.isEmpty
    }

    /// The alpha the renderer draws with.
    @inline(__always)
    var drawnAlpha: Double {
        if let state = animationState, state.mask & AnimatedProperty.alpha.bit != 0 { return state.alpha }
        return alpha
    }

    /// The bounds the renderer draws in.
    @inline(__always)
    var drawnBounds: Rect {
        if let state = animationState, state.mask & AnimatedProperty.bounds.bit != 0 { return state.bounds }
        return boundsStorage
    }

    /// Maps a point from this view's (drawn) bounds coordinates to its superview's, as drawn.
    /// - Complexity: O(1).
    func convertToSuperviewDrawn(_ p: Point) -> Point {
        guard let state = animationState,
            state.mask
                & (AnimatedProperty.center.bit | AnimatedProperty.bounds.bit
                    | AnimatedProperty.transform.bit) != 0
        else {
            return convertToSuperview(p)
        }
        let drawn = presentation
        let b = drawn.bounds, c = drawn.center
        let v = Point(x: p.x - b.origin.x - b.width / 2, y: p.y - b.origin.y - b.height / 2)
        let turned = drawn.transform.isIdentity ? v : v.applying(drawn.transform)
        return Point(x: turned.x + c.x, y: turned.y + c.y)
    }

    /// The bounding box, in the superview's bounds coordinates, of `rect` (this view's bounds
    /// coordinates) where it is drawn: one level of `drawnRectInRoot`, for walks that carry an
    /// area level by level instead of mapping every view all the way to the root.
    /// - Complexity: O(1).
    func drawnRectInSuperview(_ rect: Rect) -> Rect {
        let r = rect.standardized
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for corner in 0..<4 {
            let p = convertToSuperviewDrawn(Point(x: corner & 1 == 0 ? r.minX : r.maxX, y: corner & 2 == 0 ? r.minY : r.maxY))
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The root-space bounding box of `rect` (this view's bounds coordinates) where it is drawn.
    /// - Complexity: O(depth); no allocation.
    func drawnRectInRoot(_ rect: Rect) -> Rect {
        let r = rect.standardized
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for corner in 0..<4 {
            var p = Point(x: corner & 1 == 0 ? r.minX : r.maxX, y: corner & 2 == 0 ? r.minY : r.maxY)
            var v = self
            while let s = v.superview {
                p = v.convertToSuperviewDrawn(p)
                v = s
            }
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
