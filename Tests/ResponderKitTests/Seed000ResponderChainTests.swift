import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Seed 000 (Chinese), §11.7 "响应器链" and §11.7.1 "推迟职责": what a responder is, the four touch
// methods, the delivery path (hitTest/pointInside → Application.sendEvent → Window.sendEvent → hit
// view) and the seven-step chain order. The puzzle Board is in Seed000PuzzleBoardTests.swift and
// §11.7.2 (nil-targeted actions) in Seed000NilTargetedActionTests.swift.

/// An application that logs `sendEvent(_:)` before routing the event on.
final class LoggingApplication: Application {
    var log: Log?
    override func sendEvent(_ event: Event) {
        log?.add("Application.sendEvent")
        super.sendEvent(event)
    }
}

/// A window that logs `sendEvent(_:)` before delivering the event.
final class LoggingWindow: Window {
    var log: Log?
    override func sendEvent(_ event: Event) {
        log?.add("Window.sendEvent")
        super.sendEvent(event)
    }
}

/// A view that logs the hit-testing calls UIKit makes on it.
final class HitLoggingView: RecordingView {
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        log.add("\(name).hitTest")
        return super.hitTest(point, with: event)
    }
    override func point(inside point: Point, with event: Event?) -> Bool {
        log.add("\(name).pointInside")
        return super.point(inside: point, with: event)
    }
}

@MainActor
@Suite("Seed 000 §11.7: the responder chain")
struct Seed000ResponderChainTests {
    /// Seed 000 §11.7 opening: "与屏幕显示相关的任何类都是个响应器" — View, Window, ViewController,
    /// Application and the app delegate are all responders (instances of Responder subclasses).
    @Test func everyOnScreenClassIsAResponder() {
        let log = Log()
        let app = retained(Application())
        let scene = WindowScene(application: app)
        let responders: [Responder] = [
            View(), Window(windowScene: scene), ViewController(), app, scene,
            AppDelegate(log: log), Button(frame: .zero), TextField(frame: .zero)
        ]
        #expect(responders.count == 8)
    }

