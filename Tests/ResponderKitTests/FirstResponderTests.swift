import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// API.md "Responder" first-responder rules and issue 2: only in a window, only if
// canBecomeFirstResponder, only if the current one agrees to resign; removal resigns; endEditing.

@MainActor
@Suite("First responder")
struct FirstResponderTests {
    /// becomeFirstResponder on the current first responder succeeds without asking anyone.
    @Test func becomingAgainIsANoOp() {
        let h = Harness(log: Log())
        let stubborn = StubbornField(frame: Rect(0, 0, 10, 10))
        h.window.addSubview(stubborn)
        #expect(stubborn.becomeFirstResponder())
        #expect(stubborn.becomeFirstResponder())
        #expect(stubborn.resignRequests == 0)
    }

    /// resignFirstResponder fails while canResignFirstResponder is false; a responder that is not
    /// first responder resigns trivially.
    @Test func resignRespectsCanResign() {
        let h = Harness(log: Log())
        let stubborn = StubbornField(frame: Rect(0, 0, 10, 10))
        h.window.addSubview(stubborn)
        #expect(stubborn.resignFirstResponder(), "not first responder: nothing to give up")
        stubborn.becomeFirstResponder()
        #expect(stubborn.resignFirstResponder() == false)
        #expect(stubborn.isFirstResponder)
        stubborn.allowsResign = true
        #expect(stubborn.resignFirstResponder())
        #expect(h.window.firstResponder == nil)
    }

    /// Seed 001 §3 endEditing: endEditing(false) asks and respects a refusal (false); endEditing(true)
    /// forces the resignation; a view tree without the first responder is left alone (true).
    @Test func endEditingForceAndNoForce() {
        let h = Harness(log: Log())
        let form = View(frame: Rect(0, 0, 200, 200))
        let elsewhere = View(frame: Rect(200, 0, 200, 200))
        let stubborn = StubbornField(frame: Rect(0, 0, 10, 10))
        form.addSubview(stubborn)
        h.window.addSubview(form)
        h.window.addSubview(elsewhere)
        stubborn.becomeFirstResponder()
        #expect(elsewhere.endEditing(true))
        #expect(stubborn.isFirstResponder, "not in that tree")
        #expect(form.endEditing(false) == false)
        #expect(stubborn.isFirstResponder)
        #expect(form.endEditing(true))
        #expect(!stubborn.isFirstResponder)
        #expect(h.window.firstResponder == nil)
        #expect(h.window.endEditing(false), "nothing focused")
    }

    /// endEditing on the window resigns a focused field anywhere in it.
    @Test func windowEndEditing() {
        let h = Harness(log: Log())
        let deep = View(frame: Rect(0, 0, 200, 200))
        let field = TextField(frame: Rect(0, 0, 100, 30))
        deep.addSubview(field)
        h.window.addSubview(deep)
        field.becomeFirstResponder()
        #expect(h.window.endEditing(false))
        #expect(!field.isFirstResponder)
    }

    /// Issue 2: "removing it from the window resigns it" — also when a far ancestor is removed, and
    /// even when the responder refuses to resign (it cannot stay first responder of a window it
    /// left).
    @Test func removalFromTheWindowResigns() {
        let h = Harness(log: Log())
        let outer = View(frame: Rect(0, 0, 200, 200))
        let inner = View(frame: Rect(0, 0, 100, 100))
        let stubborn = StubbornField(frame: Rect(0, 0, 10, 10))
        inner.addSubview(stubborn)
        outer.addSubview(inner)
        h.window.addSubview(outer)
        stubborn.becomeFirstResponder()
        outer.removeFromSuperview()
        #expect(h.window.firstResponder == nil)
        #expect(!stubborn.isFirstResponder)
        #expect(stubborn.resignRequests == 1, "it was asked while still in the window")
    }

    /// A view controller can be first responder when it says so and its view is in a window;
    /// removing its view resigns it.
    @Test func controllerAsFirstResponder() {
        let log = Log()
        let controller = FocusableViewController(log: log)
        #expect(controller.becomeFirstResponder() == false, "its view is not in a window")
        let h = Harness(root: controller, log: log)
        #expect(controller.becomeFirstResponder())
        #expect(controller.isFirstResponder)
        #expect(h.window.firstResponder === controller)
        h.window.rootViewController = nil
        #expect(h.window.firstResponder == nil)
    }

    /// Each window has its own first responder; isFirstResponder asks the responder's own window.
    @Test func firstRespondersArePerWindow() {
        let h = Harness(log: Log())
        let other = Window(windowScene: h.scene)
        other.makeKeyAndVisible()
        let a = TextField(frame: Rect(0, 0, 10, 10))
        let b = TextField(frame: Rect(0, 0, 10, 10))
        h.window.addSubview(a)
        other.addSubview(b)
        #expect(a.becomeFirstResponder())
        #expect(b.becomeFirstResponder())
        #expect(a.isFirstResponder && b.isFirstResponder)
        #expect(h.window.firstResponder === a && other.firstResponder === b)
    }

    /// A resign handler that moves focus elsewhere makes the pending becomeFirstResponder fail
    /// rather than overwrite the new focus.
    @Test func resignHandlerMovingFocusWins() {
        final class Redirecting: View {
            weak var redirectTo: View?
            override var canBecomeFirstResponder: Bool { true }
            override func resignFirstResponder() -> Bool {
                guard super.resignFirstResponder() else { return false }
                redirectTo?.becomeFirstResponder()
                return true
            }
        }
        let h = Harness(log: Log())
        let first = Redirecting(frame: .zero)
        let elsewhere = TextField(frame: .zero)
        let requester = TextField(frame: .zero)
        for v in [first, elsewhere, requester] { h.window.addSubview(v) }
        first.becomeFirstResponder()
        first.redirectTo = elsewhere
        #expect(requester.becomeFirstResponder() == false)
        #expect(h.window.firstResponder === elsewhere)
    }
}
