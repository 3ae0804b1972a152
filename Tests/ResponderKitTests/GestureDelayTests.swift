import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// delaysTouchesBegan (default false: the view gets nothing until the recognizer fails, then the
// held began and moves), delaysTouchesEnded (default true: the view's touchesEnded waits for the
// recognizer's decision, delivered if it fails, turned into touchesCancelled if it recognizes) and
// cancelsTouchesInView, with the exact order of the view's callbacks after each step.

@MainActor
@Suite("Gestures: delayed and cancelled touches")
struct GestureDelayTests {
    func setUp<R: GestureRecognizer>(_ recognizer: R, _ name: String) -> (Harness, R) {
        let h = Harness(log: Log())
        let pad = h.pad()
        logActions(recognizer, name, h.log)
        pad.addGestureRecognizer(recognizer)
        return (h, recognizer)
    }

    @Test func defaults() {
        let r = GestureRecognizer()
        #expect(r.cancelsTouchesInView && !r.delaysTouchesBegan && r.delaysTouchesEnded)
    }

    /// delaysTouchesBegan: nothing reaches the view while the tap is undecided; when it fails (the
    /// finger moved too far) the held began and the move arrive together, in order.
    @Test func delayedBeganDeliveredWhenTheRecognizerFails() {
        let (h, tap) = setUp(TapGestureRecognizer(), "Tap")
        tap.delaysTouchesBegan = true
        h.down(10, 10)
        #expect(h.log.entries.isEmpty)
        h.move(15, 10)
        #expect(h.log.entries.isEmpty)
        h.move(30, 10)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesMoved"])
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesMoved", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
    }

    /// delaysTouchesBegan and the recognizer recognizes: the view never hears of the touch.
    @Test func delayedBeganNeverDeliveredWhenItRecognizes() {
        let (h, tap) = setUp(TapGestureRecognizer(), "Tap")
        tap.delaysTouchesBegan = true
        h.down(10, 10)
        h.move(12, 10)
        h.up()
        #expect(h.log.entries == ["Tap.ended"])
        #expect(h.driver.isClean)
    }

    /// delaysTouchesBegan with cancelsTouchesInView false: once it recognizes the view gets the
    /// held phases, after the action.
    @Test func delayedBeganDeliveredAfterARecognitionThatDoesNotCancel() {
        let (h, tap) = setUp(TapGestureRecognizer(), "Tap")
        tap.delaysTouchesBegan = true
        tap.cancelsTouchesInView = false
        h.down(10, 10)
        h.move(12, 10)
        h.up()
        #expect(h.log.entries == ["Tap.ended", "Pad.touchesBegan", "Pad.touchesMoved", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
    }

    /// delaysTouchesBegan and a touch that lifts while held: when the long press fails at the
    /// lift, began and ended arrive in that same frame.
    @Test func delayedBeganAndEndedInOneRelease() {
        let (h, long) = setUp(LongPressGestureRecognizer(), "LongPress")
        long.delaysTouchesBegan = true
        h.down(10, 10)
        h.advance(0.3)
        #expect(h.log.entries.isEmpty)
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
    }

    /// delaysTouchesEnded (default): a recognizer still undecided at the lift holds the view's
    /// touchesEnded until its timer fails it.
    @Test func delayedEndedDeliveredWhenTheRecognizerFailsLater() {
        let (h, double) = setUp(TapGestureRecognizer(), "DoubleTap")
        double.numberOfTapsRequired = 2
        h.tap(10, 10)
        #expect(h.log.entries == ["Pad.touchesBegan"])
        h.advance(0.349)
        #expect(h.log.entries == ["Pad.touchesBegan"])
        h.advance(0.001)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
    }

    /// delaysTouchesEnded false: the view's touchesEnded arrives at the lift; the double tap
    /// recognizing later takes only the touch still down.
    @Test func endedNotDelayed() {
        let (h, double) = setUp(TapGestureRecognizer(), "DoubleTap")
        double.numberOfTapsRequired = 2
        double.delaysTouchesEnded = false
        h.tap(10, 10)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded"])
        h.advance(0.1)
        h.down(10, 10)
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded", "Pad.touchesBegan", "DoubleTap.ended", "Pad.touchesCancelled"])
        #expect(h.driver.isClean)
    }

    /// Two recognizers on one touch: the view's touchesEnded waits for every one that delays it;
    /// the pan failing at the lift does not release it while the double tap is undecided.
    @Test func endedWaitsForEveryDelayingRecognizer() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let pan = logActions(PanGestureRecognizer(), "Pan", h.log)
        let double = logActions(TapGestureRecognizer(), "DoubleTap", h.log)
        double.numberOfTapsRequired = 2
        pad.addGestureRecognizer(pan)
        pad.addGestureRecognizer(double)
        h.tap(10, 10)
        #expect(pan.state == .possible, "failed at the lift and reset")
        #expect(h.log.entries == ["Pad.touchesBegan"], "the double tap still holds the ended")
        h.advance(0.35)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
    }
}
