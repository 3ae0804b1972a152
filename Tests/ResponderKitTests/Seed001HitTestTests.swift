import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Seed 001 §5 "Hit-testing decides where the chain starts": the five steps of one tap, the skip
// rules, the "visible button that ignores taps" bug and the CloseButton that enlarges its area.
// The exhaustive skip-rule and geometry checks are in HitTestSkipRuleTests.swift.

/// The seed's CloseButton: a tappable area of at least 44×44 around a smaller button.
final class CloseButton: Button {
    override func point(inside point: Point, with event: Event?) -> Bool {
        let target = Size(width: 44, height: 44)
        let dx = min(0, bounds.width - target.width) / 2
        let dy = min(0, bounds.height - target.height) / 2
        return bounds.insetBy(dx: dx, dy: dy).contains(point)
    }
}

@MainActor
@Suite("Seed 001 §5: hit-testing decides where the chain starts")
struct Seed001HitTestTests {
    /// Seed 001 §5 step 1: the touch arrives at the window as an Event of type touches, carrying
    /// the touch (allTouches, touches(for: window)).
    @Test func step1TheTouchArrivesAtTheWindowAsAnEvent() throws {
        let h = Harness(log: Log())
        let view = RecordingView("Target", frame: Rect(0, 0, 100, 100), log: h.log)
        view.forwards = false
        h.window.addSubview(view)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        let event = try #require(view.lastEvent)
        #expect(event.type == .touches)
        #expect(event.allTouches?.count == 1)
        #expect(event.touches(for: h.window)?.count == 1)
        #expect(event.touches(for: view) == view.lastTouches)
        #expect(view.lastTouches.first?.window === h.window)
        h.driver.touchUp(0, in: h.window)
    }

