extension View {
    /// `count` elements for this view's parts, reused while the count stays (the reader's focus
    /// keeps its identity), each given its frame in this view's coordinates and its words by
    /// `describe`.
    /// - Complexity: O(count).
    func accessibilityParts(_ count: Int, _ describe: (Int, AccessibilityElement) -> Void) -> [Any] {
        let state = accessibilityStorage
        if state.partElements.count != count {
            state.partElements = (0..<count).map { _ in AccessibilityElement(accessibilityContainer: self) }
        }
        for (index, element) in state.partElements.enumerated() { describe(index, element) }
        return state.partElements
    }
}
