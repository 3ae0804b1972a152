/// What an assistive technology outside the process (AT-SPI's Orca, through the ATSPI module)
/// needs from the core: the same elements, focus and activation the touch screen reader uses,
/// so both see and act on the app alike.
extension Application {
    /// The elements of the shown windows in the screen reader's reading order
    /// (`ScreenReader.elements`, whether the reader runs or not).
    /// - Complexity: O(v + e log e) for v views and e elements.
    public var accessibilityElementsInReadingOrder: [AccessibilityNode] { AccessibilityReadingOrder.elements(of: self) }

    /// The element an assistive technology reports as focused: the screen reader's focus while
    /// it runs, else the key window's first responder when it is an element (a text field being
    /// typed into), else nil.
    public var accessibilityFocusedElement: AccessibilityNode? {
        if screenReader.isRunning { return screenReader.focusedElement }
        guard let responder = keyWindow?.firstResponder as? View, responder.isAccessibilityElement else { return nil }
        return responder
    }

    /// Activates `node` as the screen reader's double-tap does: `accessibilityActivate()` first,
    /// and when it declines, a tap at its activation point through the normal routing (so the app
    /// sees a touch, as it would from a finger). The reader's own state is left alone.
    public func activateAccessibilityElement(_ node: AccessibilityNode) {
        if !node.accessibilityActivate() { screenReader.tap(atScreenPoint: node.accessibilityActivationPoint) }
    }
}
