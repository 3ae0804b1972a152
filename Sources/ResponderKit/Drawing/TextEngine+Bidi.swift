/// Caret movement and selection in bidirectional text (Arabic, Hebrew, and either mixed with
/// Latin or digits). Logical order (the order characters are stored and typed) and visual
/// order (left to right on screen) differ there, so a text field asks the engine, which runs
/// the Unicode bidi algorithm: Pango's `pango_layout_move_cursor_visually` and
/// `pango_layout_line_get_x_ranges` in the `Rendering` module.
@MainActor
public protocol BidiTextEngine: TextEngine {
    /// The caret index reached from character boundary `index` of a single line of `text` by one
    /// step visually right (`rightward`) or left, as the arrow keys move on every platform; in
    /// right-to-left text a step left goes to the next character logically. `index` itself when
    /// the caret is already at that visual end of the line.
    func caretIndex(movingVisuallyFrom index: Int, rightward: Bool, in text: String, font: Font) -> Int
    /// The x extents (from the line's start, unaligned, left to right) that characters `range`
    /// cover on a single line of `text`: one span for text of one direction, several where the
    /// range crosses direction runs (a selection in mixed text is drawn as these spans).
    func selectionSpans(of range: Range<Int>, in text: String, font: Font) -> [ClosedRange<Double>]
}

extension TextEngine {
    /// `BidiTextEngine.caretIndex(movingVisuallyFrom:rightward:in:font:)` when the engine is
    /// one, else a logical step that assumes left-to-right text (the estimating engine).
    /// - Complexity: O(text length) plus the layout (cached by Pango's engine).
    public func visualCaretIndex(from index: Int, rightward: Bool, in text: String, font: Font) -> Int {
        let count = text.count
        if let engine = self as? any BidiTextEngine {
            return min(max(0, engine.caretIndex(movingVisuallyFrom: index, rightward: rightward, in: text, font: font)), count)
        }
        return min(max(0, index + (rightward ? 1 : -1)), count)
    }

    /// `BidiTextEngine.selectionSpans(of:in:font:)` when the engine is one, else the span
    /// between the caret offsets of the range's ends.
    /// - Complexity: O(text length) plus the layout (cached by Pango's engine).
    public func spans(of range: Range<Int>, in text: String, font: Font) -> [ClosedRange<Double>] {
        if let engine = self as? any BidiTextEngine { return engine.selectionSpans(of: range, in: text, font: font) }
        let start = caretOffset(at: range.lowerBound, in: text, font: font)
        let end = caretOffset(at: range.upperBound, in: text, font: font)
        return [min(start, end)...max(start, end)]
    }

    /// The width of a single line of `text`: its widest caret offset (at the end of
    /// left-to-right text, at the start of right-to-left text).
    /// - Complexity: O(text length) plus the layout.
    public func lineWidth(of text: String, font: Font) -> Double {
        max(caretOffset(at: text.count, in: text, font: font), caretOffset(at: 0, in: text, font: font))
    }
}
