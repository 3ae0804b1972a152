import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// PanGestureRecognizer: the slop (just under and just over), translation and setTranslation in a
// view's coordinates, velocity from the recent samples, finger counts and fingers joining, and
// the indirect input a pan accepts: wheel and touchpad scrolls (allowedScrollTypesMask) and
// multi-finger touchpad swipes.

@MainActor
@Suite("Gestures: pan")
struct GesturePanTests {
    func setUp() -> (Harness, RecordingView, PanGestureRecognizer) {
        let h = Harness(log: Log())
        let pad = h.pad()
        pad.isMultipleTouchEnabled = true
        let pan = logActions(PanGestureRecognizer(), "Pan", h.log)
        pad.addGestureRecognizer(pan)
        return (h, pad, pan)
    }

    /// Exactly the slop (10 pt) is not a pan; 10.5 pt begins it, with the whole travel as its
    /// translation, and the view's touch is cancelled.
    @Test func slop() {
        let (h, pad, pan) = setUp()
        h.down(10, 10)
        h.move(16, 18)  // 10 pt away, diagonally
        #expect(pan.state == .possible)
        h.move(20.5, 10)
        #expect(pan.state == .began)
        #expect(pan.translation(in: pad) == Point(10.5, 0))
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesMoved", "Pan.began", "Pad.touchesCancelled", "Pan.ended"])
        #expect(h.driver.isClean)
    }

    /// translation(in:) is a displacement in that view's coordinates (a view scaled 2× sees half);
    /// setTranslation rebases it and later motion adds to it.
    @Test func translationAndSetTranslation() {
        let (h, pad, pan) = setUp()
        let scaled = View(frame: Rect(250, 250, 100, 100))
        scaled.transform = AffineTransform(scaleX: 2, y: 2)
        h.window.addSubview(scaled)
        h.down(10, 10)
        h.move(40, 30)
        #expect(pan.translation(in: nil) == Point(30, 20))
        #expect(pan.translation(in: pad) == Point(30, 20))
        #expect(pan.translation(in: scaled) == Point(15, 10))
        pan.setTranslation(.zero, in: pad)
        h.move(45, 30)
        #expect(pan.translation(in: pad) == Point(5, 0))
        pan.setTranslation(Point(1, 1), in: scaled)
        #expect(pan.translation(in: nil) == Point(2, 2))
        let messages = collectDiagnostics { pan.setTranslation(Point(.nan, 0), in: nil) }
        #expect(messages.count == 1)
        h.up()
        #expect(h.driver.isClean)
    }

    /// Velocity is the least-squares slope of the last 100 ms: 10 pt every 10 ms is 1000 pt/s; a
    /// finger that rests 200 ms before lifting ends with no velocity; a fling keeps it.
    @Test func velocity() {
        let (h, pad, pan) = setUp()
        var endVelocity: Point?
        pan.addTarget(retained(VelocityProbe { if $0.state == .ended { endVelocity = $0.velocity(in: pad) } }), action: "probe:")
        h.down(10, 10)
        for i in 1...8 {
            h.advance(0.01)
            h.move(10 + Double(i) * 10, 10)
        }
        let v = pan.velocity(in: pad)
        #expect(abs(v.x - 1000) < 1e-6 && abs(v.y) < 1e-6)
        h.advance(0.2)
        h.up()
        #expect(endVelocity == Point(0, 0))
        h.advance(1)
        h.down(10, 10)
        for i in 1...8 {
            h.advance(0.01)
            h.move(10, 10 + Double(i) * 5)
        }
        h.up()
        #expect(abs(endVelocity!.y - 500) < 1e-6)
        #expect(h.driver.isClean)
    }

    /// A second finger joining does not make the translation jump: the centroid's reference moves.
    @Test func aFingerJoining() {
        let (h, pad, pan) = setUp()
        h.down(0, 10, 10)
        h.move(0, 30, 10)
        #expect(pan.translation(in: pad) == Point(20, 0))
        h.down(1, 150, 150)
        #expect(pan.numberOfTouches == 2)
        #expect(pan.translation(in: pad) == Point(20, 0))
        h.driver.frame(in: h.window) {
            $0.move(0, to: Point(40, 10)); $0.move(1, to: Point(160, 150))
        }
        #expect(pan.translation(in: pad) == Point(30, 0))
        h.up(1)
        h.move(0, 45, 10)
        #expect(pan.translation(in: pad) == Point(35, 0))
        h.up(0)
        #expect(h.log.entries.filter { $0.hasPrefix("Pan") }.last == "Pan.ended")
        #expect(h.driver.isClean)
    }

    /// minimumNumberOfTouches 2: one finger never pans; with two it begins. maximumNumberOfTouches
    /// 1: a second finger is ignored.
    @Test func fingerCounts() {
        let (h, _, pan) = setUp()
        pan.minimumNumberOfTouches = 2
        h.down(0, 10, 10)
        h.move(0, 60, 10)
        #expect(pan.state == .possible)
        h.down(1, 60, 60)
        h.driver.frame(in: h.window) {
            $0.move(0, to: Point(80, 10)); $0.move(1, to: Point(80, 60))
        }
        #expect(pan.state == .began)
        h.up(0)
        #expect(pan.state == .ended, "fewer than the minimum remain")
        h.up(1)
        pan.minimumNumberOfTouches = 1
        pan.maximumNumberOfTouches = 1
        h.advance(1)
        h.down(0, 10, 10)
        h.down(1, 60, 60)
        #expect(pan.numberOfTouches == 1)
        h.move(1, 100, 100)
        #expect(pan.state == .possible, "the ignored finger's motion does not count")
        h.move(0, 30, 10)
        #expect(pan.state == .began)
        h.up(0)
        h.up(1)
        #expect(h.driver.isClean)
    }

