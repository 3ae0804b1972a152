/// The single-line caret arithmetic of `TextEngine` and `BidiTextEngine` for attributed text (a
/// `TextField`'s `attributedText`): runs in other fonts move the glyphs, so the caret, taps and
/// selections are measured on the same attributed layout that is drawn (Pango's engine does).
@MainActor
public protocol AttributedLineEngine: AttributedTextEngine, BidiTextEngine {
    /// `caretOffset(at:in:font:)` on attributed `text`; runs without a font use `font`.
    func caretOffset(at index: Int, in text: AttributedText, font: Font) -> Double
    /// `characterIndex(nearestTo:in:font:)` on attributed `text`.
    func characterIndex(nearestTo x: Double, in text: AttributedText, font: Font) -> Int
    /// `caretIndex(movingVisuallyFrom:rightward:in:font:)` on attributed `text`.
    func caretIndex(movingVisuallyFrom index: Int, rightward: Bool, in text: AttributedText, font: Font) -> Int
    /// `selectionSpans(of:in:font:)` on attributed `text`.
    func selectionSpans(of range: Range<Int>, in text: AttributedText, font: Font) -> [ClosedRange<Double>]
}

/// One line of a text field as the engine lays it out: the shown string in the field's font,
/// with the runs of its attributed text when it has some (secure text has none). Every caret,
/// tap and selection computation of the field goes through it, so they all measure the layout
/// that is drawn; an engine that is not an `AttributedLineEngine` measures the plain string.
@MainActor
struct TextLine {
    let text: String
    let attributed: AttributedText?
    let font: Font
    let engine: any TextEngine

    /// The attributed line engine when there are runs and the engine measures them.
    private var attributedEngine: (any AttributedLineEngine, AttributedText)? {
        guard let attributed, let engine = engine as? any AttributedLineEngine else { return nil }
        return (engine, attributed)
    }

    /// The strong caret's x before character `index`, from the line's start.
    /// - Complexity: O(index) plus the layout (cached by the engine).
    func caretOffset(at index: Int) -> Double {
        if let (engine, attributed) = attributedEngine { return engine.caretOffset(at: index, in: attributed, font: font) }
        return engine.caretOffset(at: index, in: text, font: font)
    }

    /// The character boundary nearest to `x`.
    /// - Complexity: O(text length) plus the layout.
    func characterIndex(nearestTo x: Double) -> Int {
        if let (engine, attributed) = attributedEngine { return engine.characterIndex(nearestTo: x, in: attributed, font: font) }
        return engine.characterIndex(nearestTo: x, in: text, font: font)
    }

    /// The caret index one step visually right or left of `index` (clamped to the text).
    /// - Complexity: O(text length) plus the layout.
    func visualIndex(from index: Int, rightward: Bool) -> Int {
        if let (engine, attributed) = attributedEngine {
            return min(max(0, engine.caretIndex(movingVisuallyFrom: index, rightward: rightward, in: attributed, font: font)), text.count)
        }
        return engine.visualCaretIndex(from: index, rightward: rightward, in: text, font: font)
    }

    /// The visual pieces of characters `range`, left to right.
    /// - Complexity: O(text length) plus the layout.
    func spans(of range: Range<Int>) -> [ClosedRange<Double>] {
        if let (engine, attributed) = attributedEngine { return engine.selectionSpans(of: range, in: attributed, font: font) }
        return engine.spans(of: range, in: text, font: font)
    }

    /// The line's width: its widest caret offset.
    /// - Complexity: O(text length) plus the layout.
    var width: Double { max(caretOffset(at: text.count), caretOffset(at: 0)) }
}
