extension AccessibilityNode {
    /// What the reader says on focus, VoiceOver's order: "selected" first when selected, then
    /// the label, the value (as spoken: a switch's "1" is "on"; a secure field's text never), what
    /// it is ("button", "heading", "text field"…) and "dimmed" when not enabled.
    /// - Complexity: O(length of the words).
    var spokenDescription: String {
        let traits = accessibilityTraits
        var parts: [String] = []
        if traits.contains(.selected) { parts.append("selected") }
        if let label = accessibilityLabel, !label.isEmpty { parts.append(label) }
        let defaults = self as? AccessibilityDefaults
        if let value = accessibilityValue, !value.isEmpty {
            parts.append(defaults?.spokenAccessibilityValue(value) ?? value)
        }
        if let role = defaults?.accessibilityRoleDescription {
            parts.append(role)
        } else {
            parts += traits.spokenRoles
        }
        if traits.contains(.notEnabled) { parts.append("dimmed") }
        return parts.joined(separator: ", ")
    }
}

extension AccessibilityTraits {
    /// The words VoiceOver says for the traits that name what an element is.
    var spokenRoles: [String] {
        var words: [String] = []
        if contains(.button) { words.append("button") }
        if contains(.link) { words.append("link") }
        if contains(.header) { words.append("heading") }
        if contains(.searchField) { words.append("search field") }
        if contains(.image) { words.append("image") }
        if contains(.adjustable) { words.append("adjustable") }
        if contains(.tabBar) { words.append("tab bar") }
        return words
    }
}
