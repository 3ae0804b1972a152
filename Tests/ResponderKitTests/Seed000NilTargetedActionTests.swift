import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Seed 000 §11.7.2 "Nil-Targeted动作": a target-action pair whose target is nil; the walk looks for
// an object that can respond, one responder at a time; found → it is called and the walk ends;
// not found → nothing happens. Seed 000 starts at the hit-tested view (older UIKit); this project's
// `Application.sendAction` follows seed 001 (first responder, else key window) and offers the
// walk-from-a-view form as `Responder.target(forAction:withSender:)` (seeds/README.md).

/// A controller implementing the seed's `buttonPressed:` and counting calls with their senders.
final class ButtonPressedViewController: RecordingViewController {
    private(set) var senders: [AnyObject] = []
    override init(log: Log) {
        super.init(log: log)
        implement(.buttonPressed) { [unowned self] sender in
            log.add("\(name).buttonPressed")
            if let sender = sender as AnyObject? { senders.append(sender) }
        }
    }
}

/// A button that sends its nil-targeted actions the seed-000 way: walking from itself.
final class WalkFromSelfButton: Button {
    override func sendAction(_ action: Selector, to target: AnyObject?, for event: Event?) {
        guard target == nil else { return super.sendAction(action, to: target, for: event) }
        self.target(forAction: action, withSender: self)?.perform(action, with: self)
    }
}

@MainActor
@Suite("Seed 000 §11.7.2: nil-targeted actions")
struct Seed000NilTargetedActionTests {
    /// Seed 000 §11.7.2 example: `button.addTarget(nil, action: "buttonPressed:", …)` — looking from
    /// the button: the button cannot, its superview cannot, the controller whose class implements
    /// buttonPressed: can. `target(forAction:withSender:)` walked from the button finds it.
    @Test func walkFromTheButtonFindsTheControllerThatImplementsTheAction() {
        let log = Log()
        let controller = ButtonPressedViewController(log: log)
        _ = Harness(root: controller, log: log)
        let container = View(frame: Rect(0, 0, 300, 300))
        let button = Button(frame: Rect(10, 10, 100, 44))
        container.addSubview(button)
        controller.view.addSubview(container)
        #expect(!button.responds(to: .buttonPressed))
        #expect(button.target(forAction: .buttonPressed, withSender: button) === controller)
    }

    /// Seed 000 §11.7.2 rule 1: the first responder found that can handle the message is called and
    /// the walk ends there (a responder above it is not asked).
    @Test func foundResponderIsCalledAndTheWalkEnds() {
        let log = Log()
        let controller = ButtonPressedViewController(log: log)
        let h = Harness(root: controller, log: log)
        var delegateCalls = 0
        h.delegate.implement(.buttonPressed) { _ in delegateCalls += 1 }
        let button = WalkFromSelfButton(frame: Rect(10, 10, 100, 44))
        button.addTarget(nil, action: .buttonPressed, for: .touchUpInside)
        controller.view.addSubview(button)
        h.tap(20, 20)
        #expect(log.entries(endingWith: "buttonPressed") == ["ButtonPressedViewController.buttonPressed"])
        #expect(controller.senders.first === button)
        #expect(delegateCalls == 0)
    }

    /// Seed 000 §11.7.2 rule 2: when nobody up to the top of the chain can handle the message it is
    /// not handled and nothing happens — no side effect, no crash; `sendAction` answers false.
    @Test func unhandledActionDoesNothing() {
        let log = Log()
        let h = Harness(root: RecordingViewController(log: log), log: log)
        let button = Button(frame: Rect(10, 10, 100, 44))
        button.addTarget(nil, action: .buttonPressed, for: .touchUpInside)
        h.window.rootViewController!.view.addSubview(button)
        let messages = collectDiagnostics {
            h.tap(20, 20)
            #expect(h.app.sendAction(.buttonPressed, to: nil, from: button, for: nil) == false)
            #expect(button.target(forAction: .buttonPressed, withSender: button) == nil)
        }
        #expect(messages.isEmpty)
        #expect(log.entries.isEmpty)
        #expect(h.driver.isClean)
    }

    /// Seed 000 §11.7.2 with seed 001's correction: a real tap on a nil-targeted button starts the
    /// walk at the first responder — so when something in the controller's view is focused, the
    /// controller's buttonPressed: runs, exactly as in seed 000's example.
    @Test func tapReachesTheControllerWhenFocusIsInsideIt() {
        let log = Log()
        let controller = ButtonPressedViewController(log: log)
        let h = Harness(root: controller, log: log)
        let field = TextField(frame: Rect(0, 200, 200, 40))
        let button = Button(frame: Rect(10, 10, 100, 44))
        button.addTarget(nil, action: .buttonPressed, for: .touchUpInside)
        controller.view.addSubview(field)
        controller.view.addSubview(button)
        #expect(field.becomeFirstResponder())
        h.tap(20, 20)
        #expect(controller.senders.count == 1)
        #expect(controller.senders.first === button)
    }

    /// Seed 000 §11.7.2, the First Responder proxy: a nib connection to "First Responder" is a
    /// nil-targeted action named by a user-defined selector that takes one parameter (its name ends
    /// with a colon); the sender arrives as that parameter.
    @Test func firstResponderProxyIsANilTargetWithAOneParameterSelector() {
        let log = Log()
        let controller = ButtonPressedViewController(log: log)
        let h = Harness(root: controller, log: log)
        let action: Selector = "buttonPressed:"
        #expect(action.name.hasSuffix(":"))
        let button = Button(frame: Rect(10, 10, 100, 44))
        button.addTarget(nil, action: action, for: .touchUpInside)  // "connect to First Responder"
        controller.view.addSubview(button)
        #expect(button.actions(forTarget: nil, forControlEvent: .touchUpInside) == [action])
        #expect(button.allTargets.isEmpty, "a nil target is not an object")
        #expect(controller.becomeFirstResponder() == false, "a plain controller cannot hold focus")
        // Give the controller focus (a subclass that can become first responder).
        let focusable = FocusableViewController(log: log)
        h.window.rootViewController = focusable
        focusable.view.addSubview(button)
        #expect(focusable.becomeFirstResponder())
        h.tap(20, 20)
        #expect(focusable.senders.first === button)
    }
}

/// A controller that can be first responder (UIKit controllers can, when they say so).
final class FocusableViewController: RecordingViewController {
    private(set) var senders: [AnyObject] = []
    override var canBecomeFirstResponder: Bool { true }
    override init(log: Log) {
        super.init(log: log)
        implement(.buttonPressed) { [unowned self] sender in
            if let sender = sender as AnyObject? { senders.append(sender) }
        }
    }
}
