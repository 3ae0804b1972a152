import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Seed 001 (English), "The core idea", §1 "What is the responder chain?" and "Where the scene and
// its delegate fit": the default `next` rules, the Delete-button dump, splicing by overriding
// `next`, and the scene delegate that is not in the chain.

/// Seed 001 "Where the scene…": subclass WindowScene and override `next` to splice the scene
/// delegate in.
final class SplicingWindowScene: WindowScene {
    override var next: Responder? { (delegate as? Responder) ?? application }
}

/// A scene delegate that, once spliced, hands on to the application.
final class ForwardingSceneDelegate: Responder, WindowSceneDelegate {
    var window: Window?
    weak var app: Application?
    var commands: [Selector] = []
    override var next: Responder? { app }
}

/// Seed 001 §1: "Overriding next is the documented way to splice an extra object in."
final class SplicedView: RecordingView {
    var inserted: Responder?
    override var next: Responder? { inserted ?? super.next }
}

/// A non-view responder spliced between a view and its superview.
final class CommandRouter: Responder {
    let log: Log
    weak var after: Responder?
    init(log: Log, after: Responder?) { self.log = log; self.after = after }
    override var next: Responder? { after }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        log.add("CommandRouter.touchesBegan")
        super.touchesBegan(touches, with: event)
    }
}

