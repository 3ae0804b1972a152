/// The screen reader's reading order, UIKit's: elements top to bottom, then leading to trailing by
/// their frames (right to left in a window laid out right to left, `TraitCollection.layoutDirection`
/// or the app's language, so the next element is the one on the left there); a container that lists `accessibilityElements` or groups its children is read as
/// one block in its own order; hidden views (`isHidden`, alpha below 0.01,
/// `accessibilityElementsHidden`) are skipped; a shown `accessibilityViewIsModal` view hides its
/// siblings. Computed from the view tree on demand (nothing is cached, so it never goes stale).
@MainActor
enum AccessibilityReadingOrder {
    /// One block to sort: a single element or a container's elements read together.
    private struct Block {
        var frame: Rect
        var nodes: [AccessibilityNode]
    }

    /// The elements of the shown windows of `application`, back window first (the keyboard's and
    /// alerts' windows after the app's); when a window holds a modal view, only the front-most
    /// such window is read.
    /// - Complexity: O(v + e log e) for v views and e elements.
    static func elements(of application: Application) -> [AccessibilityNode] {
        var perWindow: [(window: Window, nodes: [AccessibilityNode], modal: Bool)] = []
        for scene in application.connectedScenes {
            for window in scene.stackedWindows {
                var modal = false
                let rightToLeft = window.effectiveUserInterfaceLayoutDirection == .rightToLeft
                let nodes = sorted(blocks(of: window, modal: &modal, rightToLeft: rightToLeft), rightToLeft: rightToLeft)
                perWindow.append((window, nodes, modal))
            }
        }
        if let modal = perWindow.last(where: \.modal) { return modal.nodes }
        return perWindow.flatMap(\.nodes)
    }

    /// The elements inside `node` (itself when it is an element), in reading order.
    /// - Complexity: O(v + e log e) for the v views and e elements under it.
    static func elements(in node: AccessibilityNode) -> [AccessibilityNode] {
        var modal = false
        let rightToLeft = (node as? View)?.effectiveUserInterfaceLayoutDirection == .rightToLeft
        return sorted(blocks(of: node, modal: &modal, rightToLeft: rightToLeft), rightToLeft: rightToLeft)
    }

    /// What `node` adds to its container's sort: itself, a block of its elements, or its
    /// children's blocks to be sorted with its siblings'. `modal` becomes true when a modal view
    /// was chosen on the way.
    private static func blocks(of node: AccessibilityNode, modal: inout Bool, rightToLeft: Bool) -> [Block] {
        if node.accessibilityElementsHidden { return [] }
        if let view = node as? View, view.isHidden || view.alpha < 0.01 { return [] }
        if node.isAccessibilityElement { return [Block(frame: node.accessibilityFrame, nodes: [node])] }
        if let listed = node.accessibilityElements {
            var nodes: [AccessibilityNode] = []
            for case let child as AccessibilityNode in listed {
                nodes += sorted(blocks(of: child, modal: &modal, rightToLeft: rightToLeft), rightToLeft: rightToLeft)
            }
            return nodes.isEmpty ? [] : [Block(frame: union(nodes), nodes: nodes)]
        }
        guard let view = node as? View else { return [] }
        var children = view.subviews
        if let chosen = children.last(where: { $0.accessibilityViewIsModal && !$0.isHidden && $0.alpha >= 0.01 }) {
            children = [chosen]
            modal = true
        }
        var childBlocks: [Block] = []
        for child in children { childBlocks += blocks(of: child, modal: &modal, rightToLeft: rightToLeft) }
        guard node.shouldGroupAccessibilityChildren else { return childBlocks }
        let nodes = sorted(childBlocks, rightToLeft: rightToLeft)
        return nodes.isEmpty ? [] : [Block(frame: union(nodes), nodes: nodes)]
    }

    /// Top to bottom in rows, each row leading to trailing (by the left edges, or by the right
    /// edges from the right when `rightToLeft`). A block joins the row of the row's first block
    /// when each one's vertical middle lies within the other's height, so a tall block (a
    /// cell-high button) does not pull the lines beside it into its row.
    /// - Complexity: O(b log b) for b blocks.
    private static func sorted(_ blocks: [Block], rightToLeft: Bool) -> [AccessibilityNode] {
        let byTop = blocks.enumerated().sorted {
            $0.element.frame.minY != $1.element.frame.minY ? $0.element.frame.minY < $1.element.frame.minY : $0.offset < $1.offset
        }.map(\.element)
        var result: [AccessibilityNode] = []
        var row: [Block] = []
        func flush() {
            result += row.enumerated().sorted {
                if rightToLeft {
                    return $0.element.frame.maxX != $1.element.frame.maxX ? $0.element.frame.maxX > $1.element.frame.maxX : $0.offset < $1.offset
                }
                return $0.element.frame.minX != $1.element.frame.minX ? $0.element.frame.minX < $1.element.frame.minX : $0.offset < $1.offset
            }.flatMap(\.element.nodes)
            row.removeAll()
        }
        for block in byTop {
            if let first = row.first, !Self.shareARow(first.frame, block.frame) { flush() }
            row.append(block)
        }
        flush()
        return result
    }

    private static func shareARow(_ a: Rect, _ b: Rect) -> Bool {
        a.midY >= b.minY && a.midY <= b.maxY && b.midY >= a.minY && b.midY <= a.maxY
    }

    private static func union(_ nodes: [AccessibilityNode]) -> Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for node in nodes {
            let f = node.accessibilityFrame
            minX = min(minX, f.minX); minY = min(minY, f.minY); maxX = max(maxX, f.maxX); maxY = max(maxY, f.maxY)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
