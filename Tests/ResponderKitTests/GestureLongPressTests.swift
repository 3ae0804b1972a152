import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// LongPressGestureRecognizer at its thresholds on the manual clock: 0.5 s (10 ms before and
// after), the 10 pt movement allowance, preliminary taps, two fingers; continuous (began,
// changed, ended) and the view's callbacks.

@MainActor
@Suite("Gestures: long press")
struct GestureLongPressTests {
    func setUp() -> (Harness, LongPressGestureRecognizer) {
        let h = Harness(log: Log())
        let pad = h.pad()
        pad.isMultipleTouchEnabled = true
        let long = logActions(LongPressGestureRecognizer(), "LongPress", h.log)
        pad.addGestureRecognizer(long)
        return (h, long)
    }

    /// Lifted 10 ms before minimumPressDuration: no press, the view's touch ends normally.
    @Test func releasedTenMillisecondsEarly() {
        let (h, long) = setUp()
        h.down(10, 10)
        h.advance(0.49)
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded"])
        #expect(long.state == .possible)
        #expect(h.driver.isClean)
    }

    /// Held 10 ms past it: it began at exactly 0.5 s (at 499 ms not yet; 1 ms more: began),
    /// cancelled the view's touch, changes as the finger moves, ends when it lifts.
    @Test func heldTenMillisecondsLonger() {
        let (h, long) = setUp()
        h.down(10, 10)
        h.advance(0.499)
        #expect(long.state == .possible)
        h.advance(0.001)
        #expect(long.state == .began)
        h.advance(0.009)
        h.move(60, 10)
        h.up()
        #expect(
            h.log.entries == [
                "Pad.touchesBegan", "LongPress.began", "Pad.touchesCancelled",
                "LongPress.changed", "LongPress.ended"
            ])
        #expect(h.driver.isClean)
    }

    /// Moving exactly allowableMovement (10 pt) before the duration keeps it possible; 10.5 pt
    /// fails it, and the timer goes with it.
    @Test func movementAllowance() {
        let (h, long) = setUp()
        h.down(10, 10)
        h.move(10, 20)
        h.advance(0.5)
        #expect(long.state == .began)
        h.up()
        h.log.clear()
        h.advance(1)
        h.down(10, 10)
        h.move(10, 20.5)
        #expect(long.state == .failed)
        h.advance(1)
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesMoved", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
    }

    /// numberOfTapsRequired 1: a quick tap, then a press starting within 0.35 s, held 0.5 s.
    /// A press without the tap never begins.
    @Test func tapThenPress() {
        let (h, long) = setUp()
        long.numberOfTapsRequired = 1
        h.down(10, 10)
        h.advance(0.6)
        #expect(long.state == .failed, "held as long as a press: no tap")
        h.up()
        h.advance(1)
        h.tap(10, 10)
        h.advance(0.2)
        h.down(10, 10)
        h.advance(0.5)
        #expect(long.state == .began)
        h.up()
        #expect(h.log.entries.filter { $0.hasPrefix("LongPress") } == ["LongPress.began", "LongPress.ended"])
        #expect(h.driver.isClean)
    }

    /// numberOfTouchesRequired 2: the duration runs from the second finger; one finger alone never
    /// begins.
    @Test func twoFingerPress() {
        let (h, long) = setUp()
        long.numberOfTouchesRequired = 2
        h.down(0, 10, 10)
        h.advance(0.3)
        h.down(1, 40, 10)
        h.advance(0.49)
        #expect(long.state == .possible)
        h.advance(0.01)
        #expect(long.state == .began)
        #expect(long.numberOfTouches == 2)
        h.up(0)
        #expect(long.state == .ended, "a finger lifted")
        h.up(1)
        #expect(long.state == .possible, "reset once both were up")
        #expect(h.log.entries.filter { $0.hasPrefix("LongPress") } == ["LongPress.began", "LongPress.ended"])
        #expect(h.driver.isClean)
    }
}
