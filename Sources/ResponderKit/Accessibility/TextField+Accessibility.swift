/// UIKit's defaults: labelled by its placeholder, its value is its text. A secure entry's text is
/// never spoken: its value is how many characters it holds, as VoiceOver says it.
extension TextField: AccessibilityDefaults {
    var defaultAccessibilityLabel: String? { placeholder }
    var defaultAccessibilityValue: String? {
        if isSecureTextEntry {
            let count = text.count
            return count == 1 ? "1 character" : "\(count) characters"
        }
        return text.isEmpty ? nil : text
    }
    var accessibilityRoleDescription: String? { isSecureTextEntry ? "secure text field" : "text field" }
}
