/// The pan of a `ScrollView` (UIKit's `UIScrollViewPanGestureRecognizer`): a
/// `PanGestureRecognizer` that, at the moment it would begin, asks its scroll view whether to:
///
/// - the drag must point along an axis the scroll view scrolls (a vertical list fails a mostly
///   horizontal drag, so an enclosing horizontal scroll view can take it); a scroll view that
///   scrolls both ways takes any direction;
/// - a touch the content already has is taken only when `canCancelContentTouches` and
///   `touchesShouldCancel(in:)` agree; otherwise the pan fails and the content keeps the touch.
///
/// Continuous scrolls (touchpad) follow the same direction rule on their first movement.
@MainActor
final class ScrollPanGestureRecognizer: PanGestureRecognizer {
    weak var scrollView: ScrollView?

    convenience init() { self.init(target: nil, action: nil) }

    override func mayBegin(translation: Point) -> Bool {
        guard super.mayBegin(translation: translation) else { return false }
        guard let scrollView, scrollView.acceptsDrag(along: translation), contentTouchesMayBeCancelled(scrollView) else {
            state = .failed
            return false
        }
        return true
    }

    /// Every tracked touch that the content already saw begin may be taken from it.
    private func contentTouchesMayBeCancelled(_ scrollView: ScrollView) -> Bool {
        for touch in trackedTouches where touch.viewBegan && touch.deliversToView {
            guard scrollView.canCancelContentTouches, let view = touch.view,
                scrollView.touchesShouldCancel(in: view)
            else { return false }
        }
        return true
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        scrollView?.fingerDown()
        super.touchesBegan(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        super.touchesEnded(touches, with: event)
        if trackedTouches.count <= touches.count { scrollView?.fingersLifted(dragging: state == .ended) }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        super.touchesCancelled(touches, with: event)
        if trackedTouches.count <= touches.count { scrollView?.fingersLifted(dragging: state == .cancelled) }
    }

    override func indirectChanged(_ input: IndirectInput, at time: Double) {
        if state == .possible, case let .scroll(info) = input, let scrollView,
            info.dx != 0 || info.dy != 0, !scrollView.acceptsDrag(along: Point(x: info.dx, y: info.dy))
        {
            state = .failed
            return
        }
        super.indirectChanged(input, at: time)
    }
}

/// Receives a scroll view's pan actions (a recognizer holds its targets weakly).
@MainActor
final class ScrollPanTarget: ActionTarget {
    static let action: Selector = "scrollViewPan:"
    weak var scrollView: ScrollView?

    func responds(to action: Selector) -> Bool { action == ScrollPanTarget.action }

    func perform(_ action: Selector, with sender: Any?) -> Bool {
        guard action == ScrollPanTarget.action, let scrollView else { return false }
        scrollView.panChanged()
        return true
    }
}
