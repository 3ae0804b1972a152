import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Seed 001 §4 "Actions with a nil target": sendAction(_:to:nil…) starts at the first responder
// (the key window when nothing is focused) and walks `next`; the MessageView walk from self to a
// MessageActions implementer; canPerformAction declining paste "for now".

/// A controller that implements paste: as the fallback further up the chain.
final class PasteFallbackViewController: RecordingViewController {
    private(set) var pastes = 0
    override init(log: Log) {
        super.init(log: log)
        implement(.paste) { [unowned self] _ in pastes += 1 }
    }
}

/// A custom view implementing copy: that can become first responder only when allowed.
final class CopyableView: View {
    var focusable = false
    private(set) var copies = 0
    override var canBecomeFirstResponder: Bool { focusable }
    override init(frame: Rect) {
        super.init(frame: frame)
        implement(.copy) { [unowned self] _ in copies += 1 }
    }
}

/// A presented modal that intercepts archiveMessage: before anything behind it.
final class ModalViewController: RecordingViewController, MessageActions {
    let message = MessageView(frame: Rect(10, 10, 200, 40), log: Log())
    private(set) var archived = 0
    override init(log: Log) {
        super.init(log: log)
        implement(.archiveMessage) { [unowned self] sender in archiveMessage(sender) }
    }
    override func viewDidLoad() { view.addSubview(message) }
    func archiveMessage(_ sender: Any?) { archived += 1 }
}

@MainActor
@Suite("Seed 001 §4: actions with a nil target")
struct Seed001ActionTests {
    /// Seed 001 §4: the text view is first responder; copy: is sent with no target; the walk starts
    /// at the first responder, which implements copy:, so it performs it.
    @Test func copyWithNilTargetStartsAtTheFocusedTextField() {
        let h = Harness(log: Log())
        let field = TextField(frame: Rect(0, 0, 200, 40))
        let pasteboard = Pasteboard()
        field.pasteboard = pasteboard
        h.window.addSubview(field)
        field.text = "selected words"
        #expect(field.becomeFirstResponder())
        field.selectedRange = 0..<8
        #expect(h.app.sendAction(.copy, to: nil, from: nil, for: nil))
        #expect(pasteboard.string == "selected")
    }

    /// Seed 001 §4: "Long-press text and iOS shows Cut / Copy / Paste" — the edit menu offers the
    /// actions some responder from the first responder outward can perform now: with a selection
    /// and an empty pasteboard the focused field offers Cut, Copy and Select All, not Paste.
    @Test func editMenuShowsWhatTheChainFromTheFirstResponderCanPerform() {
        let h = Harness(log: Log())
        let field = TextField(frame: Rect(0, 0, 200, 40))
        field.pasteboard = Pasteboard()
        h.window.addSubview(field)
        field.text = "Hello"
        field.becomeFirstResponder()
        field.selectedRange = 0..<2
        func menu() -> [String] {
            let start: Responder = h.window.firstResponder ?? h.window
            return [("Cut", Selector.cut), ("Copy", .copy), ("Paste", .paste), ("Select All", .selectAll)]
                .filter { start.target(forAction: $0.1, withSender: nil) != nil }.map(\.0)
        }
        #expect(menu() == ["Cut", "Copy", "Select All"])
        field.pasteboard.string = "x"
        #expect(menu() == ["Cut", "Copy", "Paste", "Select All"])
        field.selectedRange = 0..<5
        #expect(menu() == ["Cut", "Copy", "Paste"])
        field.resignFirstResponder()
        #expect(menu().isEmpty, "nothing focused: the window's chain implements none")
    }

    /// Seed 001 §4: "A plain custom view never starts that menu: it is not first responder" — a
    /// view implementing copy: is not reached while something else (or nothing) is focused; once it
    /// holds first-responder status, the same nil-targeted copy: reaches it.
    @Test func customViewGetsCopyOnlyOnceItIsFirstResponder() {
        let h = Harness(log: Log())
        let custom = CopyableView(frame: Rect(0, 0, 100, 100))
        h.window.addSubview(custom)
        #expect(h.app.sendAction(.copy, to: nil, from: nil, for: nil) == false)
        #expect(custom.becomeFirstResponder() == false)
        custom.focusable = true
        #expect(custom.becomeFirstResponder())
        #expect(h.app.sendAction(.copy, to: nil, from: nil, for: nil))
        #expect(custom.copies == 1)
    }

