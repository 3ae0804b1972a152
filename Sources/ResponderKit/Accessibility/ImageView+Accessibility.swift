/// UIKit's defaults: an image view is not an element until the app says so; then it is an image.
extension ImageView: AccessibilityDefaults {
    var defaultIsAccessibilityElement: Bool { false }
    var defaultAccessibilityTraits: AccessibilityTraits { .image }
}
