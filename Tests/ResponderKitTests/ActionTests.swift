import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// API.md "Selector and actions": selectors as values, implement / responds(to:) / perform as the
// one source of truth, canPerformAction, target(forAction:withSender:), and
// Application.sendAction(_:to:from:for:) with explicit and nil targets.

/// A responder that declines an action it implements while `enabled` is false.
final class TogglingResponder: Responder {
    var enabled = false
    weak var after: Responder?
    override var next: Responder? { after }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        action == "toggle:" ? enabled && responds(to: action) : super.canPerformAction(action, withSender: sender)
    }
}

@MainActor
@Suite("Actions: selectors, target-action and sendAction")
struct ActionTests {
    /// API.md Selector: a Hashable, string-literal value with the standard edit actions.
    @Test func selectorsAreValues() {
        let s: Selector = "archiveMessage:"
        #expect(s == Selector("archiveMessage:"))
        #expect(s.description == "archiveMessage:")
        #expect(Set<Selector>([.copy, .cut, .paste, .selectAll, .delete, .copy]).count == 5)
        #expect(Selector.paste.name == "paste:")
    }

    /// API.md: responds(to:) answers from what was implemented; perform runs it; implementing again
    /// replaces the body; canPerformAction defaults to responds(to:).
    @Test func implementRespondsAndPerform() {
        let r = Responder()
        #expect(!r.responds(to: "go:"))
        #expect(r.perform("go:", with: nil) == false)
        #expect(!r.canPerformAction("go:", withSender: nil))
        var calls: [String] = []
        r.implement("go:") { sender in calls.append("first \(sender as? String ?? "-")") }
        #expect(r.responds(to: "go:"))
        #expect(r.canPerformAction("go:", withSender: nil))
        #expect(r.perform("go:", with: "x"))
        r.implement("go:") { _ in calls.append("second") }
        r.perform("go:", with: nil)
        #expect(calls == ["first x", "second"])
        #expect(r.implementedActions == ["go:"])
        r.unimplement("go:")
        #expect(!r.responds(to: "go:"))
    }

    /// API.md: target(forAction:withSender:) returns self if it can perform, else asks next; a
    /// responder answering false "for now" lets the walk continue upward.
    @Test func targetForActionWalksNext() {
        let top = Responder()
        let middle = TogglingResponder()
        middle.after = top
        let bottom = TogglingResponder()
        bottom.after = middle
        #expect(bottom.target(forAction: "toggle:", withSender: nil) == nil)
        top.implement("toggle:") { _ in }
        #expect(bottom.target(forAction: "toggle:", withSender: nil) === top)
        middle.implement("toggle:") { _ in }
        #expect(bottom.target(forAction: "toggle:", withSender: nil) === top, "middle declines for now")
        middle.enabled = true
        #expect(bottom.target(forAction: "toggle:", withSender: nil) === middle)
    }

    /// API.md: an explicit target is called directly, chain or no chain — a responder in no chain
    /// and a model object that is not a responder at all both receive the action.
    @Test func explicitTargetsAreCalledDirectly() {
        let h = Harness(log: Log())
        let loose = Responder()
        var looseCalls = 0
        loose.implement("refresh:") { _ in looseCalls += 1 }
        let model = ActionRecorder(handles: ["refresh:"])
        let button = Button(frame: Rect(0, 0, 100, 44))
        button.addTarget(loose, action: "refresh:", for: .touchUpInside)
        button.addTarget(model, action: "refresh:", for: .touchUpInside)
        h.window.addSubview(button)
        h.tap(10, 10)
        #expect(looseCalls == 1)
        #expect(model.received == ["refresh:"])
        #expect(model.senders.first as AnyObject? === button)
        #expect(h.app.sendAction("refresh:", to: model, from: nil, for: nil))
        #expect(model.received.count == 2)
    }

    /// An explicit target that does not implement the action is not a nil-targeted action: nothing
    /// walks the chain; sendAction answers false and reports it.
    @Test func explicitTargetWithoutTheActionReportsAndReturnsFalse() {
        let h = Harness(log: Log())
        var delegateCalls = 0
        h.delegate.implement("refresh:") { _ in delegateCalls += 1 }
        let model = ActionRecorder(handles: [])
        final class NotATarget {}
        var results: [Bool] = []
        let messages = collectDiagnostics {
            results.append(h.app.sendAction("refresh:", to: model, from: nil, for: nil))
            results.append(h.app.sendAction("refresh:", to: NotATarget(), from: nil, for: nil))
        }
        #expect(results == [false, false])
        #expect(messages.count == 2)
        #expect(messages.allSatisfy { $0.contains("refresh:") })
        #expect(delegateCalls == 0)
    }

