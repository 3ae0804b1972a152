import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Seed 001 §5 step 3 and API.md "Gestures and controls": recognizers on the hit view and ALL its
// ancestors (the window too) see each touch first; a recognizer removed, disabled, or whose view is
// removed in the middle of a gesture ends cleanly (cancelled if in progress, failed if undecided)
// and lets go of the touches it was delaying; nothing stays open.

@MainActor
@Suite("Gestures: ancestors, removal and disabling")
struct GestureLifecycleTests {
    /// The hit view's, its superview's and the window's recognizers all get the touch, deepest
    /// first, before the view; the window's pan wins and cancels the view's touch.
    @Test func recognizersOnEveryAncestorAndTheWindow() throws {
        let h = Harness(log: Log())
        let parent = h.pad("Parent", frame: Rect(0, 0, 300, 300))
        let child = h.pad("Child", frame: Rect(10, 10, 100, 100), in: parent)
        let onChild = RecordingRecognizer("OnChild", log: h.log)
        let onParent = RecordingRecognizer("OnParent", log: h.log)
        let onWindow = logActions(PanGestureRecognizer(), "WindowPan", h.log)
        child.addGestureRecognizer(onChild)
        parent.addGestureRecognizer(onParent)
        h.window.addGestureRecognizer(onWindow)
        h.down(20, 20)
        let touch = try #require(child.lastTouches.first)
        #expect(touch.gestureRecognizers.map { $0 === onChild || $0 === onParent || $0 === onWindow } == [true, true, true])
        #expect(touch.gestureRecognizers.first === onChild && touch.gestureRecognizers.last === onWindow)
        #expect(h.log.entries == ["OnChild.touchesBegan", "OnParent.touchesBegan", "Child.touchesBegan"])
        h.log.clear()
        h.move(40, 20)
        #expect(h.log.entries == ["OnChild.touchesMoved", "OnParent.touchesMoved", "WindowPan.began", "Child.touchesCancelled"])
        #expect(onChild.state == .failed && onParent.state == .failed)
        h.log.clear()
        h.up()
        #expect(h.log.entries == ["WindowPan.ended"])
        #expect(h.driver.isClean)
    }

