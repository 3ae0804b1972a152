import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Issue 9, nested scroll views as in UIKit: an inner vertical list inside an outer horizontal
/// pager — each takes drags along its own axis — and same-axis nesting, where the innermost
/// scroll view takes the whole drag (to its edge, bouncing there; nothing is handed outward).
@MainActor
@Suite("ScrollView: nesting")
struct ScrollNestingTests {
    func pagerWithList() -> (ScrollStage, ScrollView, RecordingView) {
        let s = ScrollStage(frame: Rect(x: 0, y: 0, width: 200, height: 300), content: Size(width: 600, height: 300))
        s.scroll.isPagingEnabled = true
        let list = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 300))
        list.contentSize = Size(width: 200, height: 3000)
        let row = RecordingView("row", frame: Rect(x: 0, y: 0, width: 200, height: 3000), log: s.log)
        list.addSubview(row)
        s.scroll.addSubview(list)
        return (s, list, row)
    }

    @Test func innerListTakesVerticalDrags() {
        let (s, list, _) = pagerWithList()
        s.drag(from: 100, 250, by: 3, -100, steps: 10, rest: 0.2)
        #expect(list.contentOffset == Point(x: 0, y: 90), "the list began at the first step (just past 10 pt)")
        #expect(s.scroll.contentOffset == .zero)
        #expect(s.calls.isEmpty, "the outer pager's delegate heard nothing")
        s.settle()
        #expect(s.driver.isClean)
    }

    @Test func outerPagerTakesHorizontalDrags() {
        let (s, list, row) = pagerWithList()
        _ = row
        s.drag(from: 150, 150, by: -100, 4, steps: 10, rest: 0.2)
        #expect(list.contentOffset == .zero)
        #expect(s.scroll.contentOffset.x == 90, "the pager began at the first step and followed")
        s.settle()
        #expect(s.scroll.contentOffset == Point(x: 0, y: 0), "90 of 200 is under half a page: back")
        s.drag(from: 150, 150, by: -60, 2, steps: 5, interval: 0.01)
        s.settle()
        #expect(s.scroll.contentOffset == Point(x: 200, y: 0), "a flick pages")
        #expect(s.log.entries(endingWith: "touchesBegan").isEmpty)
        #expect(s.driver.isClean)
    }

    /// Same axis: the inner list scrolls and bounces at its own end; the outer one stays.
    @Test func sameAxisInnermostWins() {
        let s = ScrollStage(frame: Rect(x: 0, y: 0, width: 200, height: 300), content: Size(width: 200, height: 900))
        let inner = ScrollView(frame: Rect(x: 0, y: 100, width: 200, height: 200))
        inner.contentSize = Size(width: 200, height: 300)
        s.scroll.addSubview(inner)
        s.down(100, 250)
        s.move(100, 239)
        s.move(100, 89)
        #expect(inner.contentOffset.y > 100, "past its end (rubber band)")
        #expect(s.scroll.contentOffset == .zero)
        s.wait(0.2)
        s.up()
        s.settle()
        #expect(inner.contentOffset.y == 100)
        #expect(s.scroll.contentOffset == .zero)
        // Outside the inner list the outer one scrolls.
        s.drag(from: 100, 80, by: 0, -60, steps: 6, rest: 0.2)
        #expect(s.scroll.contentOffset.y == 40)
        s.settle()
        #expect(s.driver.isClean)
    }
}