    /// Seed 001 §4: nil as a button's target gives the same walk — first responder, then next — not
    /// the view controller under the button. With focus in a field inside another controller's view,
    /// that controller gets it, and the controller under the button does not.
    @Test func nilTargetedButtonWalksFromTheFirstResponder() {
        let log = Log()
        let host = RecordingViewController(log: log)
        let h = Harness(root: host, log: log)
        let underButton = ButtonPressedViewController(log: log)
        underButton.name = "UnderButton"
        let focused = ButtonPressedViewController(log: log)
        focused.name = "Focused"
        host.addChild(underButton)
        host.addChild(focused)
        underButton.view.frame = Rect(0, 0, 400, 200)
        focused.view.frame = Rect(0, 200, 400, 200)
        host.view.addSubview(underButton.view)
        host.view.addSubview(focused.view)
        let button = Button(frame: Rect(10, 10, 100, 44))
        button.addTarget(nil, action: .buttonPressed, for: .touchUpInside)
        underButton.view.addSubview(button)
        let field = TextField(frame: Rect(10, 10, 200, 40))
        focused.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        h.tap(20, 20)
        #expect(log.entries(endingWith: "buttonPressed") == ["Focused.buttonPressed"])
        #expect(underButton.senders.isEmpty)
    }

    /// Seed 001 §4 / "Why it matters": with nothing focused the walk starts at the key window and
    /// skips every controller below it — the controller under the button never sees the action;
    /// the app delegate (the last link) can.
    @Test func nilTargetedButtonWithoutFocusStartsAtTheKeyWindow() {
        let log = Log()
        let controller = ButtonPressedViewController(log: log)
        let h = Harness(root: controller, log: log)
        var delegateSenders: [AnyObject] = []
        h.delegate.implement(.buttonPressed) { sender in
            if let sender = sender as AnyObject? { delegateSenders.append(sender) }
        }
        let button = Button(frame: Rect(10, 10, 100, 44))
        button.addTarget(nil, action: .buttonPressed, for: .touchUpInside)
        controller.view.addSubview(button)
        #expect(h.window.firstResponder == nil)
        h.tap(20, 20)
        #expect(controller.senders.isEmpty)
        #expect(delegateSenders.count == 1)
        #expect(delegateSenders.first === button)
    }

    /// Seed 001 §4: the controller under the button sees the nil-targeted action once it already
    /// holds first-responder status.
    @Test func controllerUnderTheButtonGetsItWhenItIsFirstResponder() {
        let log = Log()
        let controller = FocusableViewController(log: log)
        let h = Harness(root: controller, log: log)
        let button = Button(frame: Rect(10, 10, 100, 44))
        button.addTarget(nil, action: .buttonPressed, for: .touchUpInside)
        controller.view.addSubview(button)
        h.tap(20, 20)
        #expect(controller.senders.isEmpty)
        #expect(controller.becomeFirstResponder())
        h.driver.advance(by: 1)
        h.tap(20, 20)
        #expect(controller.senders.count == 1)
    }

    /// Seed 001 §4 MessageView example: for a nested view with no focus, walk `next` from self until
    /// a responder responds(to:) archiveMessage:, then perform(_:with:) it there — the view never
    /// holds a pointer to a specific controller.
    @Test func messageViewWalksNextToTheArchiveImplementer() {
        let screen = InboxScreen()
        let message = screen.inbox.messageViews[1]
        #expect(!message.responds(to: .archiveMessage))
        let handler = message.archiveTapped()
        #expect(handler === screen.inbox)
        #expect(screen.inbox.archived.count == 1)
        #expect(screen.inbox.archived.first === message)
    }

