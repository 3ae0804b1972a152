/// UIKit's defaults: a label is static text whose label is its text.
extension Label: AccessibilityDefaults {
    var defaultAccessibilityLabel: String? { text }
    var defaultAccessibilityTraits: AccessibilityTraits { .staticText }
}
