import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Issue 9, scrolling: what the content sees of touches (UIKit's `delaysContentTouches`,
/// `canCancelContentTouches`, `touchesShouldBegin`, `touchesShouldCancel`), with the exact order
/// of the content view's callbacks at the 150 ms threshold, for plain views and buttons.
@MainActor
@Suite("ScrollView: content touches")
struct ScrollContentTouchTests {
    /// A scroll view with one 200×100 recording view at the top of its content.
    func stage(delays: Bool = true, cancels: Bool = true, scrollView: ScrollView? = nil) -> (ScrollStage, RecordingView) {
        let s = ScrollStage(scrollView: scrollView)
        s.scroll.delaysContentTouches = delays
        s.scroll.canCancelContentTouches = cancels
        let content = RecordingView("content", frame: Rect(x: 0, y: 0, width: 200, height: 100), log: s.log)
        content.forwards = false
        s.scroll.addSubview(content)
        return (s, content)
    }

    func touches(_ s: ScrollStage) -> [String] { s.log.entries.filter { $0.hasPrefix("content.") } }

    /// A tap shorter than the delay reaches the content when the finger lifts: began, then ended.
    @Test func quickTapReachesContentAtLift() {
        let (s, _) = stage()
        s.down(50, 50)
        s.wait(0.1)
        #expect(touches(s).isEmpty, "held for the delay")
        s.up()
        #expect(touches(s) == ["content.touchesBegan", "content.touchesEnded"])
        #expect(s.driver.isClean)
    }

    /// 149 ms: nothing yet; the drag that follows begins the pan and the content never hears of
    /// the touch.
    @Test func dragBeforeTheDelayNeverReachesContent() {
        let (s, _) = stage()
        s.down(50, 50)
        s.wait(0.149)
        #expect(touches(s).isEmpty)
        s.move(50, 40)
        s.move(50, 20)
        #expect(s.scroll.isDragging)
        s.move(50, 0)
        s.up()
        #expect(touches(s).isEmpty)
        #expect(s.scroll.contentOffset.y == 20, "the pan began 30 pt in; 20 pt followed")
        s.settle()
        #expect(s.driver.isClean)
    }

    /// 151 ms: the content has the touch (began at 150 ms, moves within the slop), then the drag
    /// past the slop cancels it (a plain view may be cancelled) and scrolls.
    @Test func dragAfterTheDelayCancelsContent() {
        let (s, _) = stage()
        s.down(50, 50)
        s.wait(0.149)
        #expect(touches(s).isEmpty)
        s.wait(0.002)
        #expect(touches(s) == ["content.touchesBegan"])
        s.move(50, 45)
        #expect(touches(s) == ["content.touchesBegan", "content.touchesMoved"])
        s.move(50, 30)
        #expect(s.scroll.isDragging)
        #expect(touches(s) == ["content.touchesBegan", "content.touchesMoved", "content.touchesCancelled"])
        s.move(50, 10)
        s.up()
        #expect(touches(s) == ["content.touchesBegan", "content.touchesMoved", "content.touchesCancelled"])
        #expect(s.scroll.contentOffset.y == 20)
        s.settle()
        #expect(s.driver.isClean)
    }

    /// Without the delay the content hears the touch begin at once.
    @Test func noDelayDeliversAtOnce() {
        let (s, _) = stage(delays: false)
        s.down(50, 50)
        #expect(touches(s) == ["content.touchesBegan"])
        s.move(50, 30)
        #expect(touches(s) == ["content.touchesBegan", "content.touchesCancelled"])
        s.up()
        s.settle()
        #expect(s.driver.isClean)
    }

    /// `canCancelContentTouches` false: once the content has the touch, the drag does not scroll.
    @Test func contentKeepsItsTouchWhenItCannotBeCancelled() {
        let (s, _) = stage(cancels: false)
        s.down(50, 50)
        s.wait(0.151)
        s.move(50, 30)
        s.move(50, 10)
        #expect(!s.scroll.isDragging)
        #expect(s.scroll.contentOffset == .zero)
        s.up()
        #expect(touches(s) == ["content.touchesBegan", "content.touchesMoved", "content.touchesMoved", "content.touchesEnded"])
        // Before the delay the pan still wins.
        s.log.clear()
        s.down(50, 50)
        s.move(50, 30)
        s.up()
        #expect(touches(s).isEmpty)
        #expect(s.scroll.contentOffset.y == 0, "the pan began at 20 pt with no motion after it")
        s.settle()
        #expect(s.driver.isClean)
    }

    /// `touchesShouldBegin` false: the content never gets the touch, even for a tap.
    @Test func touchesShouldBeginFalseKeepsTouchesFromContent() {
        final class Refusing: ScrollView {
            var asked: [View] = []
            override func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool {
                asked.append(view)
                return false
            }
        }
        let refusing = Refusing(frame: .zero)
        let (s, content) = stage(scrollView: refusing)
        s.down(50, 50)
        s.up()
        s.down(50, 50)
        s.wait(0.2)
        s.up()
        #expect(touches(s).isEmpty)
        #expect(refusing.asked.count == 2 && refusing.asked.allSatisfy { $0 === content })
        #expect(s.driver.isClean)
    }

    // MARK: Buttons

    func buttonStage() -> (ScrollStage, Button, ActionRecorder) {
        let s = ScrollStage()
        let button = Button(frame: Rect(x: 20, y: 20, width: 160, height: 60))
        let recorder = ActionRecorder(handles: ["up:", "cancel:", "down:"])
        button.addTarget(recorder, action: "up:", for: .touchUpInside)
        button.addTarget(recorder, action: "cancel:", for: .touchCancel)
        button.addTarget(recorder, action: "down:", for: .touchDown)
        s.scroll.addSubview(button)
        return (s, button, recorder)
    }

    /// A quick tap on a button in a scroll view presses it.
    @Test func quickTapPressesAButton() {
        let (s, _, recorder) = buttonStage()
        s.down(100, 50)
        s.wait(0.05)
        s.up()
        #expect(recorder.received == ["down:", "up:"])
        #expect(s.driver.isClean)
    }

    /// A drag starting on a button (before the delay) scrolls; the button never sees it.
    @Test func dragStartingOnAButtonScrolls() {
        let (s, button, recorder) = buttonStage()
        s.down(100, 50)
        s.wait(0.05)
        s.move(100, 30)
        s.move(100, 0)
        s.up()
        #expect(recorder.received.isEmpty)
        #expect(!button.isTracking)
        #expect(s.scroll.contentOffset.y == 30)
        s.settle()
        #expect(s.driver.isClean)
    }

    /// A button already tracking (held past the delay) keeps its touch: controls cannot be
    /// cancelled by default, so the drag does not scroll and the button finishes its touch.
    @Test func trackingButtonKeepsItsTouch() {
        let (s, button, recorder) = buttonStage()
        s.down(100, 50)
        s.wait(0.151)
        #expect(button.isTracking)
        #expect(recorder.received == ["down:"])
        s.move(100, 30)
        s.move(100, 40)
        #expect(!s.scroll.isDragging && s.scroll.contentOffset == .zero)
        #expect(button.isTracking)
        s.up()
        #expect(recorder.received == ["down:", "up:"])
        #expect(s.driver.isClean)
    }

    /// With `touchesShouldCancel` overridden to true for controls, the tracking button is
    /// cancelled (`.touchCancel`) and the view scrolls.
    @Test func cancellableButtonIsCancelled() {
        final class Cancelling: ScrollView {
            override func touchesShouldCancel(in view: View) -> Bool { true }
        }
        let s = ScrollStage(scrollView: Cancelling(frame: .zero))
        let button = Button(frame: Rect(x: 20, y: 20, width: 160, height: 60))
        let recorder = ActionRecorder(handles: ["cancel:", "down:", "up:"])
        button.addTarget(recorder, action: "cancel:", for: .touchCancel)
        button.addTarget(recorder, action: "down:", for: .touchDown)
        button.addTarget(recorder, action: "up:", for: .touchUpInside)
        s.scroll.addSubview(button)
        s.down(100, 50)
        s.wait(0.151)
        s.move(100, 30)
        #expect(s.scroll.isDragging)
        #expect(recorder.received == ["down:", "cancel:"])
        #expect(!button.isTracking)
        s.move(100, 10)
        s.up()
        #expect(s.scroll.contentOffset.y == 20)
        s.settle()
        #expect(s.driver.isClean)
    }

    /// A list of buttons both scrolls and taps: drag it, then tap the button now under the finger.
    @Test func listOfButtonsScrollsAndTaps() {
        let s = ScrollStage()
        let rows = addRows(50, to: s.scroll, log: s.log, buttons: true)
        var tapped: [Int] = []
        for row in rows { (row.subviews[0] as! Button).addAction(for: .touchUpInside) { tapped.append($0.tag) } }
        s.drag(from: 160, 250, by: 0, -100, steps: 10, rest: 0.2)
        #expect(s.scroll.contentOffset.y == 80, "the pan began at the second 10 pt step")
        #expect(tapped.isEmpty)
        s.settle()
        // Row 3 spans 132…176 in the content: 52…96 on screen now.
        s.down(160, 60)
        s.wait(0.05)
        s.up()
        #expect(tapped == [3])
        #expect(s.hitTestsMatchReference())
        s.settle()
        #expect(s.driver.isClean)
    }
}
