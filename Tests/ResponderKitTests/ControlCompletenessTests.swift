import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Issue 9 "Controls and editing": the rest of UIKit's UIControl — target bookkeeping, closure
// actions and their removal, nil-targeted actions, content alignment, and controls winning
// their default action over an ancestor's gesture recognizer (View.gestureRecognizerShouldBegin).

/// Logs, by name and in the order sent, every touch and value event a control sends (the
/// fixture of the Control*, Switch, Slider, Stepper and SegmentedControl suites).
@MainActor
final class ControlEventLog {
    static let names: [(ControlEvents, String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "dragInside"),
        (.touchDragOutside, "dragOutside"), (.touchDragEnter, "dragEnter"), (.touchDragExit, "dragExit"),
        (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
        (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primary")
    ]
    private(set) var entries: [String] = []

    init(_ control: Control) {
        for (event, name) in Self.names {
            control.addAction(for: event) { _ in self.entries.append(name) }
        }
    }

    /// What was logged since the last call.
    func take() -> [String] {
        defer { entries.removeAll() }
        return entries
    }
}

/// A view that can become first responder and handles "save:" (for nil-targeted actions).
@MainActor
final class SavingView: View {
    var saves = 0
    override var canBecomeFirstResponder: Bool { true }
    override init(frame: Rect) {
        super.init(frame: frame)
        implement("save:") { [unowned self] _ in self.saves += 1 }
    }
}

/// A plain view that refuses every recognizer (View.gestureRecognizerShouldBegin).
@MainActor
final class RefusingView: View {
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { false }
}

/// A control that logs what it hands to `sendAction(_:to:for:)`.
@MainActor
final class SendLoggingControl: Control {
    var sent: [String] = []
    override func sendAction(_ action: Selector, to target: AnyObject?, for event: Event?) {
        sent.append("\(action)")
        super.sendAction(action, to: target, for: event)
    }
}

@MainActor
@Suite("Controls: UIControl completeness")
struct ControlCompletenessTests {
    /// A container with a one-tap recognizer (logging "Tap.<state>") and a button inside it.
    /// What the recognizers logged (plain views forward touches to the app delegate, which logs too).
    func recognized(_ h: Harness) -> [String] { h.log.entries.filter { $0.hasPrefix("Tap.") } }

    func tapContainer(_ h: Harness) -> (View, TapGestureRecognizer) {
        let container = View(frame: Rect(0, 0, 400, 400))
        h.window.addSubview(container)
        let tap = logActions(TapGestureRecognizer(), "Tap", h.log)
        container.addGestureRecognizer(tap)
        return (container, tap)
    }

    /// UIKit (iOS 6+): an ancestor's single-tap recognizer does not take a button's tap — the
    /// button asks it not to begin; a tap beside the button still reaches the recognizer.
    /// UIKit's habit for a custom pressed look: `override var isHighlighted { didSet { … } }`.
    /// The state flags and `isFirstResponder` are `open`, so such overrides compile and run.
    @Test func stateFlagsAndFirstResponderCanBeOverridden() {
        final class GlowButton: Button {
            var looks: [String] = []
            override var isHighlighted: Bool { didSet { looks.append(isHighlighted ? "glow" : "plain") } }
            override var isEnabled: Bool { didSet { looks.append(isEnabled ? "enabled" : "disabled") } }
            override var isSelected: Bool { didSet { looks.append(isSelected ? "selected" : "unselected") } }
            override var isFirstResponder: Bool { super.isFirstResponder || looks.contains("selected") }
        }
        let h = Harness(log: Log())
        let button = GlowButton(frame: Rect(100, 100, 100, 40))
        h.window.addSubview(button)
        h.driver.touchDown(0, at: Point(x: 150, y: 120), in: h.window)
        #expect(button.looks == ["glow"])
        #expect(button.state == .highlighted)
        h.driver.touchUp(0, in: h.window)
        #expect(button.looks == ["glow", "plain"])
        #expect(!button.isFirstResponder)
        button.isSelected = true
        button.isEnabled = false
        #expect(button.looks == ["glow", "plain", "selected", "disabled"])
        #expect(button.isFirstResponder, "the override answers")
        #expect(h.driver.isClean)
    }

    @Test func anAncestorsTapRecognizerDoesNotStealTheButtonsTap() {
        let h = Harness(log: Log())
        let (container, _) = tapContainer(h)
        let button = Button(frame: Rect(100, 100, 100, 40))
        container.addSubview(button)
        let events = ControlEventLog(button)
        h.tap(150, 120)
        #expect(events.take() == ["touchDown", "upInside", "primary"])
        #expect(recognized(h).isEmpty, "the tap recognizer failed")
        h.driver.advance(by: 1)
        h.tap(300, 300)
        #expect(recognized(h) == ["Tap.ended"])
        #expect(events.take().isEmpty)
        #expect(h.driver.isClean)
    }

    /// The rule asks every view from the touch's hit view up to the recognizer's view: a button
    /// deep inside plain views still wins; a double-tap recognizer does not overlap a button's
    /// action and is let through; a recognizer on the button itself is never refused.
    @Test func theRuleCoversDeepButtonsButNotOtherGestures() {
        let h = Harness(log: Log())
        let (container, _) = tapContainer(h)
        let middle = View(frame: Rect(50, 50, 300, 300))
        container.addSubview(middle)
        let button = Button(frame: Rect(50, 50, 100, 40))
        middle.addSubview(button)
        let events = ControlEventLog(button)
        h.tap(150, 120)
        #expect(events.take() == ["touchDown", "upInside", "primary"])
        #expect(h.log.entries.isEmpty)

        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        container.addGestureRecognizer(double)
        #expect(button.gestureRecognizerShouldBegin(double), "two taps do not overlap a button's single tap")
        let own = TapGestureRecognizer()
        button.addGestureRecognizer(own)
        #expect(button.gestureRecognizerShouldBegin(own), "a recognizer on the control itself")
        let single = TapGestureRecognizer()
        container.addGestureRecognizer(single)
        #expect(!button.gestureRecognizerShouldBegin(single))
        button.isEnabled = false
        #expect(button.gestureRecognizerShouldBegin(single), "a disabled control claims nothing")
        h.driver.advance(by: 1)
        #expect(h.driver.isClean)
    }

    /// A base `Control` claims no default action: the ancestor's tap recognizes and, as it
    /// cancels touches in its view, the control's tracking ends with touchCancel. A disabled
    /// button lets the ancestor's tap through too.
    @Test func plainControlsAndDisabledButtonsLetTheAncestorTap() {
        let h = Harness(log: Log())
        let (container, _) = tapContainer(h)
        let control = Control(frame: Rect(100, 100, 100, 40))
        container.addSubview(control)
        let events = ControlEventLog(control)
        h.tap(150, 120)
        #expect(recognized(h) == ["Tap.ended"])
        #expect(events.take() == ["touchDown", "cancel"])
        h.driver.advance(by: 1)
        h.log.clear()
        let button = Button(frame: Rect(100, 200, 100, 40))
        container.addSubview(button)
        let buttonEvents = ControlEventLog(button)
        button.isEnabled = false
        h.tap(150, 220)
        #expect(recognized(h) == ["Tap.ended"])
        #expect(buttonEvents.take().isEmpty)
        #expect(h.driver.isClean)
    }

    /// Any view may refuse a recognizer above it through the same hook.
    @Test func aViewsHookRefusesARecognizerAboveIt() {
        let h = Harness(log: Log())
        let (container, _) = tapContainer(h)
        let refusing = RefusingView(frame: Rect(0, 0, 100, 100))
        container.addSubview(refusing)
        h.tap(50, 50)
        #expect(recognized(h).isEmpty)
        h.driver.advance(by: 1)
        h.tap(250, 250)
        #expect(recognized(h) == ["Tap.ended"])
        #expect(h.driver.isClean)
    }

    /// addTarget merges events for the same target and action; allTargets lists live targets
    /// once; actions(forTarget:forControlEvent:) answers per target (nil: the nil-targeted
    /// ones); removeTarget removes events, then entries.
    @Test func targetBookkeeping() {
        let button = Button(frame: Rect(0, 0, 10, 10))
        let a = ActionRecorder(handles: ["one:", "two:"]), b = ActionRecorder(handles: ["one:"])
        button.addTarget(a, action: "one:", for: .touchDown)
        button.addTarget(a, action: "one:", for: .touchUpInside)
        button.addTarget(a, action: "two:", for: .valueChanged)
        button.addTarget(b, action: "one:", for: .touchUpInside)
        button.addTarget(nil, action: "save:", for: .primaryActionTriggered)
        #expect(button.allTargets.count == 2)
        #expect(button.allTargets.first === a)
        #expect(button.actions(forTarget: a, forControlEvent: .touchUpInside) == ["one:"])
        #expect(button.actions(forTarget: a, forControlEvent: .touchDown) == ["one:"])
        #expect(button.actions(forTarget: a, forControlEvent: .valueChanged) == ["two:"])
        #expect(button.actions(forTarget: b, forControlEvent: .touchDown) == nil)
        #expect(button.actions(forTarget: nil, forControlEvent: .primaryActionTriggered) == ["save:"])
        #expect(button.allControlEvents == [.touchDown, .touchUpInside, .valueChanged, .primaryActionTriggered])
        button.sendActions(for: .touchUpInside)
        #expect(a.received == ["one:"] && b.received == ["one:"])
        button.removeTarget(a, action: "one:", for: .touchUpInside)
        #expect(button.actions(forTarget: a, forControlEvent: .touchUpInside) == nil)
        #expect(button.actions(forTarget: a, forControlEvent: .touchDown) == ["one:"])
        button.removeTarget(a, action: nil, for: .allEvents)
        #expect(button.allTargets.count == 1 && button.allTargets.first === b)
    }

    /// A nil target makes a nil-targeted action: it starts at the key window's first responder.
    @Test func nilTargetedActionsGoToTheFirstResponder() {
        let h = Harness(log: Log())
        let editor = SavingView(frame: Rect(0, 300, 100, 100))
        h.window.addSubview(editor)
        #expect(editor.becomeFirstResponder())
        let button = SendLoggingControl(frame: Rect(0, 0, 100, 44))
        h.window.addSubview(button)
        button.addTarget(nil, action: "save:", for: .touchUpInside)
        h.tap(10, 10)
        #expect(editor.saves == 1)
        #expect(button.sent == ["save:"], "every action passes through sendAction(_:to:for:)")
        #expect(h.driver.isClean)
    }

    /// Closure actions run in the order added, before target-actions, and removeAction stops them.
    @Test func closureActionsAndTheirRemoval() {
        let h = Harness(log: Log())
        let button = Button(frame: Rect(0, 0, 100, 44))
        h.window.addSubview(button)
        var order: [String] = []
        let first = button.addAction(for: [.touchUpInside, .touchDown]) { _ in order.append("first") }
        button.addAction(for: .touchUpInside) { sender in order.append(sender === button ? "second" : "?") }
        h.tap(10, 10)
        #expect(order == ["first", "first", "second"])
        order.removeAll()
        button.removeAction(identifiedBy: first, for: .touchUpInside)
        h.driver.advance(by: 1)
        h.tap(10, 10)
        #expect(order == ["first", "second"], "first still runs for touchDown only")
        button.removeAction(identifiedBy: first, for: .touchDown)
        order.removeAll()
        h.driver.advance(by: 1)
        h.tap(10, 10)
        #expect(order == ["second"])
        #expect(h.driver.isClean)
    }

    /// beginTracking returning false: not tracking and continueTracking is never called, but
    /// the touch events are still sent (UIKit).
    @Test func refusingToTrackStillSendsTouchEvents() {
        final class Refuser: Control {
            var continued = 0
            override func beginTracking(_ touch: Touch, with event: Event?) -> Bool { false }
            override func continueTracking(_ touch: Touch, with event: Event?) -> Bool { continued += 1; return true }
        }
        let h = Harness(log: Log())
        let control = Refuser(frame: Rect(100, 100, 100, 40))
        h.window.addSubview(control)
        let events = ControlEventLog(control)
        h.driver.touchDown(0, at: Point(150, 120), in: h.window)
        #expect(!control.isTracking && control.isHighlighted && control.isTouchInside)
        h.driver.touchMove(0, to: Point(270, 120), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(events.take() == ["touchDown", "dragOutside", "dragExit", "upOutside"])
        #expect(control.continued == 0)
        #expect(h.driver.isClean)
    }

    /// contentHorizontalAlignment / contentVerticalAlignment place a button's title.
    @Test func contentAlignmentPlacesTheTitle() {
        let button = Button(frame: Rect(0, 0, 200, 60))
        button.setTitle("Hi", for: .normal)
        button.layoutIfNeeded()
        let centred = button.titleLabel!.frame
        #expect(abs(centred.midX - 100) <= 1)
        button.contentHorizontalAlignment = .left
        button.contentVerticalAlignment = .top
        button.layoutIfNeeded()
        #expect(button.titleLabel!.frame.minX == 8 && button.titleLabel!.frame.minY == 6)
        button.contentHorizontalAlignment = .right
        button.contentVerticalAlignment = .bottom
        button.layoutIfNeeded()
        #expect(button.titleLabel!.frame.maxX == 192 && button.titleLabel!.frame.maxY == 54)
        button.contentHorizontalAlignment = .fill
        button.layoutIfNeeded()
        #expect(button.titleLabel!.frame.width == 184)
    }
}
