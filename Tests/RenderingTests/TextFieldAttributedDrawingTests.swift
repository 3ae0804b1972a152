import Rendering
import Testing

@testable import ResponderKit

/// A text field's attributed text drawn through Pango attributes (issue 24 §5): the runs'
/// fonts and colours show, the caret and taps are measured on the attributed layout (a 28 pt run
/// moves the caret after it further right than plain text would, and the taller line is
/// centred in the field), typed text takes the
/// attributes at the caret — and a golden.
@MainActor
@Suite struct TextFieldAttributedDrawingTests {
    static let white = argb(255, 255, 255)
    static let big = TextRunAttributes(font: .boldSystemFont(ofSize: 26))
    static let red = TextRunAttributes(foregroundColor: Color(red: 1, green: 0, blue: 0), underlineStyle: .single)

    func field() -> (Window, TextField) {
        let window = makeWindow(320, 70)
        let field = TextField(frame: Rect(10, 10, 300, 50))
        field.borderStyle = .roundedRect
        window.addSubview(field)
        field.attributedText = AttributedText("Gate ", attributes: Self.big) + AttributedText("B12", attributes: Self.red)
        #expect(field.becomeFirstResponder())
        return (window, field)
    }

    @Test func theRunsDrawAndTheCaretFollowsTheAttributedLayout() throws {
        let (window, field) = field()
        let engine = Drawing.textEngine
        let plainEnd = engine.caretOffset(at: 8, in: "Gate B12", font: field.font)
        let area = field.textRect(forBounds: field.bounds)
        let caret = field.caretRect(at: 8)
        #expect(caret.minX - area.minX > plainEnd + 10, "the 26 pt run widens the line: \(caret.minX - area.minX) vs \(plainEnd)")
        #expect(field.characterIndex(closestTo: Point(x: caret.minX, y: caret.midY)) == 8, "a tap there finds the end")
        let image = window.snapshot()
        let ink = try #require(inkBox(image, background: Self.white, in: PixelRect(x: 18, y: 12, width: 280, height: 46)))
        let colours = (ink.y..<ink.maxY).flatMap { y in (ink.x..<ink.maxX).map { channels(image.argb(x: $0, y: y)) } }
        #expect(colours.contains { $0[1] > 240 && $0[2] < 30 && $0[3] < 30 }, "the red run")
        #expect(colours.contains { $0[1] < 40 && $0[2] < 40 && $0[3] < 40 }, "the black bold run")
        // Typing at the end continues the red run.
        field.insertText("!")
        #expect(field.attributedText?.attributes(at: 8) == Self.red)
        #expect(field.intrinsicContentSize.width > engine.size(of: field.text, attributes: field.textAttributes, width: nil).width + 20)
    }

    @Test func anAttributedFieldGolden() {
        let (window, _) = field()
        goldens.expect(window.snapshot(), "textfield-attributed", tolerance: 2)
    }
}
