import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Issue 2 "Minimal controls": a TextField that becomes first responder, takes typed keys
// (characters, backspace, repeat) and edits through the pasteboard.

/// A delegate that can veto and records what it was asked.
final class FieldDelegate: TextFieldDelegate {
    var allowBegin = true
    var allowReturn = true
    var rejected: Set<String> = []
    var asked: [String] = []
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { allowBegin }
    func textFieldShouldReturn(_ textField: TextField) -> Bool { asked.append("return"); return allowReturn }
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
        asked.append("\(range.lowerBound)..<\(range.upperBound)=\(string)")
        return !rejected.contains(string)
    }
}

@MainActor
@Suite("TextField: focus, typing and editing")
struct TextFieldTests {
    func focused() -> (Harness, TextField, () -> [String]) {
        let log = Log()
        let controller = RecordingViewController(log: log)
        let h = Harness(root: controller, log: log)
        let field = TextField(frame: Rect(10, 10, 300, 40))
        field.pasteboard = Pasteboard()
        controller.view.addSubview(field)
        var events: [String] = []
        for (event, name) in [
            (ControlEvents.editingDidBegin, "begin"), (.editingChanged, "changed"),
            (.editingDidEnd, "end"), (.editingDidEndOnExit, "exit")
        ] {
            field.addAction(for: event) { _ in events.append(name) }
        }
        h.tap(20, 20)
        return (
            h, field,
            {
                defer { events.removeAll() }; return events
            }
        )
    }

    /// Issue 2: typing "Hello, World!" on a US layout (shift presses included) through the driver
    /// fills the focused field.
    @Test func typingHelloWorld() {
        let (h, field, events) = focused()
        #expect(field.isFirstResponder && field.isEditing)
        #expect(events() == ["begin"])
        h.driver.type("Hello, World!", in: h.window)
        #expect(field.text == "Hello, World!")
        #expect(events().count == 13, "one editingChanged per character")
        #expect(field.selectedRange == 13..<13)
        #expect(h.driver.isClean)
    }

    /// Backspace deletes the character before the caret; with a selection it deletes the selection.
    @Test func backspaceDeletes() {
        let (h, field, _) = focused()
        h.driver.type("abcd", in: h.window)
        h.driver.type(USKeyboard.backspace, in: h.window)
        #expect(field.text == "abc")
        field.selectedRange = 0..<2
        h.driver.type(USKeyboard.backspace, in: h.window)
        #expect(field.text == "c")
        #expect(field.selectedRange == 0..<0)
        h.driver.type(USKeyboard.backspace, in: h.window)
        #expect(field.text == "c", "nothing before the caret")
    }

    /// Key repeat: holding a key types it again on each repeat (pressesChanged with isRepeat);
    /// repeating backspace keeps deleting.
    @Test func keyRepeatTypesAgain() {
        let (h, field, _) = focused()
        let x = USKeyboard.key(for: "x")!
        h.driver.press(x, in: h.window)
        h.driver.repeat(x, in: h.window)
        h.driver.repeat(x, in: h.window)
        h.driver.release(x, in: h.window)
        #expect(field.text == "xxx")
        h.driver.press(USKeyboard.backspace, in: h.window)
        h.driver.repeat(USKeyboard.backspace, in: h.window)
        h.driver.release(USKeyboard.backspace, in: h.window)
        #expect(field.text == "x")
        #expect(h.log.entries.isEmpty, "the field handled every phase; nothing walked up")
    }

    /// Caret keys: left/right/home/end move the caret; delete removes after it; typing inserts at it.
    @Test func caretMovement() {
        let (h, field, _) = focused()
        h.driver.type("ace", in: h.window)
        h.driver.type(Key(keyCode: KeyCode.left, characters: ""), in: h.window)
        h.driver.type("d", in: h.window)
        #expect(field.text == "acde")
        h.driver.type(Key(keyCode: KeyCode.home, characters: ""), in: h.window)
        h.driver.type(Key(keyCode: KeyCode.delete, characters: ""), in: h.window)
        #expect(field.text == "cde")
        h.driver.type(Key(keyCode: KeyCode.end, characters: ""), in: h.window)
        h.driver.type(Key(keyCode: KeyCode.right, characters: ""), in: h.window)
        h.driver.type("!", in: h.window)
        #expect(field.text == "cde!")
        field.selectedRange = 1..<3
        h.driver.type("X", in: h.window)
        #expect(field.text == "cX!")
    }

