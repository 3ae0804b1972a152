import ResponderKitTesting

/// The naive harness's method, ported so one hitbench run times it beside the index: UIKit's
/// `hitTest:withEvent:` recursion, literally (`vtree.md`, "Hit semantics"), over a flat array of
/// plain structs — no objects, no dynamic dispatch, no reference counting, no index. This is what
/// the peers' "naive C" column was measured with: a parent's children are listed back to front
/// and the recursion tries them last first, skipping a hidden / alpha < 0.01 / disabled view and
/// a point outside its half-open bounds together with its whole subtree.
///
/// The nodes sit in the file's (pre-)order in one manually allocated buffer, each with its frame,
/// alpha and flags as read and the range of its children in a second buffer of ids, so a step reads
/// one 48-byte struct and a run of 4-byte ids: the most cache-friendly form of the plain recursion.
/// It answers view ids (-1 for none), and hitbench checks them against `.hits`.
struct NaiveRecursion: ~Copyable {
    struct Node {
        var x: Double, y: Double, w: Double, h: Double
        var alpha: Double
        var flags: Int32
        /// `children[firstChild ..< firstChild + childCount]`, back to front.
        var firstChild: Int32
        var childCount: Int32
    }

    let nodes: UnsafeMutablePointer<Node>
    let children: UnsafeMutablePointer<Int32>
    let count: Int

    init(_ tree: VTree) {
        count = tree.nodes.count
        var childCounts = [Int32](repeating: 0, count: count)
        for node in tree.nodes where node.parent >= 0 { childCounts[node.parent] += 1 }
        nodes = .allocate(capacity: max(1, count))
        children = .allocate(capacity: max(1, count))
        var next: Int32 = 0
        var fill = [Int32](repeating: 0, count: count)
        for (i, node) in tree.nodes.enumerated() {
            // The root's frame origin is ignored: points are in its bounds coordinates.
            let x = i == 0 ? 0 : node.frame.origin.x, y = i == 0 ? 0 : node.frame.origin.y
            (nodes + i).initialize(
                to: Node(
                    x: x, y: y, w: node.frame.width, h: node.frame.height, alpha: node.alpha,
                    flags: Int32(node.flags), firstChild: next, childCount: childCounts[i]))
            fill[i] = next
            next += childCounts[i]
        }
        // Children in file order, which is back to front.
        for node in tree.nodes where node.parent >= 0 {
            children[Int(fill[node.parent])] = Int32(node.id)
            fill[node.parent] += 1
        }
    }

    deinit {
        nodes.deallocate()
        children.deallocate()
    }

    /// The id of the view the recursion hits at `(x, y)` in root coordinates, or -1.
    /// - Complexity: O(n) in the views visited (every view whose ancestors contain the point).
    @inline(__always)
    func hit(_ x: Double, _ y: Double) -> Int32 {
        NaiveRecursion.hit(0, x, y, nodes, children)
    }

    @inline(never)
    private static func hit(
        _ v: Int32, _ x: Double, _ y: Double,
        _ nodes: UnsafeMutablePointer<Node>, _ children: UnsafeMutablePointer<Int32>
    ) -> Int32 {
        let n = nodes + Int(v)
        if n.pointee.flags & 3 != 0 || n.pointee.alpha < 0.01 { return -1 }
        if !(x >= 0 && x < n.pointee.w && y >= 0 && y < n.pointee.h) { return -1 }
        var i = Int(n.pointee.childCount)
        let first = Int(n.pointee.firstChild)
        while i > 0 {
            i -= 1
            let c = children[first + i]
            let child = nodes + Int(c)
            let r = hit(c, x - child.pointee.x, y - child.pointee.y, nodes, children)
            if r >= 0 { return r }
        }
        return v
    }
}
