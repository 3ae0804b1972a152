/// UIKit's defaults: a button labelled by its title; selected buttons say so.
extension Button: AccessibilityDefaults {
    var defaultAccessibilityLabel: String? {
        guard let title = currentTitle, !title.isEmpty else { return nil }
        return title
    }
    var defaultAccessibilityTraits: AccessibilityTraits { isSelected ? [.button, .selected] : .button }
}
