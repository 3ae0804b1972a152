import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// SwipeGestureRecognizer: recognizes during the stroke once it covered minimumDistance (50 pt)
// in a permitted direction, within about 27° of it, at minimumVelocity (200 pt/s) or more, before
// maximumDuration (0.5 s); fails otherwise.

@MainActor
@Suite("Gestures: swipe")
struct GestureSwipeTests {
    func setUp() -> (Harness, SwipeGestureRecognizer) {
        let h = Harness(log: Log())
        let pad = h.pad(frame: Rect(0, 0, 400, 400))
        pad.isMultipleTouchEnabled = true
        let swipe = logActions(SwipeGestureRecognizer(), "Swipe", h.log)
        pad.addGestureRecognizer(swipe)
        return (h, swipe)
    }

    /// 49.5 pt is not yet a swipe; 50 pt is, while the finger is still down; the view's touch is
    /// cancelled in that frame.
    @Test func distanceThreshold() {
        let (h, swipe) = setUp()
        h.down(10, 100)
        h.advance(0.05)
        h.move(59.5, 100)
        #expect(swipe.state == .possible)
        h.advance(0.01)
        h.move(60, 100)
        #expect(swipe.state == .ended)
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesMoved", "Swipe.ended", "Pad.touchesCancelled"])
        #expect(h.driver.isClean)
    }

    /// 60 pt in 0.4 s is 150 pt/s: too slow; the swipe fails when maximumDuration runs out.
    @Test func tooSlowThenTooLate() {
        let (h, swipe) = setUp()
        h.down(10, 100)
        h.advance(0.4)
        h.move(70, 100)
        #expect(swipe.state == .possible)
        h.advance(0.09)
        #expect(swipe.state == .possible)
        h.advance(0.02)
        #expect(swipe.state == .failed)
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesMoved", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
    }

    /// Only permitted directions count, and the stroke must stay within half its length across.
    @Test func directionsAndAngle() {
        let (h, swipe) = setUp()
        swipe.direction = [.left, .up]
        h.down(200, 200)
        h.advance(0.05)
        h.move(260, 200)
        #expect(swipe.state == .possible, "rightward is not permitted")
        h.up()
        h.advance(1)
        h.down(200, 200)
        h.advance(0.05)
        h.move(140, 231)
        #expect(swipe.state == .possible, "31 pt across 60 pt along is too steep")
        h.move(140, 230)
        #expect(swipe.state == .ended, "30 pt across is within")
        h.up()
        h.advance(1)
        h.down(200, 200)
        h.advance(0.05)
        h.move(200, 140)
        #expect(swipe.state == .ended, "up")
        h.up()
        #expect(h.log.entries.filter { $0.hasPrefix("Swipe") } == ["Swipe.ended", "Swipe.ended"])
        #expect(h.driver.isClean)
    }

    /// numberOfTouchesRequired 2: one finger's stroke fails; two fingers' centroid recognizes.
    @Test func twoFingerSwipe() {
        let (h, swipe) = setUp()
        swipe.numberOfTouchesRequired = 2
        h.down(10, 100)
        h.advance(0.05)
        h.move(80, 100)
        #expect(swipe.state == .possible)
        h.up()
        #expect(swipe.state == .possible, "failed at the lift, then reset")
        h.advance(1)
        h.driver.frame(in: h.window) {
            $0.down(0, at: Point(10, 100)); $0.down(1, at: Point(10, 150))
        }
        h.advance(0.05)
        h.driver.frame(in: h.window) {
            $0.move(0, to: Point(70, 100)); $0.move(1, to: Point(70, 150))
        }
        #expect(swipe.state == .ended)
        h.driver.frame(in: h.window) {
            $0.up(0); $0.up(1)
        }
        #expect(h.log.entries.filter { $0.hasPrefix("Swipe") } == ["Swipe.ended"])
        #expect(h.driver.isClean)
    }
}