    /// removeGestureRecognizer mid-gesture: the pan in progress is cancelled (its targets hear
    /// it); the view, whose touch the pan took, hears nothing more; later touches reach the view.
    @Test func recognizerRemovedMidGesture() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let pan = logActions(PanGestureRecognizer(), "Pan", h.log)
        pad.addGestureRecognizer(pan)
        h.down(10, 10)
        h.move(40, 10)
        pad.removeGestureRecognizer(pan)
        #expect(pan.view == nil)
        #expect(pan.state == .possible, "cancelled, then reset at once: it has no touches left")
        h.move(60, 10)
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pan.began", "Pad.touchesCancelled", "Pan.cancelled"])
        h.log.clear()
        h.advance(1)
        h.tap(10, 10)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
    }

    /// UIKit's settable `gestureRecognizers`: setting the list attaches and detaches as add and
    /// remove do (a recognizer left out mid-gesture is cancelled; one taken from another view
    /// leaves it; duplicates are kept once; an empty list reads nil).
    @Test func settingTheRecognizerListAttachesAndDetaches() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let other = View(frame: Rect(0, 0, 10, 10))
        h.window.addSubview(other)
        let pan = logActions(PanGestureRecognizer(), "Pan", h.log)
        let tap = TapGestureRecognizer()
        pad.gestureRecognizers = [pan, tap, pan]
        #expect(pad.gestureRecognizers?.count == 2 && pan.view === pad && tap.view === pad)
        h.down(10, 10)
        h.move(40, 10)
        pad.gestureRecognizers = [tap]
        #expect(pan.view == nil && pan.state == .possible, "left out mid-gesture: cancelled and reset")
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pan.began", "Pad.touchesCancelled", "Pan.cancelled"])
        other.gestureRecognizers = [tap]
        #expect(tap.view === other && pad.gestureRecognizers == nil, "taken from the pad, whose list is now empty")
        other.gestureRecognizers = []
        #expect(other.gestureRecognizers == nil && tap.view == nil)
        #expect(h.driver.isClean)
    }

    /// isEnabled = false mid-gesture cancels a pan in progress.
    @Test func disablingMidGestureCancels() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let pan = logActions(PanGestureRecognizer(), "Pan", h.log)
        pad.addGestureRecognizer(pan)
        h.down(10, 10)
        h.move(40, 10)
        pan.isEnabled = false
        h.move(50, 10)
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pan.began", "Pad.touchesCancelled", "Pan.cancelled"])
        pan.isEnabled = true
        h.log.clear()
        h.advance(1)
        h.down(10, 10)
        h.move(40, 10)
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pan.began", "Pad.touchesCancelled", "Pan.ended"])
        #expect(h.driver.isClean)
    }

    /// Disabling an undecided recognizer that delays the view's touchesEnded (a double tap after
    /// its first tap) fails it, and the held touchesEnded reaches the view at once.
    @Test func disablingAnUndecidedRecognizerReleasesHeldTouches() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let double = logActions(TapGestureRecognizer(), "DoubleTap", h.log)
        double.numberOfTapsRequired = 2
        pad.addGestureRecognizer(double)
        h.tap(10, 10)
        #expect(h.log.entries == ["Pad.touchesBegan"])
        #expect(!h.driver.isClean, "the double tap waits for a second tap")
        double.isEnabled = false
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded"])
        #expect(h.driver.isClean, "its interval timer went with it")
    }

    /// The view carrying a recognizer is removed mid-gesture: its touch is cancelled, the
    /// recognizer on it fails (undecided) and releases nothing stale.
    @Test func viewRemovedMidGesture() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let long = logActions(LongPressGestureRecognizer(), "LongPress", h.log)
        pad.addGestureRecognizer(long)
        h.down(10, 10)
        h.advance(0.2)
        pad.removeFromSuperview()
        #expect(long.state == .possible, "failed and reset")
        h.advance(1)
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesCancelled"])
        #expect(h.driver.isClean)
    }

    /// The view of a long press that began is removed: the press is cancelled.
    @Test func viewRemovedWhileAGestureIsInProgress() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let long = logActions(LongPressGestureRecognizer(), "LongPress", h.log)
        pad.addGestureRecognizer(long)
        h.down(10, 10)
        h.advance(0.5)
        pad.removeFromSuperview()
        h.up()
        #expect(h.log.entries == ["Pad.touchesBegan", "LongPress.began", "Pad.touchesCancelled", "LongPress.cancelled"])
        #expect(h.driver.isClean)
    }

    /// A subclass that began but never ends, whose touches are all gone, is cancelled with a
    /// diagnostic instead of staying in progress forever.
    @Test func aGestureLeftInProgressIsCancelled() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let r = logActions(ScriptedRecognizer(), "Lazy", h.log)
        r.onMoved = [.began]
        pad.addGestureRecognizer(r)
        let messages = collectDiagnostics {
            h.down(10, 10)
            h.move(20, 10)
            r.onMoved = []
            h.up()
        }
        #expect(messages.count == 1 && messages[0].contains("cancelled"))
        #expect(h.log.entries == ["Pad.touchesBegan", "Lazy.began", "Pad.touchesCancelled", "Lazy.cancelled"])
        #expect(r.state == .possible)
        #expect(h.driver.isClean)
    }

    /// A device cancel reaches recognizers as touchesCancelled: a pan in progress is cancelled.
    @Test func deviceCancelCancelsTheGesture() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let pan = logActions(PanGestureRecognizer(), "Pan", h.log)
        pad.addGestureRecognizer(pan)
        h.down(10, 10)
        h.move(40, 10)
        h.driver.cancelTouches(in: h.window)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pan.began", "Pad.touchesCancelled", "Pan.cancelled"])
        #expect(h.driver.isClean)
    }
}
