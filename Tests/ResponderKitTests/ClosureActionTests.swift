import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Issue 24 §3, actions as closures: Action, addAction(_:for:), removeAction, Button(primaryAction:),
// Action.sender, and a button's menu shown as its primary action — all driven through
// Application.handle(_:) by the InputDriver on a manual clock, as the backends drive them.

/// A model object that is an explicit target (target-action next to actions).
@MainActor
final class ActionModel: Responder {
    var log: [String] = []
    override init() {
        super.init()
        implement("checkIn:") { [unowned self] _ in self.log.append("target") }
    }
}

/// A button that logs the actions it runs through `sendAction(_:)`.
@MainActor
final class ActionLoggingButton: Button {
    var sentActions: [String] = []
    override func sendAction(_ action: Action) {
        sentActions.append(action.title)
        super.sendAction(action)
    }
}

@MainActor
@Suite("Actions as closures (issue 24 §3)")
struct ClosureActionTests {
    /// Button(primaryAction:) takes the action's title, runs it on a tap with the button as
    /// sender (set only while the handler runs), and through sendAction(_:).
    @Test func primaryActionRunsOnTapWithTheButtonAsSender() {
        let h = Harness(log: Log())
        var senders: [ObjectIdentifier] = []
        let action = Action(title: "Check in") { action in
            if let sender = action.sender as? Button { senders.append(ObjectIdentifier(sender)) }
        }
        let button = ActionLoggingButton(frame: Rect(x: 20, y: 20, width: 120, height: 44), primaryAction: action)
        h.window.addSubview(button)
        #expect(button.currentTitle == "Check in", "the title comes from the action")
        #expect(button.titleLabel?.text == "Check in")
        h.tap(40, 40)
        #expect(senders == [ObjectIdentifier(button)])
        #expect(button.sentActions == ["Check in"], "actions pass through sendAction(_:)")
        #expect(action.sender == nil, "sender is set only while the handler runs")
        h.driver.advance(by: 1)
        h.tap(300, 300)
        #expect(senders.count == 1, "a tap elsewhere runs nothing")
        #expect(h.driver.isClean)
    }

    /// The trailing-closure form: Action { action in … } with a unique identifier.
    @Test func trailingClosureFormAndUniqueIdentifiers() {
        var runs = 0
        let a = Action { _ in runs += 1 }
        let b = Action { _ in runs += 1 }
        #expect(a.identifier != b.identifier)
        #expect(a.title.isEmpty && a.image == nil)
        a.perform(sender: nil)
        #expect(runs == 1)
    }

