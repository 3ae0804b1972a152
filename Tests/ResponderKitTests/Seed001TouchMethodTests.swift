import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Seed 001 §2 "Overriding a touch method without super": the default implementations are what
// forward to `next`; override one without super and the chain ends there. Gesture recognizers and
// a control's explicit target are different paths that keep working.

/// The seed's ❌ BadgeView: touchesBegan without super — it highlights, and the event stops.
final class BadgeView: RecordingView {
    private(set) var highlighted = false
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        log.add("BadgeView.touchesBegan")
        highlighted = true  // ❌ The event stops here
    }
}

/// The seed's ✅ BadgeView: super first, then highlight — the chain goes on.
final class ForwardingBadgeView: RecordingView {
    private(set) var highlighted = false
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        super.touchesBegan(touches, with: event)  // ✅ Keeps forwarding up the chain
        highlighted = true
    }
}

/// The seed's advice for swallowing on purpose: override the whole family without super.
final class SwallowingView: RecordingView {
    override init(_ name: String? = nil, frame: Rect = .zero, log: Log) {
        super.init(name, frame: frame, log: log)
        forwards = false
    }
}

/// A controller with a `saveTapped:` action for the explicit-target example.
final class SaveViewController: RecordingViewController {
    private(set) var saves = 0
    override init(log: Log) {
        super.init(log: log)
        implement("saveTapped:") { [unowned self] _ in saves += 1 }
    }
}

@MainActor
@Suite("Seed 001 §2: touch methods with and without super")
struct Seed001TouchMethodTests {
    /// An inbox-like cell: Cell (with a recording superview chain above) holding a badge.
    func makeCell(_ badge: View) -> (Harness, Cell, RecordingViewController) {
        let log = Log()
        let controller = RecordingViewController(log: log)
        let h = Harness(root: controller, log: log)
        let list = ListView(frame: Rect(0, 0, 400, 400), log: log)
        let cell = Cell(frame: Rect(0, 0, 400, 60), log: log)
        cell.addSubview(badge)
        list.addSubview(cell)
        controller.view.addSubview(list)
        return (h, cell, controller)
    }

    /// Seed 001 §2 ❌ example: BadgeView overrides touchesBegan without super — nothing crashes, the
    /// badge highlights, and no superview or controller above ever sees the touch.
    @Test func withoutSuperTheChainEndsAtTheView() {
        let log = Log()
        let badge = BadgeView(frame: Rect(350, 10, 30, 30), log: log)
        let (h, _, _) = makeCell(badge)
        h.log.clear()
        badge.log.clear()
        h.driver.touchDown(0, at: Point(360, 20), in: h.window)
        #expect(badge.highlighted)
        #expect(log.entries == ["BadgeView.touchesBegan"])
        #expect(h.log.entries(endingWith: "touchesBegan").isEmpty)
        h.driver.touchUp(0, in: h.window)
    }

    /// Seed 001 §2 ✅ example: calling super first keeps the event travelling up the chain.
    @Test func withSuperTheChainContinues() {
        let badge = ForwardingBadgeView(frame: Rect(350, 10, 30, 30), log: Log())
        let (h, _, _) = makeCell(badge)
        h.driver.touchDown(0, at: Point(360, 20), in: h.window)
        #expect(badge.highlighted)
        #expect(
            h.log.entries(endingWith: "touchesBegan") == [
                "Cell.touchesBegan", "ListView.touchesBegan",
                "RecordingViewController.touchesBegan",
                "AppDelegate.touchesBegan"
            ])
        h.driver.touchUp(0, in: h.window)
    }

    /// Seed 001 §2: with only touchesBegan overridden, the other phases still forward (the sequence
    /// above is inconsistent: moved/ended arrive without a began) — which is why the seed says to
    /// override the whole family when swallowing.
    @Test func overridingOnlyBeganLeavesTheOtherPhasesForwarding() {
        let badge = BadgeView(frame: Rect(350, 10, 30, 30), log: Log())
        let (h, _, _) = makeCell(badge)
        h.tap(360, 20)
        #expect(
            h.log.entries == [
                "Cell.touchesEnded", "ListView.touchesEnded",
                "RecordingViewController.touchesEnded", "AppDelegate.touchesEnded"
            ])
    }

    /// Seed 001 §2: deliberately swallowing by overriding the whole family without super keeps the
    /// sequence consistent — nobody above sees began, moved, ended or cancelled.
    @Test func swallowingTheWholeFamilyHidesEveryPhase() {
        let inner = Log()
        let view = SwallowingView("Swallower", frame: Rect(350, 10, 30, 30), log: inner)
        let (h, _, _) = makeCell(view)
        h.driver.touchDown(0, at: Point(360, 20), in: h.window)
        h.driver.touchMove(0, to: Point(365, 25), in: h.window)
        h.driver.touchUp(0, in: h.window)
        h.driver.touchDown(1, at: Point(360, 20), in: h.window)
        h.driver.cancelTouches(in: h.window)
        #expect(
            inner.entries == [
                "Swallower.touchesBegan", "Swallower.touchesMoved", "Swallower.touchesEnded",
                "Swallower.touchesBegan", "Swallower.touchesCancelled"
            ])
        #expect(h.log.entries.isEmpty)
        #expect(h.driver.isClean)
    }

    /// Seed 001 §2: gesture recognizers on the cell already received the touch before BadgeView's
    /// touchesBegan ran, so a swipe recognizer keeps working while the chain is starved.
    @Test func recognizersOnAncestorsStillSeeTouchesTheBadgeSwallows() {
        let badge = BadgeView(frame: Rect(350, 10, 30, 30), log: Log())
        let (h, cell, _) = makeCell(badge)
        let swipe = RecordingRecognizer("Swipe", log: badge.log)
        swipe.recognizeOnMove = true
        swipe.endOnEnded = true
        swipe.cancelsTouchesInView = false
        cell.addGestureRecognizer(swipe)
        h.driver.touchDown(0, at: Point(360, 20), in: h.window)
        #expect(badge.log.entries == ["Swipe.touchesBegan", "BadgeView.touchesBegan"])
        h.driver.touchMove(0, to: Point(300, 20), in: h.window)
        #expect(swipe.state == .began)
        h.driver.touchUp(0, in: h.window)
    }

    /// Seed 001 §2: a Control's action does not ride the forwarding — `addTarget(self, action:
    /// saveTapped, for: .touchUpInside)` names the object and sendAction calls it directly, even
    /// though the control consumes its touches and the controller's touchesBegan never runs.
    @Test func controlActionWithExplicitTargetIsCalledDirectly() {
        let log = Log()
        let controller = SaveViewController(log: log)
        let h = Harness(root: controller, log: log)
        let save = Button(frame: Rect(10, 10, 100, 44))
        save.addTarget(controller, action: "saveTapped:", for: .touchUpInside)
        controller.view.addSubview(save)
        h.tap(20, 20)
        #expect(controller.saves == 1)
        #expect(log.entries.isEmpty, "the touch itself stopped at the button")
    }
}
