import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// A text field's attributed text (issue 24 §5): set and read back, kept through every kind of
/// edit, and typed text taking the attributes at the caret (UIKit's `typingAttributes`).
/// Measured with the estimating engine; the drawing is in RenderingTests.
@MainActor
@Suite("TextField attributed text")
struct TextFieldAttributedTextTests {
    static let bold = TextRunAttributes(font: .boldSystemFont(ofSize: 17))
    static let red = TextRunAttributes(foregroundColor: .systemRed, underlineStyle: .single)

    /// "Hello " bold, "world" red and underlined, in a focused field.
    func field() -> (Harness, TextField) {
        Drawing.textEngine = EstimatedTextEngine()
        let h = Harness(root: HostViewController(log: Log()))
        let field = TextField(frame: Rect(10, 10, 300, 40))
        h.window.addSubview(field)
        field.attributedText = AttributedText("Hello ", attributes: Self.bold) + AttributedText("world", attributes: Self.red)
        #expect(field.becomeFirstResponder())
        return (h, field)
    }

    func runs(_ field: TextField) -> [String] {
        guard let text = field.attributedText else { return [] }
        let characters = Array(text.string)
        return text.runs.map { run in
            let kind = run.attributes == Self.bold ? "bold" : run.attributes == Self.red ? "red" : "other"
            return "\(String(characters[run.range])):\(kind)"
        }
    }

    @Test func settingAttributedTextSetsTheTextAndKeepsTheRuns() {
        let (_, field) = field()
        #expect(field.text == "Hello world")
        #expect(field.selectedRange == 11..<11)
        #expect(runs(field) == ["Hello :bold", "world:red"])
        field.text = "plain"
        #expect(field.attributedText == AttributedText("plain", attributes: TextRunAttributes(font: field.font, foregroundColor: field.textColor)))
        field.attributedText = nil
        #expect(field.text.isEmpty)
    }

    @Test func typingTakesTheAttributesBeforeTheCaret() {
        let (_, field) = field()
        field.insertText("!")
        #expect(runs(field) == ["Hello :bold", "world!:red"], "at the end: the last character's")
        field.selectedRange = 3..<3
        field.insertText("p")
        #expect(runs(field) == ["Helplo :bold", "world!:red"], "inside the bold word: bold")
        field.selectedRange = 0..<0
        #expect(field.typingAttributes == Self.bold, "at the start: the first character's")
        field.insertText(">")
        #expect(runs(field).first == ">Helplo :bold")
        field.selectedRange = 8..<8  // after ">Helplo " — the character before is bold
        #expect(field.typingAttributes == Self.bold)
        field.selectedRange = 9..<9  // after "w"
        #expect(field.typingAttributes == Self.red)
    }

    @Test func settingTypingAttributesAppliesUntilTheCaretMoves() {
        let (_, field) = field()
        let blue = TextRunAttributes(foregroundColor: .systemBlue)
        field.typingAttributes = blue
        field.insertText("ab")
        #expect(runs(field) == ["Hello :bold", "world:red", "ab:other"])
        #expect(field.attributedText?.attributes(at: 12) == blue)
        field.selectedRange = 2..<2
        #expect(field.typingAttributes == Self.bold, "moving the caret reads them from the text again")
        // A plain field takes typing attributes too: its text becomes attributed.
        field.text = "plain"
        field.typingAttributes = blue
        field.insertText("!")
        #expect(field.attributedText?.runs.count == 2)
        #expect(field.attributedText?.attributes(at: 5) == blue)
        #expect(field.attributedText?.attributes(at: 0) == TextRunAttributes())
    }

    @Test func deletingReplacingComposingAndClearingKeepTheOtherRuns() {
        let (_, field) = field()
        field.deleteBackward()
        #expect(runs(field) == ["Hello :bold", "worl:red"])
        field.selectedRange = 4..<8  // "o wo"
        field.insertText("-")
        #expect(runs(field) == ["Hell-:bold", "rl:red"], "a replacement takes the attributes before the selection")
        field.selectedRange = 7..<7
        field.setMarkedText("xy", selectedRange: 2..<2)
        #expect(runs(field) == ["Hell-:bold", "rlxy:red"])
        field.unmarkText()
        field.selectedRange = 0..<0
        field.deleteForward()
        #expect(runs(field) == ["ell-:bold", "rlxy:red"])
        field.clear()
        #expect(field.text.isEmpty)
        #expect(field.attributedText?.length == 0)
        field.insertText("new")
        #expect(field.text == "new")
    }

    @Test func theCaretIsMeasuredOnTheLineThatIsDrawn() {
        let (_, field) = field()
        // The estimating engine measures the plain string; secure text shows bullets, no runs.
        #expect(field.textLine.attributed != nil)
        field.isSecureTextEntry = true
        #expect(field.textLine.attributed == nil)
        #expect(field.textLine.text == String(repeating: "\u{2022}", count: 11))
    }
}
