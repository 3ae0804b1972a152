import Rendering
import Testing

@testable import ResponderKit

/// Editing right-to-left and mixed (bidi) text in a `TextField` with Pango's bidi (issue 24 §5):
/// the arrow keys move visually, the caret sits at the right end of Arabic and Hebrew text at
/// index 0, a tap places the caret where it lands, a selection across direction runs is drawn as
/// its visual pieces, `.natural` aligns by direction — and a golden of a Hebrew field with a caret.
@MainActor
@Suite struct TextFieldBidiTests {
    static let left = Key(keyCode: KeyCode.left, characters: "")
    static let right = Key(keyCode: KeyCode.right, characters: "")
    static let shiftLeft = Key(keyCode: KeyCode.left, characters: "", modifierFlags: .shift)

    func focused(_ text: String, rightToLeft: Bool = false) -> (Window, TextField) {
        let window = makeWindow(320, 60)
        window.semanticContentAttribute = rightToLeft ? .forceRightToLeft : .forceLeftToRight
        let field = TextField(frame: Rect(10, 10, 300, 40))
        field.borderStyle = .roundedRect
        window.addSubview(field)
        field.text = text
        #expect(field.becomeFirstResponder())
        return (window, field)
    }

    func press(_ field: TextField, _ key: Key, times: Int = 1) {
        for _ in 0..<times { #expect(field.handle(key)) }
    }

    /// The caret's x in the field for the current selection's caret.
    func caretX(_ field: TextField) -> Double { field.caretRect(at: field.selectedRange.lowerBound).minX }

    @Test func hebrewAndArabicCaretsStartAtTheRightAndTheArrowsMoveVisually() {
        for word in ["שלום", "مرحبا"] {
            let (_, field) = focused(word)
            let count = word.count
            #expect(field.selectedRange == count..<count)
            let atEnd = caretX(field)
            field.selectedRange = 0..<0
            let atStart = caretX(field)
            #expect(atStart > atEnd + 20, "\(word): index 0 is the right end (\(atStart) vs \(atEnd))")
            press(field, Self.right)
            #expect(field.selectedRange == 0..<0, "\(word): already at the visual right end")
            press(field, Self.left)
            #expect(field.selectedRange == 1..<1, "\(word): ← goes on to the next character")
            #expect(caretX(field) < atStart)
            press(field, Self.left, times: count + 2)
            #expect(field.selectedRange == count..<count, "\(word): stops at the visual left end")
            press(field, Self.right, times: 2)
            #expect(field.selectedRange == (count - 2)..<(count - 2))
            // Shift-← extends the selection towards the end of the text.
            field.selectedRange = 1..<1
            press(field, Self.shiftLeft, times: 2)
            #expect(field.selectedRange == 1..<3)
        }
    }

    @Test func inMixedTextTheCaretWalksTheGlyphsLeftToRight() {
        let text = "abc שלום def"
        let (_, field) = focused(text)
        field.selectedRange = 0..<0
        var visited: [Int] = [0]
        var xs: [Double] = [caretX(field)]
        for _ in 0..<(text.count + 3) {
            press(field, Self.right)
            if field.selectedRange.lowerBound != visited.last {
                visited.append(field.selectedRange.lowerBound)
                xs.append(caretX(field))
            }
        }
        #expect(Set(visited) == Set(0...text.count), "every boundary reached once: \(visited)")
        #expect(visited.count == text.count + 1, "\(visited)")
        #expect(visited.last == text.count)
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 + 0.5 }, "the caret only moves right: \(xs)")
        #expect(visited != Array(0...text.count), "the Hebrew run is walked in its visual order, not logically")
        // And back to the start with ←.
        press(field, Self.left, times: text.count + 3)
        #expect(field.selectedRange == 0..<0)
        // With digits after the Hebrew (they join its run), → still only moves right, to the end.
        let digits = "abc שלום 12 def"
        field.text = digits
        field.selectedRange = 0..<0
        var x = caretX(field)
        for _ in 0..<(digits.count + 3) {
            press(field, Self.right)
            #expect(caretX(field) >= x - 0.5, "never left: \(caretX(field)) after \(x)")
            x = caretX(field)
        }
        #expect(field.selectedRange == digits.count..<digits.count)
    }

    @Test func aTapPlacesTheCaretInRightToLeftText() {
        let text = "שלום עולם"
        let (window, field) = focused(text, rightToLeft: true)
        let engine = Drawing.textEngine
        for index in [0, 2, 4, 5, 9] {
            let caret = field.caretRect(at: index)
            let found = field.characterIndex(closestTo: Point(x: caret.midX, y: caret.midY))
            #expect(found == index, "a tap on the caret of \(index) finds \(found)")
        }
        // A tap right of the text's right end is index 0; the text is aligned right (natural in RTL).
        let area = field.textRect(forBounds: field.bounds)
        let width = engine.lineWidth(of: text, font: field.font)
        #expect(abs(field.caretRect(at: 0).minX - (area.maxX - TextField.caretWidth)) < 1.5, "natural is right aligned in RTL")
        #expect(field.characterIndex(closestTo: Point(x: area.maxX, y: 30)) == 0)
        #expect(field.characterIndex(closestTo: Point(x: area.maxX - width - 20, y: 30)) == text.count)
        _ = window
    }

    @Test func naturalAlignmentFollowsTheDirection() {
        let (ltrWindow, ltr) = focused("abc")
        let (rtlWindow, rtl) = focused("abc", rightToLeft: true)
        defer { _ = (ltrWindow, rtlWindow) }
        #expect(ltr.caretRect(at: 0).minX < rtl.caretRect(at: 0).minX - 100)
        ltr.textAlignment = .right
        rtl.textAlignment = .left
        #expect(ltr.caretRect(at: 0).minX > rtl.caretRect(at: 0).minX + 100, "left and right stay absolute")
    }

    @Test func aSelectionAcrossDirectionRunsIsDrawnAsItsVisualPieces() {
        let text = "ab שלום cd"
        let engine = Drawing.textEngine
        let font = Font.systemFont(ofSize: 17)
        // "b שלו": from inside the Latin run into the middle of the Hebrew run.
        let spans = engine.spans(of: 1..<6, in: text, font: font)
        #expect(spans.count == 2, "\(spans)")
        let whole = engine.spans(of: 0..<text.count, in: text, font: font)
        #expect(whole.count == 1 && abs(whole[0].upperBound - engine.lineWidth(of: text, font: font)) < 0.5, "\(whole)")
        #expect(engine.spans(of: 3..<3, in: text, font: font).isEmpty)
        let (window, field) = focused(text)
        field.selectedRange = 1..<6
        let image = window.snapshot()
        let area = field.textRect(forBounds: field.bounds)
        // The unselected gap between the two pieces is not tinted.
        let gapX = Int(area.minX + (spans[0].upperBound + spans[1].lowerBound) / 2)
        if spans[1].lowerBound - spans[0].upperBound > 4 {
            let pixel = channels(image.argb(x: gapX, y: Int(area.minY + 2)))
            #expect(pixel[1] > 240 && pixel[2] > 240 && pixel[3] > 240, "no tint between the pieces at x \(gapX): \(pixel)")
        }
    }

    @Test func aHebrewFieldWithACaretGolden() {
        let (window, field) = focused("שלום, עולם 2026", rightToLeft: true)
        field.selectedRange = 5..<5
        goldens.expect(window.snapshot(), "textfield-rtl-caret", tolerance: 2)
    }
}
