import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Issue 11 "The system input method": `InputEvent.Kind.textInput` routed to the key window's
// focused `TextInput`, applied in text-input-v3's order (old preedit out, delete around the
// selection, commit, new preedit), and the observer API a backend uses to follow the focused field.
//
// The estimate text engine makes every character 0.6 em wide: 10.2 pt at 17 pt.

@MainActor
@Suite("Text input from a system input method")
struct TextInputTests {
    /// A 300 × 40 field at (10, 10) with `text`, focused, caret at the end; every observer call
    /// (the window it names) is counted.
    @MainActor
    final class Fixture {
        let h: Harness
        let field = TextField(frame: Rect(10, 10, 300, 40))
        let delegate = retained(OrderDelegate())
        var notifications = 0
        var changed = 0

        init(_ text: String = "", focus: Bool = true) {
            Drawing.textEngine = EstimatedTextEngine()
            h = Harness(root: HostViewController(log: Log()))
            field.pasteboard = Pasteboard()
            field.text = text
            field.delegate = delegate
            h.window.addSubview(field)
            field.addAction(for: .editingChanged) { [unowned self] _ in changed += 1 }
            h.app.addTextInputObserver { [unowned self] window in
                #expect(window === h.window)
                notifications += 1
            }
            if focus { #expect(field.becomeFirstResponder()) }
        }

        func send(_ change: TextInputChange) { h.driver.inject(.textInput(change), in: h.window) }
        var state: TextInputState? { h.app.textInputState(in: h.window) }
    }

    @Test func aCommitInsertsAtTheCaretReplacingTheSelection() {
        let f = Fixture("hello world")
        f.field.selectedRange = 6..<11
        f.send(TextInputChange(commit: "there"))
        #expect(f.field.text == "hello there")
        #expect(f.field.selectedRange == 11..<11)
        #expect(f.field.markedTextRange == nil)
        #expect(f.delegate.log.contains("shouldChange 6..<11 \"there\""))
        #expect(f.changed == 1)
        #expect(f.h.driver.isClean)
    }

    @Test func preeditIsMarkedWithItsCursorAndTheNextChangeReplacesIt() {
        let f = Fixture("ab")
        f.send(TextInputChange(preedit: MarkedText("かな", selectedRange: 1..<1)))
        #expect(f.field.text == "abかな")
        #expect(f.field.markedTextRange == 2..<4)
        #expect(f.field.selectedRange == 3..<3)
        // The input method sees the text without the preedit, its caret where the preedit sits.
        #expect(f.state?.surroundingText == "ab")
        #expect(f.state?.selectedRange == 2..<2)
        // Next: a longer preedit replaces it (no preedit left over).
        f.send(TextInputChange(preedit: MarkedText("かなに")))
        #expect(f.field.text == "abかなに")
        #expect(f.field.markedTextRange == 2..<5)
        #expect(f.field.selectedRange == 5..<5)
        // Commit: the preedit goes, the committed text stays unmarked with the caret after it.
        f.send(TextInputChange(commit: "仮名"))
        #expect(f.field.text == "ab仮名")
        #expect(f.field.markedTextRange == nil)
        #expect(f.field.selectedRange == 4..<4)
        #expect(f.h.driver.isClean)
    }

    @Test func aChangeWithoutPreeditClearsTheMarkedText() {
        let f = Fixture("x")
        f.send(TextInputChange(preedit: MarkedText("yz")))
        #expect(f.field.text == "xyz")
        f.send(TextInputChange())
        #expect(f.field.text == "x")
        #expect(f.field.markedTextRange == nil)
        #expect(f.field.selectedRange == 1..<1)
    }

    /// Deletion counts UTF-8 bytes around the selection and rounds out to whole characters; it
    /// happens before the commit (text-input-v3's order): "abcé|de" delete 3 before / 1 after,
    /// commit "X" → "abXe".
    @Test func deleteSurroundingCountsUTF8BytesAroundTheCaretBeforeTheCommit() {
        let f = Fixture("abcéde")
        f.field.selectedRange = 4..<4
        f.send(TextInputChange(commit: "X", deleteBefore: 3, deleteAfter: 1))
        #expect(f.field.text == "abXe")
        #expect(f.field.selectedRange == 3..<3)
        // Past both ends: everything around the caret, nothing traps.
        f.send(TextInputChange(deleteBefore: Int.max))
        #expect(f.field.text == "e")
        #expect(f.field.selectedRange == 0..<0)
        f.send(TextInputChange(deleteAfter: 1_000))
        #expect(f.field.text == "")
        // The selection itself is kept.
        f.field.text = "0123456"
        f.field.selectedRange = 3..<5
        f.send(TextInputChange(deleteBefore: 1, deleteAfter: 1))
        #expect(f.field.text == "01346")
        #expect(f.field.selectedRange == 2..<4)
        #expect(f.h.driver.isClean)
    }

