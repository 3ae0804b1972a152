import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Keys and the pointer run one way, like touches: the application applies the input (the window's
// press table, the cursor's state) and sends the event through Application.sendEvent →
// Window.sendEvent, which delivers it; the window never calls back into the application. An app
// that calls Window.sendEvent itself gets the same delivery.

/// A window that logs `sendEvent(_:)` and keeps the last event it was sent.
@MainActor
final class KeepingWindow: Window {
    var log: Log?
    var lastEvent: Event?
    override func sendEvent(_ event: Event) {
        log?.add("Window.sendEvent")
        lastEvent = event
        super.sendEvent(event)
    }
}

/// A focusable recording view.
final class OneWayFocusableView: RecordingView {
    override var canBecomeFirstResponder: Bool { true }
}

@MainActor
@Suite("Keys and pointer: one-way routing")
struct OneWayPressAndPointerTests {
    let a = USKeyboard.key(for: "a")!

    func setUp() -> (Harness, KeepingWindow, OneWayFocusableView) {
        let log = Log()
        let app = retained(LoggingApplication())
        app.log = log
        let scene = WindowScene(application: app, screenBounds: Rect(0, 0, 400, 400))
        let window = KeepingWindow(windowScene: scene)
        window.log = log
        let h = Harness(log: log, application: app, scene: scene, window: window)
        let field = OneWayFocusableView("Field", frame: Rect(0, 0, 200, 40), log: log)
        window.addSubview(field)
        return (h, window, field)
    }

    /// A press and its release each pass Application.sendEvent and Window.sendEvent once, then
    /// walk the chain from the first responder; the press table is empty afterwards.
    @Test func keysPassBothOverridePointsOnceThenTheResponders() {
        let (h, window, field) = setUp()
        #expect(field.becomeFirstResponder())
        h.log.clear()
        h.driver.press(a, in: window)
        h.driver.release(a, in: window)
        #expect(
            h.log.entries == [
                "Application.sendEvent", "Window.sendEvent", "Field.pressesBegan", "AppDelegate.pressesBegan",
                "Application.sendEvent", "Window.sendEvent", "Field.pressesEnded", "AppDelegate.pressesEnded"
            ])
        #expect(window.openPresses.isEmpty)
        #expect(h.driver.isClean)
    }

    /// An app calling `Window.sendEvent` with a presses event gets it delivered by the window alone.
    @Test func windowSendEventCalledByTheAppDeliversPresses() throws {
        let (h, window, field) = setUp()
        #expect(field.becomeFirstResponder())
        h.driver.press(a, in: window)
        let event = try #require(window.lastEvent as? PressesEvent)
        h.log.clear()
        window.sendEvent(event)
        #expect(h.log.entries == ["Window.sendEvent", "Field.pressesBegan", "AppDelegate.pressesBegan"])
        h.driver.release(a, in: window)
        #expect(h.driver.isClean)
    }

    /// Hover passes both override points and reaches the view under the cursor (walking `next`
    /// to the app delegate); the same event
    /// sent by the app to `Window.sendEvent` is delivered again without the application.
    @Test func hoverIsDeliveredByTheWindow() throws {
        let (h, window, _) = setUp()
        h.log.clear()
        h.driver.pointerMove(to: Point(10, 10), in: window)
        #expect(
            h.log.entries == ["Application.sendEvent", "Window.sendEvent", "Field.hover.entered", "AppDelegate.hover.entered"])
        let event = try #require(window.lastEvent)
        #expect(event.hover?.phase == .entered)
        h.log.clear()
        window.sendEvent(event)
        #expect(h.log.entries == ["Window.sendEvent", "Field.hover.entered", "AppDelegate.hover.entered"])
    }
}
