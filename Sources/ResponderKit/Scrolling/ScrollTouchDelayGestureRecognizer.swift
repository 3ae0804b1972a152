/// Holds a scroll view's content touches (UIKit's `UIScrollViewDelayedTouchesBeganGestureRecognizer`):
/// it never recognizes; with `delaysTouchesBegan` (the scroll view's `delaysContentTouches`) the
/// content's `touchesBegan` waits until it fails — 150 ms after the touch went down without a
/// pan beginning, or at once when the touch lifts sooner (so a quick tap reaches the content as
/// began then ended). If the pan begins first it wins the touch, this recognizer fails by
/// exclusion and the pan's `cancelsTouchesInView` keeps the touch from the content entirely.
///
/// When the touches are released to the content, `touchesShouldBegin(_:with:in:)` decides per
/// content view; false takes the touch from the view for good. A touch that lands on a moving
/// scroll view stops it and never reaches the content (UIKit).
@MainActor
final class ScrollTouchDelayGestureRecognizer: GestureRecognizer {
    weak var scrollView: ScrollView?

    convenience init() { self.init(target: nil, action: nil) }

    override init(target: AnyObject?, action: Selector?) {
        super.init(target: target, action: action)
        cancelsTouchesInView = false
        delaysTouchesEnded = false
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard let scrollView else { return }
        if scrollView.stopMotionForTouch() {
            for touch in touches { keepFromContent(touch) }
        }
        if delaysTouchesBegan {
            if timers.isEmpty {
                schedule(at: event.timestamp + ScrollView.contentTouchDelay) { recognizer in
                    (recognizer as? ScrollTouchDelayGestureRecognizer)?.release(event: nil)
                }
            }
        } else {
            release(event: event)
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if trackedTouches.count <= touches.count, state == .possible { release(event: event) }
    }

    /// The content may have its touches now: ask the scroll view per view, then fail.
    private func release(event: Event?) {
        guard state == .possible else { return }
        if let scrollView {
            for touch in trackedTouches where touch.deliversToView && !touch.viewBegan {
                guard let view = touch.view, view !== scrollView else { continue }
                if !scrollView.touchesShouldBegin([touch], with: event, in: view) { keepFromContent(touch) }
            }
        }
        state = .failed
    }

    /// The content view never hears of `touch`.
    private func keepFromContent(_ touch: Touch) {
        guard touch.deliversToView, !touch.viewBegan else { return }
        touch.deliversToView = false
        touch.owed = []
    }
}
