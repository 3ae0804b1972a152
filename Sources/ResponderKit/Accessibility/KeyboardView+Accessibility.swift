/// The on-screen keyboard's keys are elements with the `keyboardKey` trait, labelled as drawn
/// ("space", "shift", a letter); activating one taps it through the routing, so it types as a finger.
extension KeyboardView: AccessibilityDefaults {
    var defaultIsAccessibilityElement: Bool { false }
    var defaultAccessibilityElements: [Any]? {
        let shown = keys.filter { if case .spacer = $0.kind { false } else { true } }
        return accessibilityParts(shown.count) { index, element in
            let key = shown[index]
            element.accessibilityLabel = key.accessibilityName
            element.accessibilityTraits = .keyboardKey
            element.accessibilityFrameInContainerSpace = key.frame
        }
    }
}

extension KeyboardKey {
    /// The key's spoken name: its text, or what a function key does.
    var accessibilityName: String {
        switch kind {
        case .text: return text == " " ? "space" : text
        case .shift: return "shift"
        case .backspace: return "delete"
        case .return: return label.isEmpty ? "return" : label
        case .space: return "space"
        case .page: return label.isEmpty ? "more" : label
        case .spacer: return ""
        }
    }
}