    @Test func theDelegateCanRefuseACommitOrADeletion() {
        let f = Fixture("abc")
        f.delegate.rejected = ["no", ""]
        f.send(TextInputChange(commit: "no", deleteBefore: 1))
        #expect(f.field.text == "abc")
        #expect(f.field.selectedRange == 3..<3)
    }

    @Test func withoutAFocusedTextInputTheChangeIsDroppedWithADiagnostic() {
        let f = Fixture("abc", focus: false)
        var reports: [String] = []
        let previous = ResponderDiagnostics.handler
        ResponderDiagnostics.handler = { reports.append("\($0)") }
        defer { ResponderDiagnostics.handler = previous }
        f.send(TextInputChange(commit: "x"))
        #expect(f.field.text == "abc")
        #expect(reports.count == 1 && reports[0].contains("no focused text input"))
    }

    /// The observer hears of focus, every edit and resigning; the state says what to tell the
    /// input method, and nil once nothing is focused.
    @Test func observersFollowFocusEditsAndResigning() {
        let f = Fixture("hi", focus: false)
        #expect(f.state == nil)
        let before = f.notifications
        #expect(f.field.becomeFirstResponder())
        #expect(f.notifications > before)
        let state = f.state
        #expect(state?.surroundingText == "hi")
        #expect(state?.selectedRange == 2..<2)
        // The caret of "hi|": x = 10 (field) + 2 × 10.2, in window coordinates.
        #expect(state.map { abs($0.caretRect.minX - 30.4) < 0.001 } == true)
        #expect(state?.caretRect.width == TextField.caretWidth)
        #expect(state?.contentType == TextInputContentType(purpose: .normal, hints: [.completion, .spellcheck, .autoCapitalization]))
        let afterFocus = f.notifications
        f.h.driver.inject(.key(Key(keyCode: 30, characters: "a"), pressed: true, isRepeat: false), in: f.h.window)
        f.h.driver.inject(.key(Key(keyCode: 30, characters: "a"), pressed: false, isRepeat: false), in: f.h.window)
        #expect(f.notifications > afterFocus)
        #expect(f.state?.surroundingText == "hia")
        let afterKey = f.notifications
        #expect(f.field.resignFirstResponder())
        #expect(f.notifications > afterKey)
        #expect(f.state == nil)
        // A field that is not first responder changing its text tells nobody.
        let afterResign = f.notifications
        f.field.text = "other"
        #expect(f.notifications == afterResign)
        #expect(f.h.driver.isClean)
    }

    @Test func resigningKeepsTheComposedText() {
        let f = Fixture("a")
        f.send(TextInputChange(preedit: MarkedText("b")))
        #expect(f.field.resignFirstResponder())
        #expect(f.field.text == "ab")
        #expect(f.field.markedTextRange == nil)
    }

    @Test func traitsFollowTheFieldsKeyboardTypeAndSecureEntry() {
        let f = Fixture()
        f.field.keyboardType = .emailAddress
        f.field.autocapitalizationType = .none
        #expect(f.state?.contentType == TextInputContentType(purpose: .email, hints: []))
        f.field.keyboardType = .numberPad
        #expect(f.state?.contentType.purpose == .digits)
        f.field.keyboardType = .url
        #expect(f.state?.contentType.purpose == .url)
        f.field.text = "secret"
        f.field.isSecureTextEntry = true
        #expect(f.state?.contentType == TextInputContentType(purpose: .password, hints: [.hiddenText, .sensitiveData]))
        // A password is never handed to the input method.
        #expect(f.state?.surroundingText == "")
        #expect(f.state?.selectedRange == 0..<0)
    }

    /// Text typed through an input method counts as activity: it re-arms the idle handlers.
    @Test func textInputIsUserActivity() {
        let f = Fixture()
        var fired = 0
        let handler = f.h.app.addIdleHandler(after: 10) { fired += 1 }
        f.h.driver.advance(by: 9)
        f.send(TextInputChange(commit: "a"))
        f.h.driver.advance(by: 9)
        #expect(fired == 0)
        f.h.driver.advance(by: 1.01)
        #expect(fired == 1)
        handler.cancel()
    }

    @Test func markedTextRangeClampsTheCursorToThePreedit() {
        let m = MarkedText("abc", selectedRange: -4..<10)
        #expect(m.selectedRange == 0..<3)
        #expect(MarkedText("abc").selectedRange == 3..<3)
        #expect(TextInputChange(deleteBefore: -3, deleteAfter: -1) == TextInputChange())
    }
}
