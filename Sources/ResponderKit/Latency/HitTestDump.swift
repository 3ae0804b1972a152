/// A live window written in the hit-test benchmark's plain-text format (the shared `bench/vtree.md`
/// format that `hitbench` reads): `.vtree` (the view tree), `.points` (where touches landed) and
/// `.hits` (the reference answers), so people can time the index against the reference recursion
/// on their own UI exactly as on the shared shapes ("benchmark your own app").
///
/// The window is view 0; every view follows in pre-order with its frame in its superview's
/// bounds coordinates (a scrolled superview's `bounds.origin` is taken out, as the format wants
/// the parent's bounds to start at 0,0). Two things the format cannot say are marked with flag 8,
/// this project's extension of the format: a view whose class may override `hitTest(_:with:)` or
/// `point(inside:with:)` (it does not declare `View.standardHitTestingClass`), and a view with a
/// non-identity transform (written with its frame, the
/// transformed bounding box). `hitbench` builds such a view as a class that overrides hit testing
/// with the default rule, so the index treats it as the app's index does (a black box it asks),
/// while the answers stay the format's rule.
@MainActor
public struct HitTestDump {
    /// The flag marking a view the index cannot treat as plain geometry (see above).
    public static let customHitTestingFlag = 8

    /// One view as written.
    public struct Node: Equatable, Sendable {
        /// The index of the superview's node (-1 for the window).
        public var parent: Int
        /// The frame in the superview's bounds coordinates.
        public var frame: Rect
        /// The opacity (below 0.01 is never hit).
        public var alpha: Double
        /// The format's flags (hidden, interaction off, clips; `customHitTestingFlag`).
        public var flags: Int
    }

    /// The views in pre-order (index = id).
    public private(set) var nodes: [Node] = []
    /// The points, in window coordinates.
    public let points: [Point]
    /// Views marked with `customHitTestingFlag`.
    public private(set) var customViews = 0

    /// Captures `window` as it is now, and `points` (window coordinates) to query it with.
    /// - Complexity: O(views + points × depth).
    public init(window: Window, points: [Point]) {
        self.points = points
        let bounds = window.bounds
        append(window, parent: -1, frame: Rect(origin: .zero, size: bounds.size), custom: false)
        appendSubviews(of: window, id: 0)
    }

    private mutating func appendSubviews(of view: View, id: Int) {
        let origin = view.bounds.origin
        for subview in view.subviews {
            let custom = !subview.transform.isIdentity || HitTestOverrides.isCustom(type(of: subview))
            let frame = subview.frame.offsetBy(dx: -origin.x, dy: -origin.y)
            let childID = nodes.count
            append(subview, parent: id, frame: frame, custom: custom)
            appendSubviews(of: subview, id: childID)
        }
    }

    private mutating func append(_ view: View, parent: Int, frame: Rect, custom: Bool) {
        var flags = 0
        if view.isHidden { flags |= 1 }
        if !view.isUserInteractionEnabled { flags |= 2 }
        if view.clipsToBounds { flags |= 4 }
        if custom { flags |= HitTestDump.customHitTestingFlag; customViews += 1 }
        let finite = { (v: Double) in v.isFinite ? v : 0 }
        let safe = Rect(
            x: finite(frame.minX), y: finite(frame.minY),
            width: max(0, finite(frame.width)), height: max(0, finite(frame.height)))
        let alpha = view.alpha.isNaN ? 0 : min(1, max(0, view.alpha))
        nodes.append(Node(parent: parent, frame: safe, alpha: alpha, flags: flags))
    }

    /// The `.vtree` text.
    public var vtree: String {
        var text = "vtree 1\n"
        for (id, node) in nodes.enumerated() {
            let f = node.frame
            text +=
                "\(id) \(node.parent) \(HitTestDump.number(f.minX)) \(HitTestDump.number(f.minY)) "
                + "\(HitTestDump.number(f.width)) \(HitTestDump.number(f.height)) \(HitTestDump.number(node.alpha)) \(node.flags)\n"
        }
        return text
    }

    /// The `.points` text.
    public var pointsText: String {
        var text = "points 1\n"
        for p in points { text += "\(HitTestDump.number(p.x)) \(HitTestDump.number(p.y))\n" }
        return text
    }

    /// The `.hits` text: the format's reference rule (the literal recursion) on every point.
    public var hitsText: String {
        var text = ""
        for id in answers() { text += "\(id)\n" }
        return text
    }

    /// The reference answer for every point: the view id, or -1 for none.
    /// - Complexity: O(points × views) at worst (the literal recursion).
    public func answers() -> [Int] {
        var children = Array(repeating: [Int](), count: nodes.count)
        for (id, node) in nodes.enumerated() where node.parent >= 0 { children[node.parent].append(id) }
        func hit(_ id: Int, _ p: Point) -> Int {
            let node = nodes[id]
            let f = node.frame
            if node.flags & 3 != 0 || node.alpha < 0.01 { return -1 }
            guard p.x >= 0, p.y >= 0, p.x < f.width, p.y < f.height else { return -1 }
            for child in children[id].reversed() {
                let c = nodes[child].frame
                let r = hit(child, Point(x: p.x - c.minX, y: p.y - c.minY))
                if r >= 0 { return r }
            }
            return id
        }
        return points.map { hit(0, $0) }
    }

    /// A decimal the format's readers parse back to the same `Double`: whole numbers without a
    /// fraction, everything else with Swift's shortest round-trip spelling.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return "\(Int(value))" }
        return "\(value)"
    }
}
