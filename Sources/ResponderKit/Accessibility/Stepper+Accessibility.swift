/// UIKit's defaults: the stepper is a container of two buttons, "Decrement" and "Increment", each
/// valued with the stepper's value. Activating one taps it through the routing, so the stepper
/// steps as under a finger.
extension Stepper: AccessibilityDefaults {
    var defaultIsAccessibilityElement: Bool { false }
    var defaultAccessibilityElements: [Any]? {
        let value = String(formatted: self.value)
        return accessibilityParts(2) { index, element in
            let half: Half = index == 0 ? .decrement : .increment
            element.accessibilityLabel = index == 0 ? "Decrement" : "Increment"
            element.accessibilityValue = value
            element.accessibilityTraits = canStep(half) && isEnabled ? .button : [.button, .notEnabled]
            element.accessibilityFrameInContainerSpace = rect(for: half)
        }
    }
}

extension String {
    /// A number as spoken: no ".0" on whole numbers.
    init(formatted value: Double) {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            self = String(Int(value))
        } else {
            self = String(value)
        }
    }
}
