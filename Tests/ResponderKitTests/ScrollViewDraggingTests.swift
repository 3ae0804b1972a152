import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Issue 9, scrolling: the pan moves the content 1:1 past the slop, the release velocity is the
/// drag's, deceleration travels UIKit's projected distance, the rubber band and the spring back
/// at the edges, paging, the delegate's order. Time is the manual clock; frames are ticks.
@MainActor
@Suite("ScrollView: dragging, deceleration, bounce, paging")
struct ScrollViewDraggingTests {
    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test func contentOffsetIsBoundsOrigin() {
        let s = ScrollStage()
        s.scroll.contentOffset = Point(x: 0, y: 120)
        #expect(s.scroll.bounds.origin == Point(x: 0, y: 120))
        #expect(s.scroll.bounds.size == Size(width: 200, height: 300))
        #expect(s.log.entries == ["didScroll"])
        s.scroll.contentOffset = Point(x: 0, y: 120)
        #expect(s.log.entries == ["didScroll"], "an unchanged offset does not report a scroll")
        #expect(s.driver.isClean)
    }

    /// The pan begins strictly past its 10 pt slop; from there the content follows the finger
    /// exactly, and the delegate hears willBeginDragging then didScroll per move.
    @Test func panFollowsTheFingerAfterTheSlop() {
        let s = ScrollStage()
        s.down(100, 200)
        s.move(100, 190)
        #expect(!s.scroll.isDragging && s.scroll.isTracking)
        #expect(s.scroll.contentOffset == .zero)
        s.move(100, 189)
        #expect(s.scroll.isDragging)
        #expect(s.scroll.contentOffset == .zero, "no jump by the slop")
        #expect(s.log.entries == ["willBeginDragging"])
        s.move(100, 139)
        #expect(s.scroll.contentOffset == Point(x: 0, y: 50))
        s.move(130, 89)
        #expect(s.scroll.contentOffset == Point(x: 0, y: 100), "a vertical-only list ignores sideways motion")
        #expect(s.log.entries == ["willBeginDragging", "didScroll", "didScroll"])
        s.wait(0.2)
        s.up()
        #expect(!s.scroll.isDragging && !s.scroll.isTracking && !s.scroll.isDecelerating)
        #expect(s.calls == ["willBeginDragging", "willEndDragging", "didEndDragging(false)"])
        #expect(s.recorder.velocities == [.zero], "a finger that rested 200 ms releases at rest")
        s.settle()
        #expect(s.scroll.contentOffset == Point(x: 0, y: 100))
        #expect(!s.app.animator.isRunning)
        #expect(s.driver.isClean)
    }

    /// 10 pt every 10 ms is 1000 pt/s: UIKit's delegate gets it in points per millisecond.
    @Test func releaseVelocityIsTheDrags() {
        let s = ScrollStage()
        s.drag(from: 100, 250, by: 0, -200, steps: 20, interval: 0.01)
        #expect(s.recorder.velocities.count == 1)
        let v = s.recorder.velocities[0]
        #expect(close(v.x, 0) && close(v.y, 1.0, 1e-6), "velocity \(v) pt/ms, expected (0, 1)")
        s.settle()
        #expect(s.driver.isClean)
    }

    /// The fling travels v·r/(1−r)/1000 — 499 pt at 1000 pt/s with the normal rate, 99 pt with
    /// the fast one — and the delegate's target says so before it starts.
    @Test(arguments: [(ScrollView.DecelerationRate.normal, 499.0), (.fast, 99.0)])
    func decelerationDistanceIsTheFormula(rate: ScrollView.DecelerationRate, expected: Double) {
        let s = ScrollStage()
        s.scroll.decelerationRate = rate
        s.drag(from: 100, 250, by: 0, -200, steps: 20, interval: 0.01)
        let released = s.scroll.contentOffset.y
        #expect(close(released, 180), "offset at release \(released)")
        #expect(s.scroll.isDecelerating)
        #expect(close(s.recorder.targets[0].y, released + expected, 1e-6), "target \(s.recorder.targets[0])")
        #expect(s.calls == ["willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating"])
        s.frame()
        #expect(s.scroll.contentOffset.y > released)
        s.settle()
        #expect(close(s.scroll.contentOffset.y - released, expected, 1), "travelled \(s.scroll.contentOffset.y - released)")
        #expect(s.scroll.contentOffset.y == s.recorder.targets[0].y, "it ends exactly on the target")
        #expect(!s.scroll.isDecelerating)
        #expect(s.calls.last == "didEndDecelerating")
        #expect(!s.app.animator.isRunning, "no frames once it stopped and the indicators faded")
        #expect(s.driver.isClean)
    }

    /// Past the top edge the content shows (1 − 1/(x·0.55/d + 1))·d of a finger overscroll x.
    @Test(arguments: [25.0, 100.0, 300.0, 1000.0])
    func rubberBandAtTheTopEdge(overscroll: Double) {
        let s = ScrollStage()
        s.down(100, 50)
        s.move(100, 61)
        s.move(100, 61 + overscroll)
        let expected = -(1 - 1 / (overscroll * 0.55 / 300 + 1)) * 300
        #expect(close(s.scroll.contentOffset.y, expected), "offset \(s.scroll.contentOffset.y), expected \(expected)")
        s.wait(0.2)
        s.up()
        s.settle()
        #expect(s.scroll.contentOffset == .zero)
        #expect(s.driver.isClean)
    }

