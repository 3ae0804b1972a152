import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// TapGestureRecognizer at its exact thresholds, on the manual clock: the movement limit (10 pt),
// the tap duration (1.5 s), the interval between taps (0.35 s), the distance between taps
// (45 pt), the number of fingers; and the view's callbacks around a double tap, which holds the
// view's touchesEnded (delaysTouchesEnded) until it decides.

@MainActor
@Suite("Gestures: tap")
struct GestureTapTests {
    func setUp(taps: Int = 1, touches: Int = 1) -> (Harness, RecordingView, TapGestureRecognizer) {
        let h = Harness(log: Log())
        let pad = h.pad()
        pad.isMultipleTouchEnabled = true
        let tap = logActions(TapGestureRecognizer(), taps == 2 ? "DoubleTap" : "Tap", h.log)
        tap.numberOfTapsRequired = taps
        tap.numberOfTouchesRequired = touches
        pad.addGestureRecognizer(tap)
        return (h, pad, tap)
    }

    /// A finger may move exactly allowableMovement (10 pt); 10.5 pt fails the tap.
    @Test func movementLimit() {
        let (h, _, _) = setUp()
        h.down(10, 10)
        h.move(20, 10)
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesMoved", "Tap.ended", "Pad.touchesCancelled"])
        h.log.clear()
        h.advance(1)
        h.down(10, 10)
        h.move(20.5, 10)
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesMoved", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
    }

    /// Held 10 ms less than maximumTapDuration it is a tap; 10 ms more and it failed when the
    /// duration ran out (the view's touch goes on normally).
    @Test func tapDuration() {
        let (h, _, tap) = setUp()
        h.down(10, 10)
        h.advance(1.49)
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Tap.ended", "Pad.touchesCancelled"])
        h.log.clear()
        h.advance(1)
        h.down(10, 10)
        h.advance(1.49)
        #expect(tap.state == .possible)
        h.advance(0.02)
        #expect(tap.state == .failed)
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
    }

    /// The second tap must start within 0.35 s of the first one's end: at 0.34 s it recognizes,
    /// and the view's first touchesEnded, held so far, becomes touchesCancelled with the second
    /// touch's. At 0.36 s the double tap had failed at 0.35 s (releasing the held touchesEnded)
    /// and the second tap only starts a new sequence.
    @Test func doubleTapInterval() {
        let (h, pad, _) = setUp(taps: 2)
        h.tap(10, 10)
        h.advance(0.34)
        #expect(h.log.entries == ["Pad.touchesBegan"], "touchesEnded held by the undecided double tap")
        h.tap(12, 12)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesBegan", "DoubleTap.ended", "Pad.touchesCancelled"])
        #expect(pad.lastTouches.count == 2, "both touches cancelled in one call")
        #expect(h.driver.isClean)

        h.log.clear()
        h.advance(1)
        h.tap(10, 10)
        h.advance(0.36)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded"], "released when it failed at 0.35 s")
        h.tap(12, 12)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded", "Pad.touchesBegan"])
        h.advance(0.35)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded", "Pad.touchesBegan", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
    }

    /// A second tap farther than 45 pt from the first fails the double tap.
    @Test func doubleTapDistance() {
        let (h, _, _) = setUp(taps: 2)
        h.tap(10, 10)
        h.advance(0.1)
        h.tap(10, 56)
        #expect(!h.log.entries.contains("DoubleTap.ended"))
        h.advance(0.35)
        #expect(h.driver.isClean)
        h.log.clear()
        h.tap(10, 10)
        h.advance(0.1)
        h.tap(10, 55)
        #expect(h.log.entries.contains("DoubleTap.ended"))
        #expect(h.driver.isClean)
    }

    /// numberOfTouchesRequired 2: two fingers (even lifted one after the other) recognize; one
    /// finger fails at its lift; three fingers fail at the third.
    @Test func twoFingerTap() {
        let (h, _, tap) = setUp(touches: 2)
        h.driver.frame(in: h.window) {
            $0.down(0, at: Point(10, 10)); $0.down(1, at: Point(40, 10))
        }
        h.up(0)
        #expect(tap.state == .possible)
        h.up(1)
        #expect(h.log.entries.contains("Tap.ended"))
        h.log.clear()
        h.advance(1)
        h.tap(10, 10)
        #expect(!h.log.entries.contains("Tap.ended"))
        h.advance(1)
        h.down(0, 10, 10)
        h.down(1, 20, 10)
        h.down(2, 30, 10)
        #expect(tap.state == .failed)
        h.driver.cancelTouches(in: h.window)
        #expect(h.driver.isClean)
    }

    /// With cancelsTouchesInView false the view keeps its touch, and with delaysTouchesEnded false
    /// a double tap no longer holds the first touchesEnded.
    @Test func doubleTapWithoutDelaysOrCancels() {
        let (h, _, tap) = setUp(taps: 2)
        tap.delaysTouchesEnded = false
        tap.cancelsTouchesInView = false
        h.tap(10, 10)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded"])
        h.advance(0.2)
        h.tap(10, 10)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded", "Pad.touchesBegan", "DoubleTap.ended", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
    }
}