    /// One dispatch table, as UIKit's: targets, closure handlers and actions run in the order
    /// added; a lift inside sends touchUpInside to all, then primaryActionTriggered (UIKit's
    /// second pass), so the primary action runs after every touch-up-inside entry.
    @Test func actionsAndTargetsRunInTheOrderAdded() {
        let h = Harness(log: Log())
        let model = ActionModel()
        var order: [String] = []
        let primary = Action(title: "Go") { _ in order.append("primary") }
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 44), primaryAction: primary)
        h.window.addSubview(button)
        button.addAction(Action(title: "first") { _ in order.append("first") }, for: .touchUpInside)
        button.addTarget(model, action: "checkIn:", for: .touchUpInside)
        button.addAction(for: .touchUpInside) { _ in order.append("closure") }
        button.addAction(Action(title: "last") { _ in order.append("last") }, for: .touchUpInside)
        h.tap(10, 10)
        order.insert(contentsOf: model.log, at: min(1, order.count))
        #expect(order == ["first", "target", "closure", "last", "primary"])
        #expect(h.driver.isClean)
    }

    /// removeAction(_:for:) and removeAction(identifiedBy:for:) take events away; an action
    /// leaves the table when none is left; adding an action with the same identifier replaces
    /// the old one and moves it to the end (UIKit's _addControlTargetAction).
    @Test func removingAndReplacingActions() {
        let h = Harness(log: Log())
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 44))
        h.window.addSubview(button)
        var order: [String] = []
        let a = Action(title: "a", identifier: "a") { _ in order.append("a") }
        let b = Action(title: "b") { _ in order.append("b") }
        button.addAction(a, for: [.touchDown, .touchUpInside])
        button.addAction(b, for: .touchUpInside)
        h.tap(10, 10)
        #expect(order == ["a", "a", "b"])
        order.removeAll()
        button.removeAction(a, for: .touchDown)
        h.driver.advance(by: 1)
        h.tap(10, 10)
        #expect(order == ["a", "b"], "a still runs for touchUpInside")
        order.removeAll()
        let replacement = Action(title: "a2", identifier: "a") { _ in order.append("a2") }
        button.addAction(replacement, for: .touchDown)
        var listed: [(String, ControlEvents)] = []
        button.enumerateActions { listed.append(($0.title, $1)) }
        #expect(listed.map(\.0) == ["b", "a2"], "the replacement goes to the end")
        #expect(listed.last?.1 == [.touchDown, .touchUpInside], "with both entries' events")
        h.driver.advance(by: 1)
        h.tap(10, 10)
        #expect(order == ["a2", "b", "a2"])
        order.removeAll()
        button.removeAction(identifiedBy: "a", for: .allEvents)
        h.driver.advance(by: 1)
        h.tap(10, 10)
        #expect(order == ["b"])
        #expect(!button.allControlEvents.contains(.touchDown))
        #expect(h.driver.isClean)
    }

    /// Adding an action for no event adds nothing and says why.
    @Test func addingForNoEventIsRefused() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 44))
        let messages = collectDiagnostics { button.addAction(Action(title: "x") { _ in }, for: []) }
        #expect(messages.contains { $0.contains("no control event") })
        var count = 0
        button.enumerateActions { _, _ in count += 1 }
        #expect(count == 0)
    }

    /// Actions on value controls run where their target-actions do: a switch's valueChanged.
    @Test func switchValueChangedRunsAnAction() {
        let h = Harness(log: Log())
        let toggle = Switch(frame: Rect(x: 10, y: 10, width: 0, height: 0))
        h.window.addSubview(toggle)
        var values: [Bool] = []
        toggle.addAction(Action { action in values.append((action.sender as? Switch)?.isOn ?? false) }, for: .valueChanged)
        h.tap(30, 25)
        h.driver.advance(by: 1)
        h.tap(30, 25)
        #expect(values == [true, false])
        #expect(h.driver.isClean)
    }
}

@MainActor
@Suite("Button menus as the primary action (issue 24 §3)")
struct ButtonMenuTests {
    /// A button at (20, 20) with a menu of three actions (the last disabled) shown on tap.
    func makeMenuButton(_ h: Harness, chosen: @escaping (String, Any?) -> Void) -> Button {
        let button = Button(frame: Rect(x: 20, y: 20, width: 120, height: 44))
        button.setTitle("Seat", for: .normal)
        button.menu = Menu(
            title: "Seat",
            children: [
                Action(title: "Window") { chosen($0.title, $0.sender) },
                Menu(children: [Action(title: "Aisle") { chosen($0.title, $0.sender) }]),
                Action(title: "Exit row", attributes: .disabled) { chosen($0.title, $0.sender) }
            ])
        button.showsMenuAsPrimaryAction = true
        h.window.addSubview(button)
        return button
    }

