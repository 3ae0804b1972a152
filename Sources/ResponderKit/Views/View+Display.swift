/// The layout and display contract (UIKit's): `setNeedsLayout()` asks for `layoutSubviews()` in the
/// next layout pass, which runs parents before children and skips subtrees where nothing was
/// asked; `setNeedsDisplay()` and every change that alters what is drawn add damage to the window
/// in window coordinates, which the renderer repaints and the output presents.
extension View {
    // MARK: Layout

    /// Marks the view for `layoutSubviews()` in the next layout pass (once, however often called).
    /// - Complexity: O(depth) the first time in a pass, O(1) after.
    public func setNeedsLayout() {
        needsLayout = true
        markSubtreeNeedsLayout()
    }

    /// Makes every ancestor's layout pass descend to this view.
    func markSubtreeNeedsLayout() {
        var current: View? = self
        while let view = current, !view.subtreeNeedsLayout || view === self {
            view.subtreeNeedsLayout = true
            current = view.superview
        }
        window?.layoutPassRequested = true
    }

    /// Runs the pending `layoutSubviews()` calls of this view and its subtree now, parents first.
    /// - Complexity: O(views marked and their ancestors); unmarked subtrees are skipped.
    public func layoutIfNeeded() {
        updateConstraintsForLayoutPass()  // Auto Layout's frames first, as UIKit's update pass
        guard subtreeNeedsLayout else { return }
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        // Marks made by a layoutSubviews above reach descendants still ahead in this pass; the
        // flag stays set only for what still waits (a view marked after it was laid out).
        for subview in subviews { subview.layoutIfNeeded() }
        subtreeNeedsLayout = needsLayout || subviews.contains { $0.subtreeNeedsLayout }
        if let window = self as? Window { window.layoutPassRequested = subtreeNeedsLayout }
        finishConstraintsForLayoutPass()
    }

    // MARK: Display

    /// Marks the whole view for redrawing.
    public func setNeedsDisplay() { setNeedsDisplay(bounds) }

    /// Marks part of the view (in its bounds coordinates) for redrawing: the window repaints that
    /// area (and whatever overlaps it) in its next display pass — where it is drawn, which during
    /// an animation is not where the model puts it (a view whose bounds size animates has its
    /// content stretched: all of it is damaged).
    /// - Complexity: O(depth).
    public func setNeedsDisplay(_ rect: Rect) {
        dirtyRect = dirtyRect.union(rect.standardized)
        guard let window = windowStorage ?? (self as? Window), let visible = visibleClip(in: window) else { return }
        let stretched = (animationState?.mask ?? 0) & AnimatedProperty.bounds.bit != 0
        window.addDamage(drawnRectInRoot(stretched ? drawnBounds : rect).intersection(visible))
    }

    /// Called by the renderer after drawing the view: nothing pending any more.
    public func didDisplay() { dirtyRect = .null }

    /// Adds the window-space area where this view and its subtree draw to the window's damage —
    /// before and after a change that moves, hides, shows or fades them, and before and after
    /// each animation frame moves them (positions and alphas as drawn: `View+Presentation`).
    /// With `evenIfHidden`, a view of alpha < 0.01 still damages (its alpha is what changed).
    /// - Complexity: O(depth + views in the subtree), at most `View.damageWalkBudget` views; past
    ///   that the nearest clipping ancestor's area (or the whole window) is damaged instead. Each
    ///   view is mapped once, into its superview: a walk does not pay its depth per view (it
    ///   did, and a bounds change on deep-1k's root cost 3.7 ms).
    func damageDrawnArea(evenIfHidden: Bool = false) {
        guard let window = windowStorage ?? (self as? Window), !window.damagesWholeWindow else { return }
        if self === window {
            window.addDamage(window.bounds)
            return
        }
        guard !isDrawnHidden, evenIfHidden || drawnAlpha >= 0.01, let visible = visibleClip(in: window) else { return }
        var budget = View.damageWalkBudget
        if let extent = drawnExtent(budget: &budget) {
            window.addDamage(drawnRectInRoot(extent).intersection(visible))
        } else {
            window.addDamage(visible)
        }
    }

    /// How many views one damage computation visits before it settles for a coarser area.
    static let damageWalkBudget = 256

    /// The window-space area the view's drawing can reach when it is visible: its ancestors'
    /// clipping rectangles intersected with the window; nil when an ancestor hides it.
    /// - Complexity: O(depth): the clip is carried up one level at a time (a bounding box under
    ///   a rotated ancestor, so never smaller than the area really visible).
    func visibleClip(in window: Window) -> Rect? {
        var clip: Rect? = nil  // unbounded so far; else in the bounds coordinates of `current`
        var current = superview
        while let view = current, view !== window {
            if view.isDrawnHidden || view.drawnAlpha < 0.01 { return nil }
            if view.clipsToBounds {
                let own = view.drawnBounds
                clip = clip.map { $0.intersection(own) } ?? own
            }
            if let area = clip {
                if area.isNull { return .null }
                clip = view.drawnRectInSuperview(area)
            }
            current = view.superview
        }
        if superview == nil && self !== window { return nil }
        return clip.map { $0.intersection(window.bounds) } ?? window.bounds
    }

    /// The bounding box, in this view's bounds coordinates, of this view and the subviews it does
    /// not clip, as drawn; nil once `budget` views have been visited.
    private func drawnExtent(budget: inout Int) -> Rect? {
        budget -= 1
        guard budget >= 0 else { return nil }
        var extent = drawnBounds.standardized
        if clipsToBounds { return extent }
        for subview in subviews where !subview.isDrawnHidden {
            guard let sub = subview.drawnExtent(budget: &budget) else { return nil }
            extent = extent.union(subview.drawnRectInSuperview(sub))
        }
        return extent
    }
}
