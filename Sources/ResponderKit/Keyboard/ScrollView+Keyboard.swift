/// Keeping the focused field visible above the on-screen keyboard — what UIKit apps do by hand
/// in their `keyboardWillShow` handler, done here by every scroll view around the first
/// responder (turn it off with `keepsFirstResponderAboveKeyboard = false`).
///
/// When the keyboard docks (or its frame changes), each scroll view that contains the first
/// responder sets `keyboardInset` to the height of its own area the keyboard covers — so its
/// content can scroll above the keyboard — and scrolls (animated, on the frame clock) the least
/// that shows the focused view, with `keyboardMargin` points to spare, in the part left visible.
/// When the keyboard hides, the inset goes back to 0 and an offset past the new end comes back.
extension ScrollView {
    /// Points kept between the focused view and the keyboard's top edge (or the view's top).
    public static let keyboardMargin = 8.0

    /// The keyboard is now docked at `keyboardFrame` (window coordinates; nil: hidden, or no
    /// longer about this scroll view) while `focusedView`, inside this scroll view, is first
    /// responder.
    func keyboardFrameChanged(_ keyboardFrame: Rect?, focusedView: View?) {
        guard keepsFirstResponderAboveKeyboard, let window else { return }
        let visible = convert(bounds, to: window)
        let covered = keyboardFrame.map { max(0, min(visible.height, visible.maxY - $0.minY)) } ?? 0
        let changed = covered != keyboardInset
        keyboardInset = covered
        guard keyboardFrame != nil, let focusedView, focusedView.isDescendant(of: self) else {
            if changed {
                let back = clamped(contentOffset)
                if back != contentOffset { setContentOffset(back, animated: true) }
            }
            return
        }
        let field = focusedView.convert(focusedView.bounds, to: self)
        let visibleHeight = bounds.height - covered
        var target = contentOffset
        let margin = Self.keyboardMargin
        if field.maxY + margin > target.y + visibleHeight { target.y = field.maxY + margin - visibleHeight }
        if field.minY - margin < target.y { target.y = field.minY - margin }
        target = clamped(target)
        if target != contentOffset { setContentOffset(target, animated: true) }
    }
}
