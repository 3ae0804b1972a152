import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// The routing made one-way: the application applies a touch frame to the window's table, then
// calls Application.sendEvent → Window.sendEvent, which hands it to recognizers then views. Both
// override points still see every frame exactly once; decisions a recognizer makes later (on a
// timer) reach views without re-sending events; a window override that swallows a frame leaves
// no recognizer waiting for touches that are gone.

/// A window whose sendEvent drops touch frames while `swallowing` is true.
@MainActor
final class FilteringWindow: Window {
    var swallowing = false
    var log: Log?
    override func sendEvent(_ event: Event) {
        log?.add("Window.sendEvent")
        if swallowing, event.type == .touches { return }
        super.sendEvent(event)
    }
}

@MainActor
@Suite("Gestures: one-way routing")
struct GestureRoutingTests {
    func setUp() -> (Harness, LoggingApplication, FilteringWindow) {
        let log = Log()
        let app = retained(LoggingApplication())
        app.log = log
        let scene = WindowScene(application: app, screenBounds: Rect(0, 0, 400, 400))
        let window = FilteringWindow(windowScene: scene)
        window.log = log
        let h = Harness(log: log, application: app, scene: scene, window: window)
        return (h, app, window)
    }

    /// Each frame passes Application.sendEvent and Window.sendEvent once, then the recognizers,
    /// then the view.
    @Test func overridePointsSeeEveryFrameFirst() {
        let (h, _, _) = setUp()
        let pad = h.pad()
        pad.addGestureRecognizer(RecordingRecognizer("R", log: h.log))
        h.log.clear()
        h.down(10, 10)
        h.move(12, 10)
        h.up()
        #expect(
            h.log.entries == [
                "Application.sendEvent", "Window.sendEvent", "R.touchesBegan", "Pad.touchesBegan",
                "Application.sendEvent", "Window.sendEvent", "R.touchesMoved", "Pad.touchesMoved",
                "Application.sendEvent", "Window.sendEvent", "R.touchesEnded", "Pad.touchesEnded"
            ])
        #expect(h.driver.isClean)
    }

    /// A long press recognized by its timer cancels the view's touch without another event
    /// passing through sendEvent (the decision is applied, not re-sent).
    @Test func timerDecisionsDoNotResendEvents() {
        let (h, _, _) = setUp()
        let pad = h.pad()
        pad.addGestureRecognizer(logActions(LongPressGestureRecognizer(), "LongPress", h.log))
        h.down(10, 10)
        h.log.clear()
        h.advance(0.5)
        #expect(h.log.entries == ["LongPress.began", "Pad.touchesCancelled"])
        h.log.clear()
        h.up()
        #expect(h.log.entries == ["Application.sendEvent", "Window.sendEvent", "LongPress.ended"])
        #expect(h.driver.isClean)
    }

    /// A Window.sendEvent override that swallows the frame where the touch lifts: the recognizer
    /// never sees the lift, yet it lets go of the touch and fails; nothing stays open.
    @Test func aSwallowedFrameLeavesNoRecognizerWaiting() {
        let (h, _, window) = setUp()
        let pad = h.pad()
        let pan = logActions(PanGestureRecognizer(), "Pan", h.log)
        pad.addGestureRecognizer(pan)
        h.down(10, 10)
        window.swallowing = true
        h.up()
        #expect(pan.state == .possible, "failed (its touch is gone) and reset")
        #expect(pan.numberOfTouches == 0)
        #expect(h.driver.isClean)
        window.swallowing = false
        h.log.clear()
        h.down(10, 10)
        h.move(40, 10)
        h.up()
        #expect(h.log.entries.filter { $0.hasPrefix("Pan") } == ["Pan.began", "Pan.ended"])
        #expect(h.driver.isClean)
    }

    /// The touch table never delivers: applying a frame only updates touches and marks what views
    /// are owed; delivery is Window.sendEvent's.
    @Test func applyingAFrameDeliversNothing() throws {
        let (h, _, _) = setUp()
        let pad = h.pad()
        let router = h.window.touchRouter
        #expect(router.stage(TouchIdentifier(device: .main, slot: 7), .down(Point(10, 10), majorRadius: 0, type: .direct), time: 0) == .staged)
        let event = try #require(router.applyStaged(time: 0))
        #expect(h.log.entries.isEmpty)
        let touch = try #require(event.allTouches?.first)
        #expect(touch.view === pad && touch.owed == .began)
        h.window.sendEvent(event)
        #expect(h.log.entries == ["Window.sendEvent", "Pad.touchesBegan"])
        router.finishFrame(router.frameNumber, time: 0)
        h.driver.cancelTouches(in: h.window)
        #expect(h.driver.isClean)
    }
}