    /// Return ends editing: editingDidEndOnExit, then the field resigns (editingDidEnd).
    @Test func returnResigns() {
        let (h, field, events) = focused()
        _ = events()
        h.driver.type(USKeyboard.enter, in: h.window)
        #expect(events() == ["exit", "end"])
        #expect(!field.isFirstResponder)
        #expect(h.window.firstResponder == nil)
    }

    /// Keys the field does not use (escape, control shortcuts) walk on up the chain.
    @Test func unusedKeysWalkUpTheChain() {
        let (h, field, _) = focused()
        h.driver.type(USKeyboard.escape, in: h.window)
        h.driver.type(USKeyboard.key("c", modifiers: .control)!, in: h.window)
        #expect(field.text == "")
        #expect(
            h.log.entries(endingWith: "pressesBegan") == [
                "RecordingViewController.pressesBegan", "AppDelegate.pressesBegan",
                "RecordingViewController.pressesBegan", "AppDelegate.pressesBegan"
            ])
    }

    /// A field that is not first responder types nothing: keys go to the window's chain.
    @Test func anUnfocusedFieldTypesNothing() {
        let (h, field, _) = focused()
        field.resignFirstResponder()
        h.driver.type("abc", in: h.window)
        #expect(field.text == "")
    }

    /// The delegate can veto beginning, a change, and return.
    @Test func delegateVetoes() {
        let (h, field, _) = focused()
        let delegate = FieldDelegate()
        field.delegate = delegate
        delegate.rejected = ["z"]
        h.driver.type("azb", in: h.window)
        #expect(field.text == "ab")
        #expect(delegate.asked == ["0..<0=a", "1..<1=z", "1..<1=b"])
        delegate.allowReturn = false
        h.driver.type(USKeyboard.enter, in: h.window)
        #expect(field.isFirstResponder, "return was vetoed")
        field.resignFirstResponder()
        delegate.allowBegin = false
        #expect(field.becomeFirstResponder() == false)
        h.tap(20, 20)
        #expect(!field.isFirstResponder)
    }

    /// Issue 2 "removing it from the window resigns it": the focused field removed from the window
    /// resigns while still in it (editingDidEnd is sent) and the window has no first responder.
    @Test func removingTheFocusedFieldResignsIt() {
        let (h, field, events) = focused()
        _ = events()
        field.removeFromSuperview()
        #expect(events() == ["end"])
        #expect(h.window.firstResponder == nil)
        #expect(!field.isFirstResponder)
        h.driver.type("abc", in: h.window)
        #expect(field.text == "")
    }

    /// Moving the focused field's ancestor into another window resigns it from the old window.
    @Test func movingTheFieldToAnotherWindowResignsIt() {
        let (h, field, _) = focused()
        let other = Window(windowScene: h.scene)
        other.makeKeyAndVisible()
        let container = View(frame: Rect(0, 0, 400, 400))
        h.window.addSubview(container)
        container.addSubview(field)
        #expect(field.isFirstResponder, "moving inside the same window keeps focus")
        other.addSubview(container)
        #expect(h.window.firstResponder == nil)
        #expect(!field.isFirstResponder)
        #expect(field.becomeFirstResponder())
        #expect(other.firstResponder === field)
    }

    /// Paste inserts the pasteboard's string at the caret, replacing the selection.
    @Test func pasteReplacesTheSelection() {
        let (h, field, _) = focused()
        h.driver.type("one two", in: h.window)
        field.selectedRange = 4..<7
        field.pasteboard.string = "2"
        #expect(h.app.sendAction(.paste, to: nil, from: nil, for: nil))
        #expect(field.text == "one 2")
        #expect(field.canPerformAction(.delete, withSender: nil) == false)
        field.selectedRange = 0..<4
        #expect(h.app.sendAction(.delete, to: nil, from: nil, for: nil))
        #expect(field.text == "2")
    }
}
