import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Seed 001 §5 step 3 and API.md "Gestures": recognizers on the hit view and its ancestors see each
// touch before the view; a recognizer that recognizes with cancelsTouchesInView cancels the view's
// touches; the arena rule (the first to recognize wins) and the delegate questions.

/// A delegate with switchable answers.
final class RecognizerDelegate: GestureRecognizerDelegate {
    var shouldBegin = true
    var shouldReceive = true
    var simultaneous = false
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { shouldReceive }
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { simultaneous }
}

@MainActor
@Suite("Gesture recognizers")
struct GestureRecognizerTests {
    func pad(_ h: Harness) -> RecordingView {
        let view = RecordingView("View", frame: Rect(0, 0, 200, 200), log: h.log)
        view.forwards = false
        h.window.addSubview(view)
        return view
    }

    /// Seed 001 §5 step 3: recognizers see every phase before the view, deepest first.
    @Test func recognizersSeeTouchesBeforeTheView() throws {
        let h = Harness(log: Log())
        let view = pad(h)
        let inner = RecordingRecognizer("Inner", log: h.log)
        let outer = RecordingRecognizer("Outer", log: h.log)
        view.addGestureRecognizer(inner)
        h.window.addGestureRecognizer(outer)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.driver.touchMove(0, to: Point(12, 12), in: h.window)
        let touch = try #require(view.lastTouches.first)
        #expect(touch.gestureRecognizers.count == 2)
        #expect(touch.gestureRecognizers[0] === inner && touch.gestureRecognizers[1] === outer)
        #expect(view.lastEvent?.touches(for: inner)?.count == 1)
        #expect(inner.view === view)
        h.driver.touchUp(0, in: h.window)
        #expect(
            h.log.entries == [
                "Inner.touchesBegan", "Outer.touchesBegan", "View.touchesBegan",
                "Inner.touchesMoved", "Outer.touchesMoved", "View.touchesMoved",
                "Inner.touchesEnded", "Outer.touchesEnded", "View.touchesEnded"
            ])
        #expect(h.driver.isClean)
    }

    /// A tap recognizer with cancelsTouchesInView (the default) recognizes at the touch's end, and
    /// the view gets touchesCancelled instead of touchesEnded; its handler and target fire.
    @Test func recognizedTapCancelsTheViewsTouch() {
        let h = Harness(log: Log())
        let view = pad(h)
        var handled: [GestureRecognizer.State] = []
        let tap = TapGestureRecognizer(handler: { handled.append($0.state) })
        let target = ActionRecorder(handles: ["tapped:"])
        tap.addTarget(target, action: "tapped:")
        #expect(tap.cancelsTouchesInView)
        view.addGestureRecognizer(tap)
        h.tap(10, 10)
        #expect(h.log.entries == ["View.touchesBegan", "View.touchesCancelled"])
        #expect(handled == [.ended])
        #expect(target.received == ["tapped:"])
        #expect(tap.state == .possible, "reset once its touches are gone")
        #expect(h.driver.isClean)
    }

    /// With cancelsTouchesInView false the view keeps its touches: began and ended.
    @Test func cancelsTouchesInViewFalseLeavesTheView() {
        let h = Harness(log: Log())
        let view = pad(h)
        var fired = 0
        let tap = TapGestureRecognizer(handler: { _ in fired += 1 })
        tap.cancelsTouchesInView = false
        view.addGestureRecognizer(tap)
        h.tap(10, 10)
        #expect(fired == 1)
        #expect(h.log.entries == ["View.touchesBegan", "View.touchesEnded"])
    }

    /// A double-tap recognizer fires on the second quick tap (tapCount 2) and not on a slow one.
    @Test func doubleTapRecognizer() {
        let h = Harness(log: Log())
        let view = pad(h)
        var fired = 0
        let doubleTap = TapGestureRecognizer(handler: { _ in fired += 1 })
        doubleTap.numberOfTapsRequired = 2
        view.addGestureRecognizer(doubleTap)
        h.tap(10, 10)
        #expect(fired == 0)
        h.driver.advance(by: 0.2)
        h.tap(12, 12)
        #expect(fired == 1)
        h.driver.advance(by: 1)
        h.tap(12, 12)
        h.driver.advance(by: 1)
        h.tap(12, 12)
        #expect(fired == 1)
    }

    /// A tap recognizer fails when the finger moves beyond allowableMovement.
    @Test func tapFailsWhenTheFingerMoves() {
        let h = Harness(log: Log())
        let view = pad(h)
        var fired = 0
        let tap = TapGestureRecognizer(handler: { _ in fired += 1 })
        view.addGestureRecognizer(tap)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.driver.touchMove(0, to: Point(40, 10), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(fired == 0)
        #expect(h.log.entries == ["View.touchesBegan", "View.touchesMoved", "View.touchesEnded"])
    }

    /// The arena rule: the first recognizer to recognize wins; the others still possible fail,
    /// unless a delegate allows simultaneous recognition.
    @Test func firstToRecognizeWins() {
        let h = Harness(log: Log())
        let view = pad(h)
        let a = RecordingRecognizer("A", log: h.log)
        a.recognizeOnMove = true
        a.endOnEnded = true
        let b = RecordingRecognizer("B", log: h.log)
        b.recognizeOnMove = true
        b.endOnEnded = true
        view.addGestureRecognizer(a)
        view.addGestureRecognizer(b)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.driver.touchMove(0, to: Point(20, 10), in: h.window)
        #expect(a.state == .began)
        #expect(b.state == .failed)
        h.driver.touchUp(0, in: h.window)
        // Simultaneous recognition allowed by a delegate.
        let delegate = RecognizerDelegate()
        delegate.simultaneous = true
        a.delegate = delegate
        h.driver.advance(by: 1)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.driver.touchMove(0, to: Point(20, 10), in: h.window)
        #expect(a.state == .began)
        #expect(b.state == .began)
        h.driver.touchUp(0, in: h.window)
        #expect(h.driver.isClean)
    }

    /// Delegate: shouldReceive false keeps a touch from the recognizer; shouldBegin false makes a
    /// recognizing recognizer fail instead (so the view keeps its touches).
    @Test func delegateQuestions() {
        let h = Harness(log: Log())
        let view = pad(h)
        let recognizer = RecordingRecognizer("R", log: h.log)
        recognizer.recognizeOnBegan = true
        recognizer.endOnEnded = true
        let delegate = RecognizerDelegate()
        recognizer.delegate = delegate
        view.addGestureRecognizer(recognizer)
        delegate.shouldReceive = false
        h.tap(10, 10)
        #expect(h.log.entries == ["View.touchesBegan", "View.touchesEnded"])
        h.log.clear()
        delegate.shouldReceive = true
        delegate.shouldBegin = false
        h.driver.advance(by: 1)
        h.tap(10, 10)
        #expect(h.log.entries == ["R.touchesBegan", "View.touchesBegan", "View.touchesEnded"])
    }

    /// A disabled recognizer sees nothing; a removed one neither.
    @Test func disabledAndRemovedRecognizers() {
        let h = Harness(log: Log())
        let view = pad(h)
        let recognizer = RecordingRecognizer("R", log: h.log)
        view.addGestureRecognizer(recognizer)
        recognizer.isEnabled = false
        h.tap(10, 10)
        #expect(h.log.entries == ["View.touchesBegan", "View.touchesEnded"])
        recognizer.isEnabled = true
        view.removeGestureRecognizer(recognizer)
        #expect(view.gestureRecognizers == nil)
        #expect(recognizer.view == nil)
        h.log.clear()
        h.driver.advance(by: 1)
        h.tap(10, 10)
        #expect(h.log.entries == ["View.touchesBegan", "View.touchesEnded"])
    }

    /// location(in:) is the centroid of the tracked touches; numberOfTouches counts them.
    @Test func recognizerLocation() {
        let h = Harness(log: Log())
        let view = pad(h)
        view.isMultipleTouchEnabled = true
        view.frame = Rect(100, 100, 200, 200)
        let recognizer = RecordingRecognizer("R", log: h.log)
        view.addGestureRecognizer(recognizer)
        h.driver.frame(in: h.window) {
            $0.down(0, at: Point(110, 110)); $0.down(1, at: Point(130, 150))
        }
        #expect(recognizer.numberOfTouches == 2)
        #expect(recognizer.location(in: view) == Point(20, 30))
        #expect(recognizer.location(in: nil) == Point(120, 130))
        #expect(recognizer.location(ofTouch: 1, in: view) == Point(30, 50))
        h.driver.cancelTouches(in: h.window)
    }

    /// Touches blocked by isMultipleTouchEnabled never reach recognizers either.
    @Test func blockedTouchesReachNoRecognizer() {
        let h = Harness(log: Log())
        let view = pad(h)
        let recognizer = RecordingRecognizer("R", log: h.log)
        view.addGestureRecognizer(recognizer)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.driver.touchDown(1, at: Point(20, 20), in: h.window)
        #expect(h.log.entries == ["R.touchesBegan", "View.touchesBegan"])
        h.driver.cancelTouches(in: h.window)
    }
}