    /// allowedScrollTypesMask: none (the default) leaves wheel scrolls to the view; .discrete
    /// makes the wheel drive the pan (content direction: dy 15 is a translation of -15), the
    /// view no longer gets them, and the pan ends after 100 ms without a scroll.
    @Test func wheelScrolls() {
        let (h, _, pan) = setUp()
        h.driver.pointerMove(to: Point(50, 50), in: h.window)
        h.driver.scroll(dy: 15, in: h.window)
        #expect(h.log.entries == ["Pad.hover.entered", "Pad.scrollWheel"])
        h.log.clear()
        pan.allowedScrollTypesMask = .discrete
        h.driver.scroll(dy: 15, in: h.window)
        #expect(pan.translation(in: nil) == Point(0, -15))
        h.advance(0.05)
        h.driver.scroll(dx: 3, dy: 15, in: h.window)
        #expect(pan.translation(in: nil) == Point(-3, -30))
        #expect(pan.location(in: nil) == Point(50, 50))
        h.advance(0.09)
        #expect(pan.state == .changed)
        #expect(!h.driver.isClean, "the stream is still open")
        h.advance(0.02)
        #expect(h.log.entries == ["Pan.began", "Pan.changed", "Pan.ended"])
        #expect(h.driver.isClean)
        // Continuous scrolls are a different type.
        h.driver.inject(.scroll(ScrollInfo(dx: 0, dy: 5, source: .finger)), in: h.window)
        #expect(h.log.entries.last == "Pad.scrollWheel")
        #expect(h.driver.isClean)
    }

    /// A touchpad's continuous scroll ends the pan at libinput's zero-length stop event.
    @Test func continuousScrollStops() {
        let (h, _, pan) = setUp()
        pan.allowedScrollTypesMask = .all
        h.driver.pointerMove(to: Point(50, 50), in: h.window)
        h.log.clear()
        h.driver.inject(.scroll(ScrollInfo(dx: 0, dy: 4, source: .finger)), in: h.window)
        h.advance(0.01)
        h.driver.inject(.scroll(ScrollInfo(dx: 0, dy: 6, source: .finger)), in: h.window)
        h.driver.inject(.scroll(ScrollInfo(dx: 0, dy: 0, source: .finger)), in: h.window)
        #expect(h.log.entries == ["Pan.began", "Pan.changed", "Pan.ended"])
        #expect(h.driver.isClean)
    }

    /// A three-finger touchpad swipe drives a pan on the view under the cursor, when its finger
    /// counts allow three.
    @Test func touchpadSwipe() {
        let (h, _, pan) = setUp()
        h.driver.pointerMove(to: Point(50, 50), in: h.window)
        h.log.clear()
        var translation = Point.zero
        pan.addTarget(retained(VelocityProbe { translation = $0.translation(in: nil) }), action: "probe:")
        h.driver.inject(.touchpadGesture(TouchpadGesture(kind: .swipe, phase: .began, fingers: 3)), in: h.window)
        h.driver.inject(.touchpadGesture(TouchpadGesture(kind: .swipe, phase: .changed, fingers: 3, dx: 20, dy: 5)), in: h.window)
        h.driver.inject(.touchpadGesture(TouchpadGesture(kind: .swipe, phase: .changed, fingers: 3, dx: 10, dy: 0)), in: h.window)
        #expect(!h.driver.isClean, "the swipe is still going")
        h.driver.inject(.touchpadGesture(TouchpadGesture(kind: .swipe, phase: .ended, fingers: 3)), in: h.window)
        #expect(h.log.entries == ["Pan.began", "Pan.changed", "Pan.ended"])
        #expect(translation == Point(30, 5))
        pan.maximumNumberOfTouches = 2
        h.log.clear()
        h.driver.inject(.touchpadGesture(TouchpadGesture(kind: .swipe, phase: .began, fingers: 3)), in: h.window)
        h.driver.inject(.touchpadGesture(TouchpadGesture(kind: .swipe, phase: .changed, fingers: 3, dx: 20, dy: 5)), in: h.window)
        h.driver.inject(.touchpadGesture(TouchpadGesture(kind: .swipe, phase: .ended, fingers: 3)), in: h.window)
        #expect(h.log.entries.isEmpty)
        #expect(h.driver.isClean)
    }
}

/// An action target that runs a closure with the recognizer.
@MainActor
final class VelocityProbe: ActionTarget {
    let body: @MainActor (PanGestureRecognizer) -> Void
    init(_ body: @escaping @MainActor (PanGestureRecognizer) -> Void) { self.body = body }
    func responds(to action: Selector) -> Bool { true }
    func perform(_ action: Selector, with sender: Any?) -> Bool {
        guard let pan = sender as? PanGestureRecognizer else { return false }
        body(pan)
        return true
    }
}
