/// The screen reader's focus ring: a rounded border around the focused element, on top of its
/// window. It takes no touches (`isUserInteractionEnabled` false) and is no accessibility element,
/// so hit testing and the reading order pass through it.
@MainActor
public final class FocusRingView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    public override class var standardHitTestingClass: View.Type { FocusRingView.self }
    /// The ring's width in points.
    public static let ringWidth = 4.0

    /// Makes the ring (black-edged yellow would need two borders; one thick dark border reads on
    /// light and dark alike when it is this wide).
    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        layer.borderWidth = FocusRingView.ringWidth
        layer.borderColor = Color(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
        layer.cornerRadius = 6
        accessibilityElementsHidden = true
    }
}

extension ScreenReader {
    /// Puts the ring around the focused element (in its window, on top), or takes it away.
    func updateFocusRing() {
        guard isRunning, showsFocusRing, let node = focusedElement,
            let window = focusedView?.window
        else {
            focusRing?.removeFromSuperview()
            return
        }
        let ring = focusRing ?? FocusRingView(frame: .zero)
        focusRing = ring
        let origin = window.convertToSuperview(.zero)
        let frame = node.accessibilityFrame
        let outset = FocusRingView.ringWidth
        ring.frame = Rect(
            x: frame.minX - origin.x - outset, y: frame.minY - origin.y - outset,
            width: frame.width + 2 * outset, height: frame.height + 2 * outset)
        if ring.superview !== window || window.subviews.last !== ring { window.addSubview(ring) }
    }
}