    /// Seed 001 §4 / "Interview angle": the typed Swift form — `nearest(MessageActions.self)` — finds
    /// the same controller; the same cell works on any screen that implements the command.
    @Test func nearestFindsTheProtocolImplementer() {
        let screen = InboxScreen()
        let message = screen.inbox.messageViews[0]
        #expect(message.nearest(MessageActions.self) === screen.inbox)
        #expect(message.nearest(Cell.self) === screen.inbox.cells[0])
        #expect(message.nearest(MessageView.self) === message, "self counts")
        #expect(message.nearest(TextField.self) == nil)
        message.archiveTappedTyped()
        #expect(screen.inbox.archived.count == 1)
        // The same cell moved to a screen that does not implement the command: nobody answers.
        let bare = View(frame: Rect(0, 0, 400, 100))
        screen.window.addSubview(bare)
        bare.addSubview(screen.inbox.cells[0])
        #expect(message.nearest(MessageActions.self) == nil)
        #expect(message.archiveTapped() == nil)
    }

    /// Seed 001 §4: the walk from the view is not sendAction(to: nil) — with nothing focused the
    /// nil-targeted form starts at the key window and does not find the inbox.
    @Test func archiveBySendActionDoesNotStartAtTheView() {
        let screen = InboxScreen()
        #expect(screen.harness.app.sendAction(.archiveMessage, to: nil, from: screen.inbox.messageViews[0], for: nil) == false)
        #expect(screen.inbox.archived.isEmpty)
        #expect(screen.inbox.messageViews[0].target(forAction: .archiveMessage, withSender: nil) === screen.inbox)
    }

    /// Seed 001 §4: "A presented modal on the chain can still intercept it."
    @Test func presentedModalInterceptsTheArchiveWalk() {
        let screen = InboxScreen()
        let modal = ModalViewController(log: screen.log)
        screen.inbox.present(modal, animated: false)
        #expect(modal.message.archiveTapped() === modal)
        #expect(modal.archived == 1)
        #expect(screen.inbox.archived.isEmpty)
    }

    /// Seed 001 §4: canPerformAction is how a text field hides Paste when the pasteboard is empty —
    /// it implements paste: but says no for now, and a responder further up can still say yes.
    @Test func pasteWalkSkipsTheFieldWhileThePasteboardIsEmpty() {
        let log = Log()
        let controller = PasteFallbackViewController(log: log)
        let h = Harness(root: controller, log: log)
        let field = TextField(frame: Rect(0, 0, 200, 40))
        let pasteboard = Pasteboard()
        field.pasteboard = pasteboard
        controller.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        #expect(field.responds(to: .paste))
        #expect(field.canPerformAction(.paste, withSender: nil) == false)
        #expect(field.target(forAction: .paste, withSender: nil) === controller)
        #expect(h.app.sendAction(.paste, to: nil, from: nil, for: nil))
        #expect(controller.pastes == 1)
        #expect(field.text == "")
        // With something on the pasteboard the field itself pastes.
        pasteboard.string = "clip"
        #expect(field.canPerformAction(.paste, withSender: nil))
        #expect(h.app.sendAction(.paste, to: nil, from: nil, for: nil))
        #expect(field.text == "clip")
        #expect(controller.pastes == 1)
    }

    /// Seed 001 §4 with `Pasteboard.general`, the one text fields use by default.
    @Test func pasteWalkWithTheGeneralPasteboard() {
        let saved = Pasteboard.general.strings
        defer { Pasteboard.general.strings = saved }
        let log = Log()
        let controller = PasteFallbackViewController(log: log)
        let h = Harness(root: controller, log: log)
        let field = TextField(frame: Rect(0, 0, 200, 40))
        #expect(field.pasteboard === Pasteboard.general)
        controller.view.addSubview(field)
        field.becomeFirstResponder()
        Pasteboard.general.string = nil
        h.app.sendAction(.paste, to: nil, from: nil, for: nil)
        #expect(controller.pastes == 1)
        Pasteboard.general.string = "general"
        h.app.sendAction(.paste, to: nil, from: nil, for: nil)
        #expect(field.text == "general")
    }
}
