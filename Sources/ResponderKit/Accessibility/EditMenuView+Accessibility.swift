/// The edit menu's items (Cut, Copy, Paste…) are button elements; activating one taps it.
extension EditMenuView: AccessibilityDefaults {
    var defaultIsAccessibilityElement: Bool { false }
    var defaultAccessibilityElements: [Any]? {
        let frames = itemFrames
        return accessibilityParts(min(items.count, frames.count)) { index, element in
            element.accessibilityLabel = items[index].title
            element.accessibilityTraits = .button
            element.accessibilityFrameInContainerSpace = frames[index]
        }
    }
}
