import Rendering
import Testing

@testable import ResponderKit

/// An input method's marked (preedit) text is drawn underlined, exactly under its characters and
/// only while the field is editing; committed text is not.
@MainActor
@Suite struct MarkedTextDrawingTests {
    static let white = argb(255, 255, 255), black = argb(0, 0, 0)

    @Test func markedTextIsUnderlinedUnderItsCharactersOnly() {
        let window = makeWindow(300, 60)
        let field = TextField(frame: Rect(0, 0, 300, 60))
        window.addSubview(field)
        field.text = "ace"
        #expect(field.becomeFirstResponder())
        field.setMarkedText("mn", selectedRange: 2..<2)
        #expect(field.text == "acemn" && field.markedTextRange == 3..<5)
        let engine = Drawing.textEngine
        let area = field.textRect(forBounds: field.bounds)
        let lineHeight = engine.lineHeight(of: field.font)
        let top = area.minY + ((area.height - lineHeight) / 2).rounded()
        let row = Int((top + lineHeight).rounded(.down) - TextField.markedTextUnderline - 1)
        let start = Int(engine.caretOffset(at: 3, in: field.text, font: field.font).rounded(.up))
        let end = Int(engine.caretOffset(at: 5, in: field.text, font: field.font).rounded(.down))
        #expect(end - start > 10)
        var image = window.snapshot()
        for x in (start + 1)..<(end - 1) { expectPixel(image, x, row, Self.black, tolerance: 8, "underline at x \(x)") }
        // Under the committed "ace": no line.
        for x in 1..<(start - 2) { expectPixel(image, x, row, Self.white, tolerance: 8, "no underline at x \(x)") }
        // Accepted (unmarked): the same text, no underline.
        field.unmarkText()
        image = window.snapshot()
        for x in (start + 1)..<(end - 1) { expectPixel(image, x, row, Self.white, tolerance: 8, "no underline after unmark at x \(x)") }
    }
}
