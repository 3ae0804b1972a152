/// Moving the focus to content a scroll view does not show, as VoiceOver does: the scroll view
/// scrolls so the element is seen (and the focus ring is on screen), and a table's rows that do
/// not exist yet are made by scrolling on from its last visible one. The offsets stay real
/// content offsets, so a three-finger swipe afterwards still says the right page.
extension ScreenReader {
    /// The view an element lives in: itself, or an `AccessibilityElement`'s container.
    func hostView(of node: AccessibilityNode) -> View? {
        (node as? View) ?? (node as? AccessibilityElement)?.containerView
    }

    /// Scrolls every scroll view that holds `node` the least needed to show its frame
    /// (`scrollRectToVisible`, innermost first), then lays out so its new place is known.
    /// - Complexity: O(depth) plus the layout.
    func scrollIntoView(_ node: AccessibilityNode) {
        guard let host = hostView(of: node) else { return }
        var scrolled = false
        var scrollView = host.enclosingScrollView
        while let current = scrollView {
            let frame = node.accessibilityFrame
            let visible = current.screenRect(current.bounds)
            if !visible.contains(frame) {
                let inContent = current.contentRect(fromScreen: frame)
                let before = current.contentOffset
                current.scrollRectToVisible(inContent, animated: false)
                if current.contentOffset != before { scrolled = true }
            }
            scrollView = current.enclosingScrollView
        }
        if scrolled { application.keyWindow?.layoutIfNeeded() }
    }

    /// When `focused` is the last element (for `step` > 0; the first for `step` < 0) of a scroll
    /// view that can scroll on in that direction, scrolls it by the element's height so the
    /// content beyond is made and laid out (a table tiles its next row). Returns whether it
    /// scrolled.
    /// - Complexity: O(e) plus the layout.
    func revealMoreContent(beyond focused: AccessibilityNode?, step: Int, in all: [AccessibilityNode]) -> Bool {
        guard let focused, step != 0, let host = hostView(of: focused), let scrollView = host.enclosingScrollView,
            let index = all.firstIndex(where: { $0 === focused })
        else { return false }
        let target = index + step
        if all.indices.contains(target), let next = hostView(of: all[target]), next.isDescendant(of: scrollView) { return false }
        let frame = scrollView.contentRect(fromScreen: focused.accessibilityFrame)
        let beyond =
            step > 0
            ? Rect(x: frame.minX, y: frame.maxY, width: frame.width, height: frame.height)
            : Rect(x: frame.minX, y: frame.minY - frame.height, width: frame.width, height: frame.height)
        let before = scrollView.contentOffset
        scrollView.scrollRectToVisible(beyond, animated: false)
        guard scrollView.contentOffset != before else { return false }
        application.keyWindow?.layoutIfNeeded()
        return true
    }
}

extension ScrollView {
    /// A rectangle in screen coordinates in this scroll view's content coordinates (its bounds').
    func contentRect(fromScreen rect: Rect) -> Rect {
        let origin = screenRect(bounds)
        return Rect(
            x: rect.minX - origin.minX + bounds.minX, y: rect.minY - origin.minY + bounds.minY, width: rect.width, height: rect.height)
    }
}
