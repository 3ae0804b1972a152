/// UIKit's defaults: adjustable, its value a percentage of its range, and swipe up or down moves it
/// by a tenth of the range (sending `.valueChanged` as a drag would).
extension Slider: AccessibilityDefaults {
    var defaultAccessibilityValue: String? {
        let range = maximumValue - minimumValue
        let fraction = range > 0 ? (value - minimumValue) / range : 0
        return "\(Int((fraction * 100).rounded()))%"
    }
    var defaultAccessibilityTraits: AccessibilityTraits { .adjustable }
    func incrementForAccessibility() { step(by: 0.1) }
    func decrementForAccessibility() { step(by: -0.1) }

    private func step(by fraction: Double) {
        let old = value
        setValue(value + fraction * (maximumValue - minimumValue), animated: false)
        if value != old {
            sendActions(for: .valueChanged)
            sendActions(for: .primaryActionTriggered)
        }
    }
}