    @Test func noOverscrollWithoutBounces() {
        let s = ScrollStage()
        s.scroll.bounces = false
        s.drag(from: 100, 50, by: 0, 200, rest: 0.2)
        #expect(s.scroll.contentOffset == .zero)
        #expect(s.calls == ["willBeginDragging", "willEndDragging", "didEndDragging(false)"])
        // A fling toward the bottom stops exactly at the end.
        s.scroll.contentOffset = Point(x: 0, y: 2600)
        s.log.clear()
        s.drag(from: 100, 250, by: 0, -200, steps: 20, interval: 0.01)
        s.settle()
        #expect(s.scroll.contentOffset.y == 2700)
        #expect(s.recorder.targets.last == Point(x: 0, y: 2700))
        #expect(s.driver.isClean)
    }

    /// Released past the edge, the view springs back within 0.5 s and ends exactly at the edge;
    /// a fling past the end overshoots then returns, and the delegate's order is UIKit's.
    @Test func bounceSettlesExactlyAtTheEdge() {
        let s = ScrollStage()
        s.down(100, 50)
        s.move(100, 61)
        s.move(100, 261)
        #expect(s.scroll.contentOffset.y < -40)
        s.wait(0.2)
        s.up()
        #expect(s.scroll.isDecelerating)
        #expect(s.recorder.targets == [.zero])
        let released = s.driver.now
        while s.scroll.isDecelerating, s.driver.now < 5 { s.frame() }
        let took = s.driver.now - released
        #expect(took <= 0.5 + 1e-9, "settled in \(took) s")
        #expect(s.scroll.contentOffset == .zero)
        #expect(!s.scroll.isDecelerating)
        #expect(
            s.calls == [
                "willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating",
                "didEndDecelerating"
            ])

        // A fast fling toward the end: past it, then back to exactly 2700.
        s.scroll.contentOffset = Point(x: 0, y: 2500)
        s.log.clear()
        s.drag(from: 100, 250, by: 0, -200, steps: 10, interval: 0.01)
        var deepest = 0.0
        while s.app.animator.isRunning, s.driver.now < 30 {
            s.frame()
            deepest = max(deepest, s.scroll.contentOffset.y)
        }
        #expect(deepest > 2700, "it overshot to \(deepest)")
        #expect(s.scroll.contentOffset.y == 2700)
        #expect(s.calls.first == "willBeginDragging" && s.calls.last == "didEndDecelerating")
        #expect(s.driver.isClean)
    }

    /// A touch during deceleration stops it at once, and that touch reaches no content.
    @Test func touchDownStopsDeceleration() {
        let s = ScrollStage()
        let rows = addRows(100, to: s.scroll, log: s.log)
        _ = rows
        s.drag(from: 100, 250, by: 0, -200, steps: 20, interval: 0.01)
        s.frame(); s.frame()
        let caught = s.scroll.contentOffset
        s.log.clear()
        s.down(100, 100)
        #expect(!s.scroll.isDecelerating)
        s.frame(); s.frame()
        #expect(s.scroll.contentOffset == caught)
        s.wait(0.3)
        s.up()
        #expect(s.log.entries(endingWith: "touchesBegan").isEmpty, "the catching touch reached \(s.log.entries)")
        #expect(!s.log.entries.contains("didEndDecelerating"), "UIKit does not report an interrupted deceleration")
        s.settle()
        #expect(s.driver.isClean)
    }

    /// A finger that catches a bounce holds the content where it is; lifting without dragging
    /// lets it spring back to the edge.
    @Test func caughtBounceSpringsBackAfterTheLift() {
        let s = ScrollStage()
        s.down(100, 50)
        s.move(100, 61)
        s.move(100, 261)
        s.wait(0.2)
        s.up()
        s.frame()
        s.frame()
        let caught = s.scroll.contentOffset
        #expect(caught.y < 0)
        s.down(100, 100)
        #expect(!s.scroll.isDecelerating && s.scroll.isTracking)
        s.frame()
        #expect(s.scroll.contentOffset == caught)
        s.wait(0.1)
        s.up()
        #expect(s.scroll.isDecelerating)
        s.settle()
        #expect(s.scroll.contentOffset == .zero)
        #expect(s.driver.isClean)
    }

    /// A delegate target is where the release ends.
    @Test func delegateMovesTheTarget() {
        let s = ScrollStage()
        s.recorder.overrideTarget = Point(x: 0, y: 440)
        s.drag(from: 100, 250, by: 0, -200, steps: 20, interval: 0.01)
        s.settle()
        #expect(s.scroll.contentOffset == Point(x: 0, y: 440))
        #expect(s.driver.isClean)
    }

    // MARK: Paging

    func pager() -> ScrollStage {
        let s = ScrollStage(frame: Rect(x: 0, y: 0, width: 200, height: 300), content: Size(width: 1000, height: 300))
        s.scroll.isPagingEnabled = true
        return s
    }

    /// Released at rest, the nearest page: 99 pt of a 200 pt page goes back, 101 goes on.
    @Test(arguments: [(99.0, 0.0), (101.0, 200.0)])
    func pagingRoundsToTheNearestPage(distance: Double, page: Double) {
        let s = pager()
        // 11 pt of slop first (the pan begins there), then the distance.
        s.down(150, 100)
        s.wait(0.01)
        s.move(139, 100)
        s.wait(0.01)
        s.move(139 - distance, 100)
        s.wait(0.2)
        s.up()
        #expect(close(s.scroll.contentOffset.x, distance))
        #expect(s.recorder.targets == [Point(x: page, y: 0)])
        s.settle()
        #expect(s.scroll.contentOffset == Point(x: page, y: 0))
        #expect(s.calls.last == "didEndDecelerating")
        #expect(s.driver.isClean)
    }

    /// A flick goes to the next page in its direction, even well under half a page.
    @Test func pagingFollowsAFlick() {
        let s = pager()
        s.drag(from: 150, 100, by: -41, 0, steps: 5, interval: 0.01)
        #expect(close(s.scroll.contentOffset.x, 41 - 16.4, 1e-9), "the pan began at the second move, 16.4 pt in")
        s.settle()
        #expect(s.scroll.contentOffset == Point(x: 200, y: 0))
        // And back: a flick the other way from just past half of the next page.
        s.drag(from: 150, 100, by: -(110 + 11), 0, steps: 10, rest: 0.2)
        s.settle()
        #expect(s.scroll.contentOffset == Point(x: 400, y: 0))
        s.drag(from: 50, 100, by: 41, 0, steps: 5, interval: 0.01)
        s.settle()
        #expect(s.scroll.contentOffset == Point(x: 200, y: 0))
        #expect(s.driver.isClean)
    }
}