    /// Seed 001 §5 step 2: the window hit-tests and returns the deepest view whose bounds contain the
    /// point; that view is stored on the touch and is where the touch's chain starts — not the
    /// keyboard's first responder.
    @Test func step2TheDeepestViewIsStoredOnTheTouch() throws {
        let h = Harness(log: Log())
        let outer = RecordingView("Outer", frame: Rect(0, 0, 300, 300), log: h.log)
        let middle = RecordingView("Middle", frame: Rect(50, 50, 200, 200), log: h.log)
        let deepest = RecordingView("Deepest", frame: Rect(50, 50, 50, 50), log: h.log)
        let field = TextField(frame: Rect(0, 400, 200, 40))
        outer.addSubview(middle)
        middle.addSubview(deepest)
        h.window.addSubview(outer)
        h.window.addSubview(field)
        field.becomeFirstResponder()
        h.driver.touchDown(0, at: Point(110, 110), in: h.window)
        let touch = try #require(deepest.lastTouches.first)
        #expect(touch.view === deepest)
        #expect(touch.view !== h.window.firstResponder)
        #expect(
            h.log.entries == [
                "Deepest.touchesBegan", "Middle.touchesBegan", "Outer.touchesBegan",
                "AppDelegate.touchesBegan"
            ])
        h.driver.touchUp(0, in: h.window)
    }

    /// Seed 001 §5 step 3: gesture recognizers on the hit view and its ancestors get the touches
    /// first; if one recognizes it can cancel delivery to the view entirely.
    @Test func step3RecognizersGetTheTouchesFirstAndCanCancelTheView() {
        let h = Harness(log: Log())
        let parent = RecordingView("Parent", frame: Rect(0, 0, 300, 300), log: h.log)
        let view = RecordingView("View", frame: Rect(0, 0, 100, 100), log: h.log)
        view.forwards = false
        parent.addSubview(view)
        h.window.addSubview(parent)
        let onView = RecordingRecognizer("OnView", log: h.log)
        let onParent = RecordingRecognizer("OnParent", log: h.log)
        onParent.recognizeOnMove = true
        onParent.endOnEnded = true
        view.addGestureRecognizer(onView)
        parent.addGestureRecognizer(onParent)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        #expect(h.log.entries == ["OnView.touchesBegan", "OnParent.touchesBegan", "View.touchesBegan"])
        h.log.clear()
        h.driver.touchMove(0, to: Point(40, 10), in: h.window)
        #expect(onParent.state == .began)
        #expect(onView.state == .failed)
        #expect(h.log.entries == ["OnView.touchesMoved", "OnParent.touchesMoved", "View.touchesCancelled"])
        h.log.clear()
        h.driver.touchUp(0, in: h.window)
        #expect(h.log.entries == ["OnParent.touchesEnded"], "the view gets nothing more")
        #expect(h.driver.isClean)
    }

    /// Seed 001 §5 step 3: a recognizer that recognizes as the touch begins cancels delivery to the
    /// view entirely — the view never hears of the touch.
    @Test func step3RecognizingAtOnceHidesTheTouchFromTheView() {
        let h = Harness(log: Log())
        let view = RecordingView("View", frame: Rect(0, 0, 100, 100), log: h.log)
        h.window.addSubview(view)
        let recognizer = RecordingRecognizer("Grabber", log: h.log)
        recognizer.recognizeOnBegan = true
        recognizer.endOnEnded = true
        view.addGestureRecognizer(recognizer)
        h.tap(10, 10)
        #expect(h.log.entries == ["Grabber.touchesBegan", "Grabber.touchesEnded"])
    }

    /// Seed 001 §5 steps 4 and 5: otherwise touchesBegan goes to the hit view; if it does not
    /// consume the touch, the event moves up through next one responder at a time until something
    /// handles it.
    @Test func steps4And5HitViewThenUpTheChainUntilHandled() {
        let log = Log()
        let controller = HostViewController(log: log)
        controller.forwards = false  // the controller handles it
        let h = Harness(root: controller, log: log)
        let card = RecordingView("Card", frame: Rect(0, 0, 200, 200), log: log)
        let label = RecordingView("Label", frame: Rect(10, 10, 100, 20), log: log)
        card.addSubview(label)
        controller.view.addSubview(card)
        h.driver.touchDown(0, at: Point(20, 15), in: h.window)
        #expect(
            log.entries == [
                "Label.touchesBegan", "Card.touchesBegan", "Root.touchesBegan",
                "HostViewController.touchesBegan"
            ])
        h.driver.touchUp(0, in: h.window)
    }

    /// Seed 001 §5: hit-testing runs once per touch to choose a starting point — a finger that slides
    /// onto another view keeps delivering to the view it went down on.
    @Test func hitTestingRunsOncePerTouch() {
        let h = Harness(log: Log())
        let left = RecordingView("Left", frame: Rect(0, 0, 100, 100), log: h.log)
        let right = RecordingView("Right", frame: Rect(100, 0, 100, 100), log: h.log)
        left.forwards = false
        right.forwards = false
        h.window.addSubview(left)
        h.window.addSubview(right)
        h.driver.touchDown(0, at: Point(50, 50), in: h.window)
        h.driver.touchMove(0, to: Point(150, 50), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(h.log.entries == ["Left.touchesBegan", "Left.touchesMoved", "Left.touchesEnded"])
        #expect(left.lastTouches.first?.view === left)
        #expect(left.lastTouches.first?.location(in: left) == Point(150, 50))
    }

    /// Seed 001 §5: "if a tap does nothing at all, step 2 failed and no chain walk ever started" —
    /// a point no view accepts (here: outside the window) reaches no responder at all.
    @Test func aFailedHitTestStartsNoChainWalk() {
        let h = Harness(log: Log())
        let background = RecordingView("Background", frame: h.window.bounds, log: h.log)
        h.window.addSubview(background)
        #expect(h.window.hitTest(Point(500, 10), with: nil) == nil)
        h.tap(500, 10)
        #expect(h.log.entries.isEmpty)
        #expect(h.driver.isClean)
    }

    /// Seed 001 §5 skip rules: a view is skipped when isUserInteractionEnabled is false, when it is
    /// hidden, when its alpha is below 0.01, or when the point is outside its bounds.
    @Test func theFourSkipRules() {
        let h = Harness(log: Log())
        let back = View(frame: Rect(0, 0, 100, 100))
        let front = View(frame: Rect(0, 0, 100, 100))
        h.window.addSubview(back)
        h.window.addSubview(front)
        let p = Point(50, 50)
        #expect(h.window.hitTest(p, with: nil) === front)
        front.isUserInteractionEnabled = false
        #expect(h.window.hitTest(p, with: nil) === back)
        front.isUserInteractionEnabled = true
        front.isHidden = true
        #expect(h.window.hitTest(p, with: nil) === back)
        front.isHidden = false
        front.alpha = 0.005
        #expect(h.window.hitTest(p, with: nil) === back)
        front.alpha = 1
        front.frame = Rect(60, 60, 40, 40)
        #expect(h.window.hitTest(p, with: nil) === back)
        front.frame = Rect(0, 0, 100, 100)
        #expect(h.window.hitTest(p, with: nil) === front)
    }

    /// Seed 001 §5, the classic bug: a button drawn outside its parent's bounds stays visible with
    /// clipsToBounds false, but taps on it are never delivered — the parent is rejected first.
    @Test func aButtonOutsideItsParentIsNeverTapped() {
        let h = Harness(log: Log())
        let parent = RecordingView("Parent", frame: Rect(0, 0, 100, 100), log: h.log)
        parent.clipsToBounds = false
        let button = Button(frame: Rect(120, 10, 60, 40))
        var taps = 0
        button.addAction(for: .touchUpInside) { _ in taps += 1 }
        parent.addSubview(button)
        h.window.addSubview(parent)
        #expect(button.frame.intersection(parent.bounds).isNull, "entirely outside, still drawn")
        #expect(h.window.hitTest(Point(130, 20), with: nil) === h.window)
        h.tap(130, 20)
        #expect(taps == 0)
        // Grow the parent to cover it and the same tap lands.
        parent.frame = Rect(0, 0, 200, 100)
        h.driver.advance(by: 1)
        h.tap(130, 20)
        #expect(taps == 1)
    }

    /// Seed 001 §5 "Why it matters": a visible button ignores every tap when an ancestor has
    /// isUserInteractionEnabled = false.
    @Test func anAncestorWithInteractionDisabledStarvesAVisibleButton() {
        let h = Harness(log: Log())
        let panel = View(frame: Rect(0, 0, 300, 300))
        let button = Button(frame: Rect(10, 10, 100, 44))
        var taps = 0
        button.addAction(for: .touchUpInside) { _ in taps += 1 }
        panel.addSubview(button)
        h.window.addSubview(panel)
        panel.isUserInteractionEnabled = false
        #expect(!button.isHidden && button.alpha == 1 && button.isUserInteractionEnabled)
        h.tap(20, 20)
        #expect(taps == 0)
        panel.isUserInteractionEnabled = true
        h.driver.advance(by: 1)
        h.tap(20, 20)
        #expect(taps == 1)
    }

    /// Seed 001 §5 CloseButton example: overriding point(inside:with:) to make a small button's
    /// tappable area at least 44×44 — a 20×20 button is hit 12 pt outside its bounds, not 12.5 pt.
    @Test func closeButtonEnlargesItsTappableAreaTo44Points() {
        let h = Harness(log: Log())
        let close = CloseButton(frame: Rect(100, 100, 20, 20))
        var closes = 0
        close.addAction(for: .touchUpInside) { _ in closes += 1 }
        h.window.addSubview(close)
        // The 44×44 area is (88, 88) … (132, 132), half-open.
        #expect(h.window.hitTest(Point(88, 88), with: nil) === close)
        #expect(h.window.hitTest(Point(131.9, 131.9), with: nil) === close)
        #expect(h.window.hitTest(Point(87.9, 110), with: nil) !== close)
        #expect(h.window.hitTest(Point(132, 110), with: nil) !== close)
        #expect(close.point(inside: Point(-12, -12), with: nil))
        #expect(!close.point(inside: Point(-12.5, 5), with: nil))
        h.tap(90, 90)
        #expect(closes == 1)
        // A button already 44 pt or larger keeps its own bounds.
        close.frame = Rect(100, 100, 60, 60)
        #expect(close.point(inside: Point(0, 0), with: nil))
        #expect(!close.point(inside: Point(-1, 0), with: nil))
    }
}
