import ResponderKit

// The view building of a `VTree`, apart from its parse (VTree.swift), so the parse step needs only
// the core's geometry: Tools/fuzz.sh compiles it into the `.vtree`/`.points`/`.hits` fuzz targets.
extension VTree {
    /// The tree as ResponderKit views: a window the size of the root, holding view 0 (the root) at
    /// its origin, each view's `tag` its id. `answer(for:)` maps a hit back to an id (-1 for none:
    /// the window itself or nil).
    @MainActor
    public func makeWindow() -> VTreeWindow {
        let root = nodes[0]
        let window = Window(frame: Rect(x: 0, y: 0, width: root.frame.width, height: root.frame.height))
        window.tag = -1
        window.isHidden = false
        var views: [View] = []
        views.reserveCapacity(nodes.count)
        for node in nodes {
            let frame = node.id == 0 ? Rect(x: 0, y: 0, width: node.frame.width, height: node.frame.height) : node.frame
            let view = node.hasCustomHitTesting ? CustomHitTestingView(frame: frame) : View(frame: frame)
            view.tag = node.id
            view.alpha = node.alpha
            view.isHidden = node.isHidden
            view.isUserInteractionEnabled = !node.isInteractionDisabled
            view.clipsToBounds = node.clipsToBounds
            if node.id == 0 { window.addSubview(view) } else { views[node.parent].addSubview(view) }
            views.append(view)
        }
        return VTreeWindow(window: window, views: views)
    }
}

/// A window built from a `VTree`.
@MainActor
public struct VTreeWindow {
    /// The window built; the root view (id 0) is its subview, every other view nested under its parent.
    public let window: Window
    /// The views by id.
    public let views: [View]

    /// The id a hit maps to: the view's tag, or -1 for no view (nil, or the window itself).
    public func answer(for hit: View?) -> Int {
        guard let hit, hit !== window else { return -1 }
        return hit.tag
    }
}

/// A view standing in for one whose class overrides hit testing in the dumped app (flag 8): it
/// overrides `point(inside:with:)` with the default rule, so the index takes the same black-box
/// path it takes for the app's view, and the answers stay the format's rule.
public final class CustomHitTestingView: View {
    public override func point(inside point: Point, with event: Event?) -> Bool {
        super.point(inside: point, with: event)
    }
}
