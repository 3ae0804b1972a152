/// What a scroll view tells its delegate (UIKit's `UIScrollViewDelegate`), in UIKit's order:
/// `scrollViewWillBeginDragging` when a pan begins, `scrollViewDidScroll` after every change of
/// `contentOffset`, at release `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`
/// (the target may be changed), `scrollViewDidEndDragging(_:willDecelerate:)`, then — when it
/// keeps moving — `scrollViewWillBeginDecelerating` and `scrollViewDidEndDecelerating`.
/// `setContentOffset(_:animated:)` and `scrollRectToVisible(_:animated:)` end with
/// `scrollViewDidEndScrollingAnimation`. Every method has an empty default (UIKit's optionals).
@MainActor
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed (dragging, decelerating, bouncing, animating or set in code).
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// A drag is about to scroll the content.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// `velocity` is in points per millisecond, as UIKit gives it (positive: the offset grows).
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point,
        targetContentOffset: inout Point)
    /// The finger lifted; `decelerate` tells whether the content keeps moving.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// The content starts decelerating after a drag.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    /// Deceleration (and any bounce) ended: the content is at rest.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// An animated `setContentOffset` or `scrollRectToVisible` finished.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
    /// Whether a scroll-to-top request may scroll. Default true.
    func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool
    /// The scroll view reached the top after a scroll-to-top request.
    func scrollViewDidScrollToTop(_ scrollView: ScrollView)
}

public extension ScrollViewDelegate {
    func scrollViewDidScroll(_ scrollView: ScrollView) {}
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point,
        targetContentOffset: inout Point
    ) {}
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool { true }
    func scrollViewDidScrollToTop(_ scrollView: ScrollView) {}
}