/// Which axes scroll: content larger than the bounds (with insets), or `alwaysBounce…` with
/// `bounces`; the inset range.
@MainActor
@Suite("ScrollView: axes and insets")
struct ScrollAxisTests {
    /// Content that fits does not scroll: the drag reaches the content as a plain touch.
    @Test func fittingContentDoesNotScroll() {
        let s = ScrollStage(content: Size(width: 200, height: 250))
        let content = RecordingView("content", frame: Rect(x: 0, y: 0, width: 200, height: 250), log: s.log)
        content.forwards = false
        s.scroll.addSubview(content)
        s.drag(from: 100, 200, by: 0, -100, steps: 10)
        #expect(s.scroll.contentOffset == .zero)
        #expect(
            s.log.entries == ["content.touchesBegan", "content.touchesMoved", "content.touchesEnded"],
            "no delegate call; the content got the touch at the lift (held for the delay until then)")
        #expect(s.driver.isClean)
    }

    /// `alwaysBounceVertical` lets fitting content be pulled (rubber band over the whole pull,
    /// since the range is empty) and it springs back; without `bounces` it does nothing.
    @Test func alwaysBounceVertical() {
        let s = ScrollStage(content: Size(width: 200, height: 250))
        s.scroll.alwaysBounceVertical = true
        s.down(100, 200)
        s.move(100, 189)
        s.move(100, 89)
        let expected = (1 - 1 / (100 * 0.55 / 300 + 1)) * 300
        #expect(abs(s.scroll.contentOffset.y - expected) < 1e-9)
        s.move(100, 120)
        #expect(s.scroll.contentOffset.x == 0, "no horizontal motion")
        s.wait(0.2)
        s.up()
        s.settle()
        #expect(s.scroll.contentOffset == .zero)
        s.scroll.bounces = false
        s.log.clear()
        s.drag(from: 100, 200, by: 0, -100, steps: 10)
        #expect(s.calls.isEmpty, "alwaysBounce needs bounces")
        #expect(s.driver.isClean)
    }

    /// Insets widen the range: −top … contentHeight + bottom − height.
    @Test func contentInsetWidensTheRange() {
        let s = ScrollStage(content: Size(width: 200, height: 1000))
        s.scroll.contentInset = EdgeInsets(top: 40, left: 0, bottom: 60, right: 0)
        #expect(s.scroll.adjustedContentInset == s.scroll.contentInset)
        s.scroll.contentOffset = Point(x: 0, y: -40)
        s.drag(from: 100, 100, by: 0, 200, steps: 10, rest: 0.2)
        s.settle()
        #expect(s.scroll.contentOffset == Point(x: 0, y: -40), "springs back to the top inset")
        s.driver.type(Key(keyCode: KeyCode.end, characters: ""), in: s.window)
        s.settle()
        #expect(s.scroll.contentOffset == Point(x: 0, y: -40), "not first responder: End went to the window")
        #expect(s.scroll.becomeFirstResponder())
        s.driver.type(Key(keyCode: KeyCode.end, characters: ""), in: s.window)
        s.settle()
        #expect(s.scroll.contentOffset == Point(x: 0, y: 760))
        #expect(s.driver.isClean)
    }
}
