/// How the input view presenter moves the keyboard layout guides of a window with the keyboard
/// (see `View.keyboardLayoutGuide` and `LayoutEngine+KeyboardGuide`).
extension Window {
    /// Whether views of this window use a keyboard layout guide.
    var usesKeyboardLayoutGuide: Bool { layoutState?.engine?.hasKeyboardGuides ?? false }

    /// Before the docked frame changes: what was waiting for layout is laid out without
    /// animation, so only the keyboard's change plays in the slide.
    func layoutBeforeKeyboardMoves() {
        guard usesKeyboardLayoutGuide else { return }
        View.performWithoutAnimation { layoutIfNeeded() }
    }

    /// After the docked frame changed: the guides take the keyboard's new frame in a layout pass
    /// animated like the keyboard's slide (`duration` 0: at once). Touches keep reaching the
    /// moving views, whose model frames are already the final ones.
    func layoutFollowingKeyboard(duration: Double, options: View.AnimationOptions) {
        guard usesKeyboardLayoutGuide else { return }
        setNeedsLayout()
        if duration > 0 {
            View.animate(
                withDuration: duration, delay: 0, options: options.union([.beginFromCurrentState, .allowUserInteraction]),
                animations: { layoutIfNeeded() })
        } else {
            View.performWithoutAnimation { layoutIfNeeded() }
        }
    }
}