    /// Seed 000 §11.7: the four touch methods (touchesBegan/Moved/Ended/Cancelled) tell a responder
    /// about a touch — down, move and up arrive as began, moved, ended; a cancelled touch as cancelled.
    @Test func theFourTouchMethodsReportEveryPhase() {
        let h = Harness(log: Log())
        let view = RecordingView("Pad", frame: Rect(0, 0, 200, 200), log: h.log)
        view.forwards = false
        h.window.addSubview(view)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.driver.touchMove(0, to: Point(20, 30), in: h.window)
        h.driver.touchUp(0, in: h.window)
        h.driver.touchDown(1, at: Point(50, 50), in: h.window)
        h.driver.cancelTouches(in: h.window)
        #expect(
            h.log.entries == [
                "Pad.touchesBegan", "Pad.touchesMoved", "Pad.touchesEnded",
                "Pad.touchesBegan", "Pad.touchesCancelled"
            ])
        #expect(h.driver.isClean)
    }

    /// Seed 000 §11.7: even when the framework responds to a touch automatically (a button sending
    /// its action), the touch first reaches the responder through one of the four touch methods —
    /// a button whose touchesBegan does not call super never tracks, and sends nothing.
    @Test func automaticResponsesStillStartInTheTouchMethods() {
        final class LoggingButton: Button {
            var log: [String] = []
            var callsSuper = true
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
                log.append("touchesBegan")
                if callsSuper { super.touchesBegan(touches, with: event) }
            }
        }
        let h = Harness(log: Log())
        let button = LoggingButton(frame: Rect(0, 0, 100, 44))
        button.addAction(for: .touchDown) { [unowned button] _ in button.log.append("touchDown") }
        button.addAction(for: .touchUpInside) { [unowned button] _ in button.log.append("touchUpInside") }
        h.window.addSubview(button)
        h.tap(10, 10)
        #expect(button.log == ["touchesBegan", "touchDown", "touchUpInside"])
        button.log.removeAll()
        button.callsSuper = false
        h.driver.advance(by: 1)
        h.tap(10, 10)
        #expect(button.log == ["touchesBegan"])
    }

    /// Seed 000 §11.7: hitTest(_:with:) and point(inside:with:) find the hit view first; then
    /// Application.sendEvent calls Window.sendEvent, which calls the hit view's touch method.
    @Test func deliveryPathIsHitTestThenApplicationThenWindowThenView() {
        let log = Log()
        let app = retained(LoggingApplication())
        app.log = log
        let scene = WindowScene(application: app, screenBounds: Rect(0, 0, 400, 400))
        let window = LoggingWindow(windowScene: scene)
        window.log = log
        let driver = InputDriver(application: app)
        window.makeKeyAndVisible()
        let view = HitLoggingView("Tile", frame: Rect(0, 0, 100, 100), log: log)
        view.forwards = false
        window.addSubview(view)

        driver.touchDown(0, at: Point(50, 50), in: window)
        #expect(
            log.entries == [
                "Tile.hitTest", "Tile.pointInside", "Application.sendEvent",
                "Window.sendEvent", "Tile.touchesBegan"
            ])
        log.clear()
        driver.touchUp(0, in: window)
        // Hit-testing runs once per touch: the up goes straight to the stored view.
        #expect(log.entries == ["Application.sendEvent", "Window.sendEvent", "Tile.touchesEnded"])
    }

    /// Seed 000 §11.7 chain, step 1: the chain starts at the hit-test view (起始的UIView).
    @Test func step1ChainStartsAtTheHitTestView() {
        let h = Harness(log: Log())
        let outer = RecordingView("Outer", frame: Rect(0, 0, 300, 300), log: h.log)
        let inner = RecordingView("Inner", frame: Rect(50, 50, 100, 100), log: h.log)
        outer.addSubview(inner)
        h.window.addSubview(outer)
        h.driver.touchDown(0, at: Point(60, 60), in: h.window)
        #expect(h.log.entries(endingWith: "touchesBegan").first == "Inner.touchesBegan")
        h.log.clear()
        h.driver.touchDown(1, at: Point(10, 10), in: h.window)
        #expect(h.log.entries(endingWith: "touchesBegan").first == "Outer.touchesBegan")
    }

    /// Seed 000 §11.7 chain, step 2: if the view is a view controller's view, the controller comes next.
    @Test func step2ControllersRootViewIsFollowedByTheController() {
        let log = Log()
        let controller = HostViewController(log: log)
        let h = Harness(root: controller, log: log)
        #expect(controller.root.next === controller)
        h.tap(10, 10)
        #expect(
            log.entries(endingWith: "touchesBegan") == [
                "Root.touchesBegan", "HostViewController.touchesBegan",
                "AppDelegate.touchesBegan"
            ])
    }

    /// Seed 000 §11.7 chain, step 3: then the view's superview.
    @Test func step3ThenTheSuperview() {
        let h = Harness(log: Log())
        let parent = RecordingView("Parent", frame: Rect(0, 0, 300, 300), log: h.log)
        let child = RecordingView("Child", frame: Rect(0, 0, 100, 100), log: h.log)
        parent.addSubview(child)
        h.window.addSubview(parent)
        #expect(child.next === parent)
        h.tap(5, 5)
        #expect(
            h.log.entries(endingWith: "touchesBegan") == [
                "Child.touchesBegan", "Parent.touchesBegan",
                "AppDelegate.touchesBegan"
            ])
    }

    /// Seed 000 §11.7 chain, step 4: repeat step 2 and 3 ("重复第2步") — nested controllers each sit
    /// after their root view and before its superview, all the way up to the window.
    @Test func step4RepeatsThroughNestedControllers() {
        let log = Log()
        let parent = HostViewController(log: log)
        parent.name = "Parent"
        let h = Harness(root: parent, log: log)
        let child = HostViewController(log: log)
        child.name = "Child"
        parent.addChild(child)
        child.root.name = "ChildRoot"
        child.view.frame = Rect(0, 0, 200, 200)
        let container = RecordingView("Container", frame: Rect(0, 0, 300, 300), log: log)
        parent.view.addSubview(container)
        container.addSubview(child.view)
        let leaf = RecordingView("Leaf", frame: Rect(0, 0, 50, 50), log: log)
        child.view.addSubview(leaf)
        #expect(
            leaf.chainDescription == [
                "RecordingView", "RecordingView", "HostViewController", "RecordingView",
                "RecordingView", "HostViewController", "Window", "WindowScene",
                "Application", "AppDelegate"
            ])
        h.tap(10, 10)
        #expect(
            log.entries(endingWith: "touchesBegan") == [
                "Leaf.touchesBegan", "ChildRoot.touchesBegan", "Child.touchesBegan", "Container.touchesBegan",
                "Root.touchesBegan", "Parent.touchesBegan", "AppDelegate.touchesBegan"
            ])
    }

    /// Seed 000 §11.7 chain, step 5: the walk up the views ends at the window (it has no superview).
    @Test func step5TheWindowEndsTheViewHierarchy() {
        let h = Harness(log: Log())
        let view = View(frame: Rect(0, 0, 10, 10))
        h.window.addSubview(view)
        #expect(view.next === h.window)
        #expect(h.window.superview == nil)
        #expect(Array(view.responderChain.prefix(2)).last === h.window)
    }

    /// Seed 000 §11.7 chain, step 6: after the window comes the application (through its scene,
    /// as on current iOS — seed 001; a window with no scene goes straight to the application).
    @Test func step6ThenTheApplication() {
        let h = Harness(log: Log())
        #expect(h.window.next === h.scene)
        #expect(h.scene.next === h.app)
        let sceneless = Window(frame: Rect(0, 0, 10, 10))
        #expect(sceneless.next === Application.shared)
    }

    /// Seed 000 §11.7 chain, step 7: the application's delegate is the last link.
    @Test func step7ThenTheApplicationDelegate() {
        let h = Harness(log: Log())
        #expect(h.app.next === h.delegate)
        #expect(h.delegate.next == nil)
        let view = View(frame: Rect(0, 0, 10, 10))
        h.window.addSubview(view)
        #expect(view.chainDescription.suffix(4) == ["Window", "WindowScene", "Application", "AppDelegate"])
    }

    /// Seed 000 §11.7.1 case 1: a responder that does not implement the touch method passes the
    /// touch up the chain (a plain View is hit but the touch travels on to the background view).
    @Test func deferralWhenTheMethodIsNotImplemented() {
        let h = Harness(log: Log())
        let background = RecordingView("Background", frame: Rect(0, 0, 400, 400), log: h.log)
        background.forwards = false
        let plain = View(frame: Rect(100, 100, 50, 50))
        background.addSubview(plain)
        h.window.addSubview(background)
        h.driver.touchDown(0, at: Point(110, 110), in: h.window)
        #expect(h.window.hitTest(Point(110, 110), with: nil) === plain)
        #expect(h.log.entries == ["Background.touchesBegan"])
        #expect(background.lastTouches.first?.view === plain)
        h.driver.touchUp(0, in: h.window)
        #expect(h.log.entries == ["Background.touchesBegan", "Background.touchesEnded"])
    }

    /// Seed 000 §11.7.1 case 2: a responder that implements the touch method and calls super passes
    /// the touch on too — both it and the next responder see it.
    @Test func deferralWhenTheMethodCallsSuper() {
        let h = Harness(log: Log())
        let background = RecordingView("Background", frame: Rect(0, 0, 400, 400), log: h.log)
        background.forwards = false
        let child = RecordingView("Child", frame: Rect(100, 100, 50, 50), log: h.log)
        background.addSubview(child)
        h.window.addSubview(background)
        h.tap(110, 110)
        #expect(
            h.log.entries == [
                "Child.touchesBegan", "Background.touchesBegan",
                "Child.touchesEnded", "Background.touchesEnded"
            ])
    }

    /// Seed 000 §11.7.1: deferring all the way to the controlling view controller is reasonable —
    /// a touch on plain views reaches the controller, which handles it.
    @Test func deferralReachesTheViewController() {
        let log = Log()
        let controller = RecordingViewController(log: log)
        controller.forwards = false
        let h = Harness(root: controller, log: log)
        let plain = View(frame: Rect(0, 0, 100, 100))
        controller.view.addSubview(plain)
        h.tap(10, 10)
        #expect(log.entries == ["RecordingViewController.touchesBegan", "RecordingViewController.touchesEnded"])
    }
}