    /// A tap shows the popup list (no primaryActionTriggered), a tap on a row runs that action
    /// with the button as sender and dismisses the list.
    @Test func tapShowsTheMenuAndChoosingRunsTheAction() {
        let h = Harness(log: Log())
        var chosen: [String] = []
        var senders: [ObjectIdentifier?] = []
        let button = makeMenuButton(h) { title, sender in
            chosen.append(title)
            senders.append((sender as? Button).map(ObjectIdentifier.init))
        }
        var primaries = 0, upInside = 0
        button.addAction(for: .primaryActionTriggered) { _ in primaries += 1 }
        button.addAction(for: .touchUpInside) { _ in upInside += 1 }
        h.tap(40, 40)
        let popup = try! #require(button.presentedMenu)
        #expect(popup.actions.map(\.title) == ["Window", "Aisle", "Exit row"], "submenus inline")
        #expect(popup.superview === h.window && popup.listFrame.minY >= 64, "under the button")
        #expect(primaries == 0 && upInside == 1, "the menu replaces the primary action; touchUpInside is still sent")
        let aisle = popup.rowFrames[1]
        h.driver.advance(by: 1)
        h.tap(Point(x: aisle.midX, y: aisle.midY))
        #expect(chosen == ["Aisle"])
        #expect(senders == [ObjectIdentifier(button)])
        #expect(button.presentedMenu == nil && popup.superview == nil)
        #expect(h.driver.isClean)
    }

    /// A tap outside dismisses without running anything and without reaching what is behind;
    /// a disabled row does nothing.
    @Test func tappingOutsideDismisses() {
        let h = Harness(log: Log())
        var chosen: [String] = []
        let button = makeMenuButton(h) { title, _ in chosen.append(title) }
        let behind = Button(frame: Rect(x: 0, y: 600, width: 200, height: 100))
        var behindTaps = 0
        behind.addAction(for: .touchUpInside) { _ in behindTaps += 1 }
        h.window.insertSubview(behind, at: 0)
        h.tap(40, 40)
        let popup = try! #require(button.presentedMenu)
        let disabled = popup.rowFrames[2]
        h.driver.advance(by: 1)
        h.tap(Point(x: disabled.midX, y: disabled.midY))
        #expect(chosen.isEmpty, "a disabled action does nothing")
        #expect(button.presentedMenu === popup, "and the menu stays")
        h.driver.advance(by: 1)
        h.tap(100, 650)
        #expect(button.presentedMenu == nil, "a tap outside dismisses")
        #expect(behindTaps == 0, "and goes nowhere else")
        #expect(chosen.isEmpty)
        #expect(h.driver.isClean)
    }

    /// The keys: Down, Down moves to the second row, Return chooses; Escape dismisses; the first
    /// responder before the menu gets its place back.
    @Test func keyboardChoosesAndEscapes() {
        let h = Harness(log: Log())
        var chosen: [String] = []
        let field = TextField(frame: Rect(x: 20, y: 400, width: 200, height: 40))
        h.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        let button = makeMenuButton(h) { title, _ in chosen.append(title) }
        h.tap(40, 40)
        let popup = try! #require(button.presentedMenu)
        #expect(popup.isFirstResponder)
        for code in [KeyCode.down, KeyCode.down, KeyCode.enter] { h.driver.type(Key(keyCode: code, characters: ""), in: h.window) }
        #expect(chosen == ["Aisle"])
        #expect(button.presentedMenu == nil)
        #expect(field.isFirstResponder, "the field is first responder again")
        h.driver.advance(by: 1)
        h.tap(40, 40)
        #expect(button.presentedMenu != nil)
        h.driver.type(Key(keyCode: KeyCode.escape, characters: ""), in: h.window)
        #expect(button.presentedMenu == nil)
        #expect(chosen == ["Aisle"])
        #expect(h.driver.isClean)
    }

    /// Without showsMenuAsPrimaryAction (or with an empty menu) a tap is a plain primary action.
    @Test func withoutTheFlagTheTapIsThePrimaryAction() {
        let h = Harness(log: Log())
        let button = makeMenuButton(h) { _, _ in }
        button.showsMenuAsPrimaryAction = false
        var primaries = 0
        button.addAction(for: .primaryActionTriggered) { _ in primaries += 1 }
        h.tap(40, 40)
        #expect(primaries == 1 && button.presentedMenu == nil)
        #expect(h.driver.isClean)
    }
}
