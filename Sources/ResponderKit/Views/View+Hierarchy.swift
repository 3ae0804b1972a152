extension View {
    /// Adds `view` on top of the other subviews (moving it from its old superview).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in `subviews` (0 is the back), clamped to the valid range.
    /// Adding an ancestor (which would make a cycle) or the view itself is refused with a diagnostic.
    public func insertSubview(_ view: View, at index: Int) {
        guard view !== self, !isDescendant(of: view) else {
            ResponderDiagnostics.report(.droppedInput("addSubview: \(type(of: view)) is an ancestor of \(type(of: self)); refused"))
            return
        }
        if view.superview === self, let old = subviews.firstIndex(identicalTo: view) {
            let target = min(max(0, index > old ? index - 1 : index), subviews.count - 1)
            guard target != old else { return }
            hitSubviewWillLeave(view)
            subviews.remove(at: old)
            subviews.insert(view, at: target)
            hitSubviewDidJoin(view)
            view.damageDrawnArea()
            return
        }
        let newWindow = window
        let inherited = view.inheritedAppearance
        view.willMove(toSuperview: self)
        view.damageDrawnArea()
        if let oldSuperview = view.superview {
            oldSuperview.willRemoveSubview(view)
            oldSuperview.hitSubviewWillLeave(view)
            if let i = oldSuperview.subviews.firstIndex(identicalTo: view) { oldSuperview.subviews.remove(at: i) }
        }
        let oldWindow = view.window
        if oldWindow !== newWindow { view.propagateWindowWillChange(to: newWindow) }
        subviews.insert(view, at: min(max(0, index), subviews.count))
        view.superviewStorage = self
        if oldWindow !== newWindow { view.propagateWindow(newWindow, from: oldWindow) }
        hitSubviewDidJoin(view)
        view.inheritedAppearanceMayHaveChanged(from: inherited)
        view.didMoveToSuperview()
        didAddSubview(view)
        // UIKit: adding a subview asks the receiver for layout; the new subtree keeps its own marks.
        setNeedsLayout()
        if view.subtreeNeedsLayout { view.markSubtreeNeedsLayout() }
        view.damageDrawnArea()
    }

    /// Adds `view` just in front of `sibling`.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard let i = subviews.firstIndex(identicalTo: sibling) else { return addSubview(view) }
        insertSubview(view, at: i + 1)
    }

    /// Adds `view` just behind `sibling`.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        guard let i = subviews.firstIndex(identicalTo: sibling) else { return insertSubview(view, at: 0) }
        insertSubview(view, at: i)
    }

    /// Detaches the view from its superview (and window). A first responder inside resigns; touches
    /// on views inside are cancelled by their window after the current delivery.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        willMove(toSuperview: nil)
        damageDrawnArea()
        parent.willRemoveSubview(self)
        parent.hitSubviewWillLeave(self)
        let oldWindow = window
        if oldWindow != nil { propagateWindowWillChange(to: nil) }
        if let i = parent.subviews.firstIndex(identicalTo: self) { parent.subviews.remove(at: i) }
        superviewStorage = nil
        if let oldWindow { propagateWindow(nil, from: oldWindow) }
        didMoveToSuperview()
        parent.setNeedsLayout()
    }

    /// Moves a subview in front of its siblings.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves a subview behind its siblings.
    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Swaps two subviews' places in the stacking order.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else { return }
        let a = subviews[index1], b = subviews[index2]
        hitSubviewWillLeave(a)
        hitSubviewWillLeave(b)
        subviews.swapAt(index1, index2)
        hitSubviewDidJoin(a)
        hitSubviewDidJoin(b)
        a.damageDrawnArea()
        b.damageDrawnArea()
    }

    // MARK: Window moves

    func propagateWindowWillChange(to newWindow: Window?) {
        willMove(toWindow: newWindow)
        for subview in subviews { subview.propagateWindowWillChange(to: newWindow) }
    }

    /// Sets the cached window over the subtree and tells the old window to let go of what it holds
    /// in it (first responder, touches). Windows themselves keep `window == self`.
    func propagateWindow(_ newWindow: Window?, from oldWindow: Window?) {
        // The first responder resigns while it is still in the old window (its resign hooks run);
        // touches are checked once the subtree's views no longer report the old window.
        if let oldWindow { oldWindow.subtreeWillLeave(self) }
        setWindowRecursively(newWindow)
        if let oldWindow { oldWindow.subtreeDidLeave(self) }
        if let newWindow { newWindow.subtreeDidJoin(self) }
    }

    private func setWindowRecursively(_ newWindow: Window?) {
        if !(self is Window) {
            windowStorage = newWindow
            // Off its window a view is not drawn: its animations end unfinished (UIKit's rule).
            if animationState != nil { removeAllAnimations() }
        }
        layoutWindowDidChange()  // its installed constraints follow it to the new window's engine
        for subview in subviews { subview.setWindowRecursively(newWindow) }
        didMoveToWindow()
        if subtreeNeedsLayout { newWindow?.layoutPassRequested = true }
    }
}
