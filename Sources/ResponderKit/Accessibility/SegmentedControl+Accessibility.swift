/// UIKit's defaults: each segment is a button element of its own, the chosen one `selected`.
/// Activating a segment taps it through the routing.
extension SegmentedControl: AccessibilityDefaults {
    var defaultIsAccessibilityElement: Bool { false }
    var defaultAccessibilityElements: [Any]? {
        accessibilityParts(numberOfSegments) { index, element in
            element.accessibilityLabel = titleForSegment(at: index)
            var traits: AccessibilityTraits = .button
            if index == selectedSegmentIndex { traits.insert(.selected) }
            if !isEnabled || !isEnabledForSegment(at: index) { traits.insert(.notEnabled) }
            element.accessibilityTraits = traits
            element.accessibilityFrameInContainerSpace = rectForSegment(at: index)
        }
    }
}
