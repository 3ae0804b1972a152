/// VoiceOver's actions rotor, for an element with `accessibilityCustomActions` (a message row's
/// "Delete", hidden swipe actions): its focus says "actions available", a swipe down chooses the
/// next action and a swipe up the previous one (each spoken by name; past either end the choice
/// returns to "Activate", the default), and a double-tap performs the chosen one.
///
/// An element without actions of its own offers those of its nearest enclosing view that has some,
/// so a row's actions (set on the cell) reach whichever of its labels has the focus.
extension ScreenReader {
    /// The custom actions the reader offers on `node`: its own, else its nearest ancestor view's.
    /// - Complexity: O(depth).
    func customActions(of node: AccessibilityNode) -> [AccessibilityCustomAction] {
        if let own = node.accessibilityCustomActions, !own.isEmpty { return own }
        var view = (node as? View)?.superview ?? (node as? AccessibilityElement)?.containerView
        while let current = view {
            if let actions = current.accessibilityCustomActions, !actions.isEmpty { return actions }
            view = current.superview
        }
        return []
    }

    /// What the reader says on focus: the description, then "actions available" when the element
    /// offers custom actions (VoiceOver's cue that a vertical swipe chooses one).
    func spokenOnFocus(_ node: AccessibilityNode) -> String {
        let description = node.spokenDescription
        guard !customActions(of: node).isEmpty else { return description }
        return description.isEmpty ? "actions available" : description + ", actions available"
    }

    /// Chooses the next (`forward`) or previous custom action of the focused element and says its
    /// name; nothing when it has none.
    func chooseCustomAction(forward: Bool) {
        guard let node = focusedElement else { return }
        let actions = customActions(of: node)
        guard !actions.isEmpty else { return }
        // Positions 0…count-1 are the actions, count is the default activation.
        let count = actions.count
        let current = selectedCustomActionIndex ?? count
        let next = (current + (forward ? 1 : count)) % (count + 1)
        selectedCustomActionIndex = next == count ? nil : next
        let name = selectedCustomActionIndex.map { actions[$0].name } ?? "Activate"
        speak(name, language: node.accessibilityLanguage, priority: .interrupt)
    }

    /// Performs `action` of `node` (the double-tap after a choice). When the element is gone
    /// afterwards (a row deleted or archived), the focus goes to the element that took its place
    /// in reading order, as VoiceOver's does; otherwise the element is spoken again. Announcements
    /// the action posted follow.
    func performCustomAction(_ action: AccessibilityCustomAction, of node: AccessibilityNode) {
        let index = elements.firstIndex { $0 === node }
        selectedCustomActionIndex = nil
        isActivating = true
        action.perform()
        isActivating = false
        if stillShown(node) {
            speak(spokenOnFocus(node), language: node.accessibilityLanguage, priority: .interrupt)
        } else {
            let all = elements
            if let index, !all.isEmpty { focus(all[min(index, all.count - 1)]) } else { focus(nil) }
        }
        let held = announcementsDuringActivation
        announcementsDuringActivation.removeAll()
        for text in held { speak(text, priority: .announcement) }
        updateFocusRing()
    }
}
