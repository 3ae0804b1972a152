/// The way the screen reader's three-finger swipe asks a view to scroll
/// (`accessibilityScroll(_:)`, UIKit's `UIAccessibilityScrollDirection`).
///
/// The direction is the fingers', as in UIKit: `.up` (fingers moving up) shows the next page below,
/// `.left` the next page to the right.
public enum AccessibilityScrollDirection: Int, Sendable {
    /// Fingers moved right: the previous page to the left.
    case right = 1
    /// Fingers moved left: the next page to the right.
    case left = 2
    /// Fingers moved up: the next page below.
    case up = 3
    /// Fingers moved down: the previous page above.
    case down = 4
    /// The next page in reading order (vertical content: below).
    case next = 5
    /// The previous page in reading order.
    case previous = 6
}
