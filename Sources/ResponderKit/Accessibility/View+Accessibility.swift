/// The defaults behind `View`'s accessibility properties. A control states its UIKit defaults by
/// conforming to `AccessibilityDefaults` in its own `+Accessibility` file; a plain view is not an
/// element, has no label and reads its subviews.
extension View {
    var accessibilityStorage: ViewAccessibilityState {
        if let state = accessibilityState { return state }
        let state = ViewAccessibilityState()
        accessibilityState = state
        return state
    }

    /// The view's bounds in screen coordinates (its window placed by its frame on the scene).
    var screenFrame: Rect { screenRect(bounds) }

    /// `rect` from this view's coordinates to the screen's.
    func screenRect(_ rect: Rect) -> Rect {
        let inRoot = convert(rect, to: nil)
        guard let window = rootView as? Window else { return inRoot }
        let origin = window.convertToSuperview(Point(x: inRoot.minX, y: inRoot.minY))
        return Rect(x: origin.x, y: origin.y, width: inRoot.width, height: inRoot.height)
    }

    /// Whether this is the view of a presented controller (modal by default, as UIKit's).
    var isPresentedControllerView: Bool {
        guard let controller = owningViewController, controller.isViewLoaded, controller.view === self else { return false }
        return controller.presentingViewController != nil
    }

    var typeDefaultIsAccessibilityElement: Bool {
        (self as? AccessibilityDefaults)?.defaultIsAccessibilityElement ?? false
    }
    var typeDefaultAccessibilityLabel: String? { (self as? AccessibilityDefaults)?.defaultAccessibilityLabel }
    var typeDefaultAccessibilityValue: String? { (self as? AccessibilityDefaults)?.defaultAccessibilityValue }
    var typeDefaultAccessibilityElements: [Any]? { (self as? AccessibilityDefaults)?.defaultAccessibilityElements }
    var typeDefaultAccessibilityTraits: AccessibilityTraits {
        var traits = (self as? AccessibilityDefaults)?.defaultAccessibilityTraits ?? .none
        if let control = self as? Control, !control.isEnabled { traits.insert(.notEnabled) }
        return traits
    }
    var typeDefaultAccessibilityCustomActions: [AccessibilityCustomAction]? {
        (self as? TableViewCell)?.swipeActionsForAccessibility
    }
    func typeDefaultAccessibilityActivate() -> Bool { (self as? AccessibilityDefaults)?.activateForAccessibility() ?? false }
    func typeDefaultAccessibilityIncrement() { (self as? AccessibilityDefaults)?.incrementForAccessibility() }
    func typeDefaultAccessibilityDecrement() { (self as? AccessibilityDefaults)?.decrementForAccessibility() }
    func typeDefaultAccessibilityScroll(_ direction: AccessibilityScrollDirection) -> Bool {
        (self as? AccessibilityDefaults)?.scrollForAccessibility(direction) ?? false
    }
}

/// A view type's UIKit accessibility defaults (Label: static text labelled by its text; Button: a
/// button labelled by its title…). Each control conforms in its own `+Accessibility` file, so the
/// control's class body stays as it was.
@MainActor
protocol AccessibilityDefaults: View {
    var defaultIsAccessibilityElement: Bool { get }
    var defaultAccessibilityLabel: String? { get }
    var defaultAccessibilityValue: String? { get }
    var defaultAccessibilityTraits: AccessibilityTraits { get }
    var defaultAccessibilityElements: [Any]? { get }
    /// The words for what it is when no trait says it ("text field", "switch button").
    var accessibilityRoleDescription: String? { get }
    /// The value as spoken ("1" → "on" for a switch).
    func spokenAccessibilityValue(_ value: String) -> String
    func activateForAccessibility() -> Bool
    func incrementForAccessibility()
    func decrementForAccessibility()
    func scrollForAccessibility(_ direction: AccessibilityScrollDirection) -> Bool
}

extension AccessibilityDefaults {
    var defaultIsAccessibilityElement: Bool { true }
    var defaultAccessibilityLabel: String? { nil }
    var defaultAccessibilityValue: String? { nil }
    var defaultAccessibilityTraits: AccessibilityTraits { .none }
    var defaultAccessibilityElements: [Any]? { nil }
    var accessibilityRoleDescription: String? { nil }
    func spokenAccessibilityValue(_ value: String) -> String { value }
    func activateForAccessibility() -> Bool { false }
    func incrementForAccessibility() {}
    func decrementForAccessibility() {}
    func scrollForAccessibility(_ direction: AccessibilityScrollDirection) -> Bool { false }
}
