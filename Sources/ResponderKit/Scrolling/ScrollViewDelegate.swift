/// What a scroll view tells its delegate (UIKit's `UIScrollViewDelegate`), in UIKit's order:
/// `scrollViewWillBeginDragging` when a pan begins, `scrollViewDidScroll` after every change of
/// `contentOffset`, at release `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`
/// (the target may be changed), `scrollViewDidEndDragging(_:willDecelerate:)`, then — when it
/// keeps moving — `scrollViewWillBeginDecelerating` and `scrollViewDidEndDecelerating`.
/// `setContentOffset(_:animated:)` and `scrollRectToVisible(_:animated:)` end with
/// `scrollViewDidEndScrollingAnimation`. Every method has an empty default (UIKit's optionals).
@MainActor
public protocol ScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: ScrollView)
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// `velocity` is in points per millisecond, as UIKit gives it (positive: the offset grows).
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point)
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
    func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool
    func scrollViewDidScrollToTop(_ scrollView: ScrollView)
}

public extension ScrollViewDelegate {
    func scrollViewDidScroll(_ scrollView: ScrollView) {}
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point) {}
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool { true }
    func scrollViewDidScrollToTop(_ scrollView: ScrollView) {}
}