    /// API.md sendAction: nil target starts at the key window's first responder, else the key
    /// window; false when nobody handles it or there is no key window.
    @Test func sendActionWithNilTarget() {
        let app = retained(Application())
        #expect(app.sendAction(.copy, to: nil, from: nil, for: nil) == false, "no key window")
        let h = Harness(log: Log(), application: app)
        #expect(h.app.sendAction(.copy, to: nil, from: nil, for: nil) == false)
        var windowCalls = 0
        h.window.implement(.copy) { _ in windowCalls += 1 }
        #expect(h.app.sendAction(.copy, to: nil, from: nil, for: nil))
        #expect(windowCalls == 1)
        let field = TextField(frame: Rect(0, 0, 100, 30))
        field.pasteboard = Pasteboard()
        h.window.addSubview(field)
        field.text = "abc"
        field.becomeFirstResponder()
        field.selectedRange = 0..<1
        #expect(h.app.sendAction(.copy, to: nil, from: nil, for: nil))
        #expect(field.pasteboard.string == "a")
        #expect(windowCalls == 1, "the field handled it first")
    }

    /// The sender reaches the action body.
    @Test func theSenderIsPassedThrough() {
        let h = Harness(log: Log())
        var received: AnyObject?
        h.window.implement("ping:") { sender in received = sender as AnyObject? }
        let sender = View()
        h.app.sendAction("ping:", to: nil, from: sender, for: nil)
        #expect(received === sender)
    }

    /// Edit actions copy, cut and selectAll reach the focused field through a nil target, and the
    /// field declines each when it has nothing to act on, so the walk continues upward.
    @Test func copyCutAndSelectAllThroughTheChain() {
        let log = Log()
        let controller = RecordingViewController(log: log)
        var fallbacks: [Selector] = []
        for action in [Selector.copy, .cut, .selectAll] {
            controller.implement(action) { _ in fallbacks.append(action) }
        }
        let h = Harness(root: controller, log: log)
        let field = TextField(frame: Rect(0, 0, 200, 40))
        let pasteboard = Pasteboard()
        field.pasteboard = pasteboard
        controller.view.addSubview(field)
        field.becomeFirstResponder()
        // Empty field: nothing to copy, cut or select — the controller gets all three.
        for action in [Selector.copy, .cut, .selectAll] { h.app.sendAction(action, to: nil, from: nil, for: nil) }
        #expect(fallbacks == [.copy, .cut, .selectAll])
        field.text = "Hello, World"
        #expect(h.app.sendAction(.selectAll, to: nil, from: nil, for: nil))
        #expect(field.selectedText == "Hello, World")
        #expect(h.app.sendAction(.copy, to: nil, from: nil, for: nil))
        #expect(pasteboard.string == "Hello, World")
        field.selectedRange = 5..<12
        #expect(h.app.sendAction(.cut, to: nil, from: nil, for: nil))
        #expect(field.text == "Hello")
        #expect(pasteboard.string == ", World")
        #expect(fallbacks.count == 3)
    }

    /// Control target management: nil-targeted entries are not listed in allTargets; removeTarget
    /// removes; targets are held weakly and a freed target is skipped.
    @Test func controlTargetBookkeeping() {
        let h = Harness(log: Log())
        let button = Button(frame: Rect(0, 0, 100, 44))
        h.window.addSubview(button)
        var model: ActionRecorder? = ActionRecorder(handles: ["a:", "b:"])
        button.addTarget(model, action: "a:", for: .touchUpInside)
        button.addTarget(model, action: "b:", for: [.touchDown, .touchUpInside])
        button.addTarget(nil, action: "c:", for: .touchUpInside)
        #expect(button.allTargets.count == 1)
        #expect(button.actions(forTarget: model, forControlEvent: .touchUpInside) == ["a:", "b:"])
        #expect(button.actions(forTarget: nil, forControlEvent: .touchUpInside) == ["c:"])
        #expect(button.allControlEvents == [.touchDown, .touchUpInside])
        button.removeTarget(model, action: "a:", for: .touchUpInside)
        #expect(button.actions(forTarget: model, forControlEvent: .touchUpInside) == ["b:"])
        h.tap(10, 10)
        #expect(model?.received == ["b:", "b:"])
        model = nil
        h.driver.advance(by: 1)
        h.tap(10, 10)  // the freed target is skipped; no crash
        #expect(button.allTargets.isEmpty)
    }
}
