extension View {
    /// A guide that follows the on-screen keyboard docked in this view's window (UIKit's
    /// `keyboardLayoutGuide`): it spans the view's width and covers, from the bottom up, the part
    /// of the view the keyboard covers (`Window.keyboardFrame`). With no keyboard shown its top is
    /// the bottom of the safe area and its height 0. A form constrained with
    /// `form.bottomAnchor.constraint(lessThanOrEqualTo: view.keyboardLayoutGuide.topAnchor)` moves
    /// above the keyboard by itself and comes back when it hides; the change plays inside the
    /// keyboard's slide (same duration and curve), as in UIKit, and keeps touches on the moving
    /// views (`.allowUserInteraction`).
    public var keyboardLayoutGuide: LayoutGuide {
        if let guide = layoutState?.keyboardGuide { return guide }
        let guide = LayoutGuide(kind: .keyboard, identifier: "KeyboardLayoutGuide")
        guide.owningView = self
        layoutStorage.keyboardGuide = guide
        return guide
    }
}
