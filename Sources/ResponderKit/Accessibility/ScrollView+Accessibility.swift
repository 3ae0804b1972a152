/// UIKit's defaults: a scroll view is a container, and the reader's three-finger swipe pages it
/// (one visible height or width, clamped to the content) and announces "page 2 of 5" with
/// `.pageScrolled`.
extension ScrollView: AccessibilityDefaults {
    var defaultIsAccessibilityElement: Bool { false }

    func scrollForAccessibility(_ direction: AccessibilityScrollDirection) -> Bool {
        let inset = adjustedContentInset
        let page = Size(width: bounds.width, height: bounds.height)
        guard page.width > 0, page.height > 0 else { return false }
        let minimum = Point(x: -inset.left, y: -inset.top)
        let maximum = Point(
            x: max(minimum.x, contentSize.width + inset.right - page.width),
            y: max(minimum.y, contentSize.height + inset.bottom - page.height))
        let vertical = maximum.y > minimum.y
        var target = contentOffset
        switch direction {
        case .up: target.y += page.height
        case .down: target.y -= page.height
        case .left: target.x += page.width
        case .right: target.x -= page.width
        case .next: if vertical { target.y += page.height } else { target.x += page.width }
        case .previous: if vertical { target.y -= page.height } else { target.x -= page.width }
        }
        target.x = min(max(target.x, minimum.x), maximum.x)
        target.y = min(max(target.y, minimum.y), maximum.y)
        guard target != contentOffset else { return false }
        setContentOffset(target, animated: false)
        let horizontal = direction == .left || direction == .right || (!vertical && (direction == .next || direction == .previous))
        let (position, extent, length) =
            horizontal ? (target.x - minimum.x, maximum.x - minimum.x, page.width) : (target.y - minimum.y, maximum.y - minimum.y, page.height)
        let pages = Int((extent / length).rounded(.up)) + 1
        let current = min(pages, Int((position / length).rounded()) + 1)
        Accessibility.post(notification: .pageScrolled, argument: "page \(current) of \(pages)", from: self)
        return true
    }
}
