/// Follows the pointer over its view with no button held (UIKit's `UIHoverGestureRecognizer`),
/// continuous: it begins when the cursor comes over the view (or any view inside it), changes as
/// the cursor moves there, and ends when the cursor leaves it, leaves the window, or its device
/// goes away. `location(in:)` is the cursor. Each hover recognizer follows its own stream, so
/// hovering never prevents another recognizer (and is never prevented).
@MainActor
open class HoverGestureRecognizer: GestureRecognizer {
    override func accepts(_ input: IndirectInput) -> Bool {
        if case .hover = input { return true }
        return false
    }

    override func indirectChanged(_ input: IndirectInput, at time: Double) {
        switch state {
        case .possible: state = .began
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { false }
    open override func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { false }
}