@MainActor
@Suite("Seed 001 §1: the responder chain and its next rules")
struct Seed001ResponderChainTests {
    /// Seed 001 §1 example: `print(deleteButton.chainDescription)` for a Delete button in a cell in
    /// a list in InboxViewController, minus UIKit's private wrapper views (cell content view, drop
    /// shadow view, transition view).
    @Test func deleteButtonChainMatchesTheSeedDumpWithoutPrivateWrappers() {
        let screen = InboxScreen()
        let button = screen.inbox.deleteButtons[1]
        #expect(
            button.chainDescription == [
                "Button", "Cell", "ListView", "View", "InboxViewController",
                "Window", "WindowScene", "Application", "AppDelegate"
            ])
        let chain = Array(button.responderChain)
        #expect(chain.count == 9)
        #expect(chain[1] === screen.inbox.cells[1])
        #expect(chain[2] === screen.inbox.list)
        #expect(chain[3] === screen.inbox.view)
        #expect(chain[4] === screen.inbox)
        #expect(chain[5] === screen.window)
        #expect(chain[6] === screen.harness.scene)
        #expect(chain[7] === screen.harness.app)
        #expect(chain[8] === screen.harness.delegate)
    }

    /// Seed 001 §1: "When the tap lands, UIKit does not start at the view controller: it starts at
    /// the button and works outward" — the hit view of a tap on the Delete button is the button.
    @Test func aTapStartsAtTheButtonNotTheController() {
        let screen = InboxScreen()
        let point = screen.deleteButtonCenter(2)
        #expect(screen.window.hitTest(point, with: nil) === screen.inbox.deleteButtons[2])
        var touchDowns = 0
        screen.inbox.deleteButtons[2].addAction(for: .touchDown) { _ in touchDowns += 1 }
        screen.driver.tap(at: point, in: screen.window)
        #expect(touchDowns == 1)
        #expect(screen.log.entries.isEmpty, "the button consumed the touch; nothing above saw it")
    }

    /// Seed 001 §1 rule 1: a View returns its superview, unless it is a view controller's root view —
    /// then it returns the view controller.
    @Test func rule1ViewReturnsSuperviewOrItsController() {
        let screen = InboxScreen()
        #expect(screen.inbox.cells[0].next === screen.inbox.list)
        #expect(screen.inbox.view.next === screen.inbox)
        let loose = View()
        #expect(loose.next == nil)
    }

    /// Seed 001 §1 rule 2: a ViewController sits between its root view and that view's superview
    /// (the dump follows the superview rule); with its view not in a hierarchy, it returns the
    /// presenting controller.
    @Test func rule2ControllerSitsBetweenRootViewAndItsSuperview() {
        let screen = InboxScreen()
        #expect(screen.inbox.next === screen.window)
        let modal = RecordingViewController(log: screen.log)
        screen.inbox.present(modal, animated: false)
        #expect(modal.view.superview === screen.window)
        #expect(modal.next === screen.window, "superview rule while presented and on screen")
        modal.view.removeFromSuperview()
        #expect(modal.next === screen.inbox, "presenting controller when its view is not in a hierarchy")
        let unloaded = ViewController()
        #expect(unloaded.next == nil)
    }

    /// Seed 001 §1 rule 3 (and "Where the scene…"): a Window returns its WindowScene, whose next is
    /// the Application; Apple's written rule (window → application) holds for a window without one.
    @Test func rule3WindowReturnsSceneThenApplication() {
        let h = Harness(log: Log())
        #expect(h.window.next === h.scene)
        #expect(h.scene.next === h.app)
        #expect(Window(frame: .zero).next === Application.shared)
    }

    /// Seed 001 §1 rule 4: the Application returns the app delegate only when it is a Responder and
    /// not itself a view, a view controller or the app object.
    @Test func rule4ApplicationReturnsAResponderDelegateOnly() {
        final class PlainDelegate: ApplicationDelegate {}
        final class ViewDelegate: View, ApplicationDelegate {}
        final class ControllerDelegate: ViewController, ApplicationDelegate {}
        final class AppAsDelegate: Application, ApplicationDelegate {}
        let app = retained(Application())
        let responderDelegate = AppDelegate(log: Log())
        app.delegate = responderDelegate
        #expect(app.next === responderDelegate)
        app.delegate = PlainDelegate()
        #expect(app.next == nil)
        app.delegate = ViewDelegate()
        #expect(app.next == nil)
        app.delegate = ControllerDelegate()
        #expect(app.next == nil)
        let other = AppAsDelegate()
        app.delegate = other
        #expect(app.next == nil)
        app.delegate = app as? ApplicationDelegate
        #expect(app.next == nil)
        app.delegate = nil
        #expect(app.next == nil)
    }

    /// Seed 001 "The core idea": the app delegate is the last object UIKit tries before giving up —
    /// a touch nobody handles travels all the way to it.
    @Test func appDelegateIsTheLastObjectTried() {
        let screen = InboxScreen()
        // A tap on the list below the cells: ListView → View → InboxViewController → … → AppDelegate.
        screen.driver.tap(at: Point(200, 650), in: screen.window)
        #expect(
            screen.log.entries(endingWith: "touchesBegan") == [
                "ListView.touchesBegan", "InboxViewController.touchesBegan", "AppDelegate.touchesBegan"
            ])
    }

    /// Seed 001 §1: the chain is not a stored structure — it is what walking `next` gives, so moving
    /// a view to a different parent silently changes who can respond.
    @Test func movingAViewChangesItsChain() {
        let screen = InboxScreen()
        let message = screen.inbox.messageViews[0]
        #expect(message.nearest(Cell.self) === screen.inbox.cells[0])
        screen.inbox.cells[2].addSubview(message)
        #expect(message.nearest(Cell.self) === screen.inbox.cells[2])
        screen.inbox.view.addSubview(message)
        #expect(message.nearest(Cell.self) == nil)
        #expect(message.chainDescription.prefix(3) == ["MessageView", "View", "InboxViewController"])
    }

    /// Seed 001 §1: the chain also follows the presentation stack — a presented controller's views
    /// walk to the window without passing through the presenting controller.
    @Test func presentingChangesTheChain() {
        let screen = InboxScreen()
        let modal = InboxViewController(log: screen.log, cells: 1)
        screen.inbox.present(modal, animated: false)
        let button = modal.deleteButtons[0]
        #expect(
            button.chainDescription == [
                "Button", "Cell", "ListView", "View", "InboxViewController",
                "Window", "WindowScene", "Application", "AppDelegate"
            ])
        #expect(Array(button.responderChain)[4] === modal)
        #expect(!button.responderChain.contains { $0 === screen.inbox })
        modal.dismiss(animated: false)
        #expect(button.window == nil)
    }

    /// Seed 001 §1: "Overriding next is the documented way to splice an extra object in" — the
    /// spliced responder appears in the chain and touches are forwarded through it.
    @Test func overridingNextSplicesAResponderIn() {
        let h = Harness(log: Log())
        let parent = RecordingView("Parent", frame: Rect(0, 0, 300, 300), log: h.log)
        let child = SplicedView("Child", frame: Rect(0, 0, 100, 100), log: h.log)
        parent.addSubview(child)
        h.window.addSubview(parent)
        child.inserted = CommandRouter(log: h.log, after: parent)
        #expect(child.chainDescription.prefix(3) == ["SplicedView", "CommandRouter", "RecordingView"])
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        #expect(
            h.log.entries == [
                "Child.touchesBegan", "CommandRouter.touchesBegan", "Parent.touchesBegan",
                "AppDelegate.touchesBegan"
            ])
        h.driver.touchUp(0, in: h.window)
    }

    /// Seed 001 "Where the scene…": the scene delegate — a Responder, as in the Xcode template — is
    /// not in the chain: WindowScene forwards to Application, which forwards to the app delegate.
    @Test func sceneDelegateIsNeverInTheChain() {
        let h = Harness(log: Log())
        let sceneDelegate = SceneDelegate()
        sceneDelegate.window = h.window
        h.scene.delegate = sceneDelegate
        sceneDelegate.implement(.copy) { _ in Issue.record("the scene delegate must not be reached") }
        let view = View(frame: Rect(0, 0, 10, 10))
        h.window.addSubview(view)
        #expect(!view.responderChain.contains { $0 === sceneDelegate })
        #expect(h.scene.next === h.app)
        #expect(h.app.sendAction(.copy, to: nil, from: nil, for: nil) == false)
    }

    /// Seed 001 "Where the scene…": app-wide fallback command handling belongs in the app delegate,
    /// which really is the last link — a nil-targeted action nobody else implements reaches it.
    @Test func appDelegateHandlesAppWideFallbackCommands() {
        let h = Harness(log: Log())
        h.scene.delegate = SceneDelegate()
        var handled = 0
        h.delegate.implement("newDocument:") { _ in handled += 1 }
        #expect(h.app.sendAction("newDocument:", to: nil, from: nil, for: nil))
        let field = TextField(frame: Rect(0, 0, 100, 30))
        h.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        #expect(h.app.sendAction("newDocument:", to: nil, from: nil, for: nil))
        #expect(handled == 2)
    }

    /// Seed 001 "Where the scene…": to have the scene delegate receive commands, subclass
    /// WindowScene and override `next` to return the delegate.
    @Test func sceneDelegateCanBeSplicedBySubclassingTheScene() {
        let app = retained(Application())
        let scene = SplicingWindowScene(application: app, screenBounds: Rect(0, 0, 400, 400))
        let sceneDelegate = ForwardingSceneDelegate()
        sceneDelegate.app = app
        scene.delegate = sceneDelegate
        let h = Harness(log: Log(), application: app, scene: scene)
        sceneDelegate.implement("openSettings:") { [unowned sceneDelegate] _ in sceneDelegate.commands.append("openSettings:") }
        #expect(
            h.window.chainDescription == [
                "Window", "SplicingWindowScene", "ForwardingSceneDelegate",
                "Application", "AppDelegate"
            ])
        #expect(h.app.sendAction("openSettings:", to: nil, from: nil, for: nil))
        #expect(sceneDelegate.commands == ["openSettings:"])
        // Touches nobody handles still reach the app delegate through the spliced delegate.
        h.tap(10, 10)
        #expect(h.log.entries == ["AppDelegate.touchesBegan", "AppDelegate.touchesEnded"])
    }

    /// Seed 001 §1: `chainDescription` is `sequence(first: self, next: { $0.next })` mapped to type
    /// names, and `responderChain` is that sequence.
    @Test func chainDescriptionIsTheSequenceOfNextMappedToTypeNames() {
        let screen = InboxScreen()
        let start = screen.inbox.messageViews[0]
        let manual = sequence(first: start as Responder, next: { $0.next }).map { "\(type(of: $0))" }
        #expect(start.chainDescription == manual)
        #expect(Array(start.responderChain).map { "\(type(of: $0))" } == manual)
        #expect(start.responderChain.hasCycle == false)
    }
}
