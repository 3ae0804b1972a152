import Prerequisites
import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// API.md "Walking next must terminate even when an override makes a cycle: a walk that meets a
// responder twice stops and reports the cycle (a diagnostic, never a hang or crash)". Every kind of
// walk: the chain sequence, nearest, target(forAction:), sendAction, touches, presses, motion and
// key-command matching; plus a cycle whose handlers start nested walks.

/// A view whose `next` can be pointed anywhere (including back down the tree).
final class LoopingView: RecordingView {
    weak var loop: Responder?
    override var next: Responder? { loop ?? super.next }
    override var canBecomeFirstResponder: Bool { true }
    var commands: [KeyCommand]?
    override var keyCommands: [KeyCommand]? { commands }
}

/// A looping view that starts an unrelated walk in every touchesBegan before forwarding.
final class NestedWalkLoopingView: RecordingView {
    weak var loop: Responder?
    var begins = 0
    /// The stack addresses of the first and the deepest call, to measure the stack the walk used.
    var stackTop: UInt = 0
    var stackBottom: UInt = .max
    override var next: Responder? { loop ?? super.next }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        begins += 1
        var marker = 0
        withUnsafeMutablePointer(to: &marker) { p in
            let address = UInt(bitPattern: p)
            if begins == 1 { stackTop = address }
            stackBottom = min(stackBottom, address)
        }
        _ = superview?.target(forAction: "nothing:", withSender: nil)
        super.touchesBegan(touches, with: event)
    }
}

@MainActor
@Suite("Cycles in the responder chain")
struct CycleTests {
    /// Two views: outer contains inner; outer.next is overridden to return inner → a cycle
    /// inner → outer → inner.
    func cyclic() -> (Harness, LoopingView, LoopingView) {
        let h = Harness(log: Log())
        let outer = LoopingView("Outer", frame: Rect(0, 0, 200, 200), log: h.log)
        let inner = LoopingView("Inner", frame: Rect(0, 0, 100, 100), log: h.log)
        outer.addSubview(inner)
        h.window.addSubview(outer)
        outer.loop = inner
        return (h, outer, inner)
    }

    /// The chain sequence stops at the first responder met twice and reports it; hasCycle says so.
    @Test func chainDescriptionStopsAtTheCycle() {
        let (_, outer, inner) = cyclic()
        var description: [String] = []
        let messages = collectDiagnostics { description = inner.chainDescription }
        #expect(description == ["LoopingView", "LoopingView"])
        #expect(cycles(messages).count == 1)
        #expect(messages.first?.contains("LoopingView.next is LoopingView") == true)
        #expect(inner.responderChain.hasCycle)
        #expect(outer.responderChain.hasCycle)
    }

    /// A responder whose next is itself is a cycle of one.
    @Test func selfLoop() {
        let h = Harness(log: Log())
        let view = LoopingView("Self", frame: Rect(0, 0, 10, 10), log: h.log)
        h.window.addSubview(view)
        view.loop = view
        let messages = collectDiagnostics { #expect(view.chainDescription == ["LoopingView"]) }
        #expect(cycles(messages).count == 1)
    }

    /// nearest(_:) terminates on a cycle (nil, with a diagnostic).
    @Test func nearestTerminates() {
        let (_, _, inner) = cyclic()
        let messages = collectDiagnostics { #expect(inner.nearest(Window.self) == nil) }
        #expect(cycles(messages).count == 1)
    }

    /// target(forAction:) and sendAction through a cyclic chain terminate with a diagnostic.
    @Test func actionWalksTerminate() {
        let (h, _, inner) = cyclic()
        inner.becomeFirstResponder()
        var sent = true
        let messages = collectDiagnostics {
            #expect(inner.target(forAction: "missing:", withSender: nil) == nil)
            sent = h.app.sendAction("missing:", to: nil, from: nil, for: nil)
        }
        #expect(sent == false)
        #expect(cycles(messages).count == 2)
    }

    /// A touch forwarded through a cyclic chain terminates: each responder on the loop sees it
    /// once, then the walk stops and reports the cycle; the touch still ends normally.
    @Test func touchForwardedThroughACycleTerminates() {
        let (h, _, _) = cyclic()
        let messages = collectDiagnostics {
            h.driver.touchDown(0, at: Point(10, 10), in: h.window)
            h.driver.touchUp(0, in: h.window)
        }
        #expect(h.log.entries == ["Inner.touchesBegan", "Outer.touchesBegan", "Inner.touchesEnded", "Outer.touchesEnded"])
        #expect(cycles(messages).count == 2)
        #expect(h.driver.isClean)
    }

    /// Presses, motion and key-command matching through a cyclic chain terminate too.
    @Test func keyAndMotionWalksTerminate() {
        let (h, _, inner) = cyclic()
        inner.becomeFirstResponder()
        let messages = collectDiagnostics {
            h.driver.type(USKeyboard.key(for: "k")!, in: h.window)
            h.driver.shake(in: h.window)
            h.driver.remoteControl(.remoteControlPlay, in: h.window)
        }
        #expect(
            h.log.entries == [
                "Inner.pressesBegan", "Outer.pressesBegan", "Inner.pressesEnded", "Outer.pressesEnded",
                "Inner.motionBegan", "Outer.motionBegan", "Inner.motionEnded", "Outer.motionEnded",
                "Inner.remoteControlReceived", "Outer.remoteControlReceived"
            ])
        // Key-command matching walks the chain (twice: down and up) before the presses do.
        #expect(cycles(messages).count >= 5)
        #expect(h.driver.isClean)
    }

    /// A cycle whose handlers start nested walks before forwarding (each step looks like a new walk)
    /// still terminates, ended by the depth backstop, without crashing — and without coming near
    /// the end of the stack (10,000 steps used 7.5 MB of the 8 MB in a debug build).
    @Test func nestedWalksInsideACycleTerminate() {
        let h = Harness(log: Log())
        let outer = NestedWalkLoopingView("Outer", frame: Rect(0, 0, 200, 200), log: h.log)
        let inner = NestedWalkLoopingView("Inner", frame: Rect(0, 0, 100, 100), log: h.log)
        outer.addSubview(inner)
        h.window.addSubview(outer)
        outer.loop = inner
        let messages = collectDiagnostics {
            h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        }
        #expect(cycles(messages).count >= 1)
        #expect(inner.begins + outer.begins <= ChainWalk.maxDepth + 2)
        // The backstop stops well inside the main thread's 8 MB stack (the walk nests one call per step).
        // A sanitized build's frames are larger (ThreadSanitizer's measured 4.3 MB here): 6 MB there.
        let used = inner.stackTop - min(inner.stackBottom, outer.stackBottom)
        let limit = Prerequisite.uninstrumentedBuild.isPresent ? 4 << 20 : 6 << 20
        #expect(used < limit, "the walk used \(used) bytes of stack")
        h.driver.touchUp(0, in: h.window)
    }

    /// The view tree itself cannot be made cyclic: adding an ancestor (or a view to itself) as a
    /// subview is refused with a diagnostic.
    @Test func addingAnAncestorAsASubviewIsRefused() {
        let parent = View(frame: Rect(0, 0, 100, 100))
        let child = View(frame: Rect(0, 0, 10, 10))
        parent.addSubview(child)
        let messages = collectDiagnostics {
            child.addSubview(parent)
            parent.addSubview(parent)
        }
        #expect(messages.count == 2)
        #expect(child.superview === parent)
        #expect(parent.superview == nil)
        #expect(child.subviews.isEmpty)
    }
}
