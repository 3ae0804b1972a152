/// A pan that starts at an edge of the window (UIKit's `UIScreenEdgePanGestureRecognizer`): the
/// first finger must go down within `edgeWidth` points of one of `edges`, and the pan begins only
/// once it moved past the slop away from that edge, more inward than along it. Otherwise a pan.
/// Scrolls and touchpad swipes do not drive it.
@MainActor
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The edges a gesture may start from (none by default, as in UIKit: set it).
    public var edges: RectEdge = []
    /// How close (points) to the edge the first finger must land.
    static let edgeWidth = 20.0

    /// The edge the current gesture started from.
    private var startEdge: RectEdge = []

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if state == .possible, startEdge.isEmpty {
            startEdge = edge(at: trackedTouches.first?.locationInWindow)
            if startEdge.isEmpty { return state = .failed }
        }
        super.touchesBegan(touches, with: event)
    }

    /// The selected edge within `edgeWidth` of `point`, in the window's bounds.
    private func edge(at point: Point?) -> RectEdge {
        guard let point, let bounds = (inputWindow ?? view?.window)?.bounds else { return [] }
        let w = ScreenEdgePanGestureRecognizer.edgeWidth
        if edges.contains(.left), point.x - bounds.minX <= w { return .left }
        if edges.contains(.right), bounds.maxX - point.x <= w { return .right }
        if edges.contains(.top), point.y - bounds.minY <= w { return .top }
        if edges.contains(.bottom), bounds.maxY - point.y <= w { return .bottom }
        return []
    }

    override func mayBegin(translation: Point) -> Bool {
        let inward: Double, across: Double
        switch startEdge {
        case .left: (inward, across) = (translation.x, translation.y)
        case .right: (inward, across) = (-translation.x, translation.y)
        case .top: (inward, across) = (translation.y, translation.x)
        case .bottom: (inward, across) = (-translation.y, translation.x)
        default: return false
        }
        return inward > slop && inward >= abs(across)
    }

    override func accepts(_ input: IndirectInput) -> Bool { false }

    open override func reset() {
        super.reset()
        startEdge = []
    }
}
