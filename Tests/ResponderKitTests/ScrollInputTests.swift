import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Issue 9, scrolling by other means: the mouse wheel (a line per click, handed outward at an
/// edge), touchpad two-finger scrolling (1:1, then deceleration after the fingers lift), the
/// keyboard (Page Down, Home, End, arrows, space — animated), and `setContentOffset(_:animated:)`
/// / `scrollRectToVisible` on the frame clock.
@MainActor
@Suite("ScrollView: wheel, touchpad, keyboard, animated offsets")
struct ScrollInputTests {
    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    /// A wheel click (15°, or 120 in value120) scrolls one 40 pt line, at once; the top edge
    /// clamps; the view under the cursor is a row inside the scroll view (the scroll walks `next`).
    @Test func wheelScrollsByLines() {
        let s = ScrollStage()
        _ = addRows(100, to: s.scroll, log: s.log)
        s.driver.pointerMove(to: Point(x: 100, y: 150), in: s.window)
        s.driver.scroll(dy: 15, in: s.window)
        #expect(s.scroll.contentOffset == Point(x: 0, y: 40))
        s.driver.inject(.scroll(ScrollInfo(dx: 0, dy: 30, source: .wheel, value120Y: 240)), in: s.window)
        #expect(s.scroll.contentOffset == Point(x: 0, y: 120))
        s.driver.scroll(dy: -15 * 10, in: s.window)
        #expect(s.scroll.contentOffset == .zero, "clamped at the top")
        #expect(s.log.entries.filter { $0 == "didScroll" }.count == 3)
        s.settle()
        #expect(s.driver.isClean)
    }

    /// A wheel at an inner list's edge scrolls the enclosing scroll view instead.
    @Test func wheelAtAnEdgeGoesOutward() {
        let outer = ScrollStage(frame: Rect(x: 0, y: 0, width: 200, height: 300), content: Size(width: 200, height: 900))
        let inner = ScrollView(frame: Rect(x: 0, y: 100, width: 200, height: 200))
        inner.contentSize = Size(width: 200, height: 400)
        outer.scroll.addSubview(inner)
        outer.driver.pointerMove(to: Point(x: 100, y: 200), in: outer.window)
        for _ in 0..<5 { outer.driver.scroll(dy: 15, in: outer.window) }
        #expect(inner.contentOffset == Point(x: 0, y: 200), "the inner list scrolled to its end")
        #expect(outer.scroll.contentOffset == Point(x: 0, y: 0))
        outer.driver.scroll(dy: 15, in: outer.window)
        #expect(outer.scroll.contentOffset == Point(x: 0, y: 40), "then the outer one")
        outer.settle()
        #expect(outer.driver.isClean)
    }

    /// Touchpad two-finger scroll: 1:1 with the fingers, then momentum after the zero-length
    /// end of the stream (libinput's finger-lift), travelling the deceleration formula.
    @Test func touchpadScrollFollowsThenDecelerates() {
        let s = ScrollStage()
        s.driver.pointerMove(to: Point(x: 100, y: 150), in: s.window)
        for _ in 0..<10 {
            s.driver.inject(.scroll(ScrollInfo(dx: 0, dy: 10, source: .finger)), in: s.window)
            s.wait(0.01)
        }
        #expect(s.scroll.contentOffset == Point(x: 0, y: 100), "1:1, the first movement included")
        #expect(s.scroll.isDragging)
        s.driver.inject(.scroll(ScrollInfo(dx: 0, dy: 0, source: .finger)), in: s.window)
        #expect(!s.scroll.isDragging && s.scroll.isDecelerating)
        let v = s.recorder.velocities[0]
        #expect(close(v.y, 1.0, 0.1), "velocity \(v)")
        let expected = 100 + ScrollPhysics.projectedDistance(velocity: v.y * 1000, rate: 0.998)
        s.settle()
        #expect(close(s.scroll.contentOffset.y, expected, 1e-9), "ended at \(s.scroll.contentOffset.y), expected \(expected)")
        #expect(
            s.calls == [
                "willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating",
                "didEndDecelerating"
            ])
        #expect(s.driver.isClean)
    }

    func key(_ code: Int, shift: Bool = false) -> Key {
        Key(keyCode: code, characters: code == KeyCode.space ? " " : "", modifierFlags: shift ? .shift : [])
    }

    /// Keys scroll animated when they reach the scroll view: Page Down moves the visible height
    /// less a line (260 of 300), End to the end, Home to the top, arrows by a line, space and
    /// shift-space by a page; other keys walk on.
    @Test func keyboardScrolls() {
        let s = ScrollStage()
        #expect(s.scroll.becomeFirstResponder())
        s.driver.type(key(KeyCode.pageDown), in: s.window)
        #expect(s.scroll.contentOffset == .zero, "animated: nothing moves before a frame")
        s.settle()
        #expect(s.scroll.contentOffset == Point(x: 0, y: 260))
        #expect(s.calls == ["didEndScrollingAnimation"])
        s.driver.type(key(KeyCode.end), in: s.window)
        s.settle()
        #expect(s.scroll.contentOffset.y == 2700)
        s.driver.type(key(KeyCode.up), in: s.window)
        s.settle()
        #expect(s.scroll.contentOffset.y == 2660)
        s.driver.type(key(KeyCode.space, shift: true), in: s.window)
        s.settle()
        #expect(s.scroll.contentOffset.y == 2400)
        s.driver.type(key(KeyCode.home), in: s.window)
        s.settle()
        #expect(s.scroll.contentOffset.y == 0)
        // Two Page Downs before a frame go two pages.
        s.driver.type(key(KeyCode.pageDown), in: s.window)
        s.driver.type(key(KeyCode.pageDown), in: s.window)
        s.settle()
        #expect(s.scroll.contentOffset.y == 520)
        #expect(s.driver.isClean)
    }

    /// Keys the scroll view does not use reach the next responder; a focused view inside that
    /// ignores Page Down lets it reach the scroll view.
    @Test func keysWalkTheChain() {
        final class Field: View {
            override var canBecomeFirstResponder: Bool { true }
        }
        let s = ScrollStage()
        let field = Field(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        s.scroll.addSubview(field)
        #expect(field.becomeFirstResponder())
        s.driver.type(key(KeyCode.pageDown), in: s.window)
        s.settle()
        #expect(s.scroll.contentOffset.y == 260)
        s.driver.type(Key(keyCode: 30, characters: "a"), in: s.window)
        s.settle()
        #expect(s.scroll.contentOffset.y == 260)
        #expect(s.driver.isClean)
    }

    /// `setContentOffset(_:animated:)`: 0.3 s ease-out on the frame clock, didScroll per frame,
    /// didEndScrollingAnimation once at the end, and the indicators fade afterwards.
    @Test func animatedContentOffset() {
        let s = ScrollStage()
        s.driver.framesPerSecond = 0  // the frames are the test's own ticks, counted below
        s.scroll.setContentOffset(Point(x: 0, y: 600), animated: true)
        #expect(s.scroll.contentOffset == .zero)
        #expect(s.app.animator.isRunning)
        s.driver.advance(by: 0.15)
        s.app.animator.tick(now: s.driver.now)
        let half = View.AnimationCurve.easeOut.progress(at: 0.5) * 600
        #expect(close(s.scroll.contentOffset.y, half), "at 0.15 s: \(s.scroll.contentOffset.y), expected \(half)")
        #expect(s.scroll.verticalIndicator?.isHidden == false)
        s.driver.advance(by: 0.15)
        s.app.animator.tick(now: s.driver.now)
        #expect(s.scroll.contentOffset.y == 600)
        #expect(s.log.entries == ["didScroll", "didScroll", "didEndScrollingAnimation"])
        #expect(s.app.animator.isRunning, "the indicator waits, then fades")
        s.settle()
        #expect(s.scroll.verticalIndicator?.isHidden == true)
        #expect(!s.app.animator.isRunning)
        // scrollRectToVisible: the least move that shows the rect.
        s.scroll.scrollRectToVisible(Rect(x: 0, y: 1000, width: 10, height: 50), animated: true)
        s.settle()
        #expect(s.scroll.contentOffset.y == 750)
        s.scroll.scrollRectToVisible(Rect(x: 0, y: 760, width: 10, height: 50), animated: false)
        #expect(s.scroll.contentOffset.y == 750, "already visible")
        s.scroll.scrollRectToVisible(Rect(x: 0, y: 100, width: 10, height: 50), animated: false)
        #expect(s.scroll.contentOffset.y == 100)
        #expect(s.driver.isClean)
    }

    /// Not in a window (no frame clock): an animated offset applies at once and reports its end.
    @Test func animatedOffsetOutsideAWindowJumps() {
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let log = Log()
        let recorder = ScrollDelegateRecorder(log: log)
        scroll.delegate = recorder
        scroll.contentSize = Size(width: 100, height: 500)
        scroll.setContentOffset(Point(x: 0, y: 50), animated: true)
        #expect(scroll.contentOffset == Point(x: 0, y: 50))
        #expect(log.entries == ["didScroll", "didEndScrollingAnimation"])
    }

    /// Bad values are refused with a diagnostic, not applied.
    @Test func nonFiniteValuesAreRefused() {
        let s = ScrollStage()
        let messages = collectDiagnostics {
            s.scroll.setContentOffset(Point(x: .nan, y: 0), animated: false)
            s.scroll.contentSize = Size(width: -5, height: .infinity)
        }
        #expect(s.scroll.contentOffset == .zero)
        #expect(s.scroll.contentSize == Size(width: 0, height: 0))
        #expect(messages.count == 2)
        #expect(s.driver.isClean)
    }
}
