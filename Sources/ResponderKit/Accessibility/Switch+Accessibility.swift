/// UIKit's defaults: a button whose value is "1" or "0", spoken as on or off.
extension Switch: AccessibilityDefaults {
    var defaultAccessibilityValue: String? { isOn ? "1" : "0" }
    var defaultAccessibilityTraits: AccessibilityTraits { .button }
    var accessibilityRoleDescription: String? { "switch button" }
    func spokenAccessibilityValue(_ value: String) -> String {
        switch value {
        case "1": return "on"
        case "0": return "off"
        default: return value
        }
    }
}
