import CCairo
import ResponderKit

/// Caret movement and selection spans in bidirectional text, by Pango's bidi (the Unicode
/// algorithm, through FriBidi) on the same cached single-line layout that measures the caret;
/// for attributed text, the layout with its runs (`AttributedLineEngine`), as it is drawn.
extension PangoTextEngine: AttributedLineEngine {
    public func caretIndex(movingVisuallyFrom index: Int, rightward: Bool, in text: String, font: Font) -> Int {
        let text = Self.sanitized(text)
        return caretIndex(movingVisuallyFrom: index, rightward: rightward, in: text, key: singleLineKey(text, font: font))
    }

    public func selectionSpans(of range: Range<Int>, in text: String, font: Font) -> [ClosedRange<Double>] {
        let text = Self.sanitized(text)
        return selectionSpans(of: range, in: text, key: singleLineKey(text, font: font))
    }

    public func caretOffset(at index: Int, in text: AttributedText, font: Font) -> Double {
        let (string, key) = lineKey(text, font: font)
        return caretOffset(at: index, in: string, key: key)
    }

    public func characterIndex(nearestTo x: Double, in text: AttributedText, font: Font) -> Int {
        let (string, key) = lineKey(text, font: font)
        return characterIndex(nearestTo: x, in: string, key: key)
    }

    public func caretIndex(movingVisuallyFrom index: Int, rightward: Bool, in text: AttributedText, font: Font) -> Int {
        let (string, key) = lineKey(text, font: font)
        return caretIndex(movingVisuallyFrom: index, rightward: rightward, in: string, key: key)
    }

    public func selectionSpans(of range: Range<Int>, in text: AttributedText, font: Font) -> [ClosedRange<Double>] {
        let (string, key) = lineKey(text, font: font)
        return selectionSpans(of: range, in: string, key: key)
    }

    /// The single-line key of attributed text: its runs on the unwrapped line in `font`.
    func lineKey(_ text: AttributedText, font: Font) -> (String, TextLayoutKey) {
        let string = Self.sanitized(text.string)
        var key = singleLineKey(string, font: font)
        key.runs = text.runs
        return (string, key)
    }

    /// The strong caret's x (`pango_layout_get_cursor_pos`) at character `index` of the layout
    /// of `key` (whose text is `text`).
    /// - Complexity: O(index) for the offset conversion, plus the layout (cached).
    func caretOffset(at index: Int, in text: String, key: TextLayoutKey) -> Double {
        let laid = layout(for: key)
        var strong = PangoRectangle()
        pango_layout_get_cursor_pos(laid.layout, Int32(clamping: Self.byteOffset(ofCharacter: index, in: text)), &strong, nil)
        return Double(strong.x) / Self.pangoScale
    }

    /// `pango_layout_xy_to_index` on the layout of `key`, its byte offset converted to a
    /// character offset (a hit on a character's trailing half is the index after it).
    /// - Complexity: O(text length) for the offset conversion, plus the layout (cached).
    func characterIndex(nearestTo x: Double, in text: String, key: TextLayoutKey) -> Int {
        guard !text.isEmpty, x.isFinite else { return x == .infinity ? text.count : 0 }
        let laid = layout(for: key)
        var byteIndex: Int32 = 0
        var trailing: Int32 = 0
        let units = Int32(clamping: Int((min(max(x, -Self.maximumExtent), Self.maximumExtent) * Self.pangoScale).rounded()))
        _ = pango_layout_xy_to_index(laid.layout, units, 0, &byteIndex, &trailing)
        var characters = 0
        var offset = 0
        for character in text {
            if offset >= Int(byteIndex) { break }
            offset += character.utf8.count
            characters += 1
        }
        // A byte index inside a grapheme Pango split differently counts as that grapheme.
        if offset > Int(byteIndex) { characters -= 1 }
        if trailing > 0 { characters += 1 }
        return min(max(0, characters), text.count)
    }

    /// `pango_layout_move_cursor_visually` with the strong cursor, one step right or left, its
    /// byte index and trailing count turned back into a character index; the old index when
    /// Pango says the caret left the line (index -1 or `G_MAXINT`).
    /// - Complexity: O(text length) for the offset conversions, plus the layout (cached).
    func caretIndex(movingVisuallyFrom index: Int, rightward: Bool, in text: String, key: TextLayoutKey) -> Int {
        let count = text.count
        let start = min(max(0, index), count)
        guard count > 0 else { return 0 }
        let laid = layout(for: key)
        var newIndex: Int32 = 0
        var trailing: Int32 = 0
        pango_layout_move_cursor_visually(
            laid.layout, 1, Int32(clamping: Self.byteOffset(ofCharacter: start, in: text)), 0, rightward ? 1 : -1, &newIndex, &trailing)
        guard newIndex >= 0, newIndex < Int32.max else { return start }
        var character = Self.characterIndex(containingByte: Int(newIndex), in: text)
        if trailing > 0 { character += 1 }
        return min(max(0, character), count)
    }

    /// `pango_layout_line_get_x_ranges` of the line between the range's byte offsets: the
    /// visual pieces of a logical range, left to right, touching pieces joined.
    /// - Complexity: O(text length) for the offset conversions, plus the layout (cached).
    func selectionSpans(of range: Range<Int>, in text: String, key: TextLayoutKey) -> [ClosedRange<Double>] {
        let lower = min(max(0, range.lowerBound), text.count)
        let upper = min(max(lower, range.upperBound), text.count)
        guard lower < upper else { return [] }
        let laid = layout(for: key)
        guard let line = pango_layout_get_line_readonly(laid.layout, 0) else { return [] }
        var ranges: UnsafeMutablePointer<Int32>?
        var pairs: Int32 = 0
        pango_layout_line_get_x_ranges(
            line, Int32(clamping: Self.byteOffset(ofCharacter: lower, in: text)), Int32(clamping: Self.byteOffset(ofCharacter: upper, in: text)),
            &ranges, &pairs)
        guard let ranges else { return [] }
        defer { g_free(ranges) }
        var spans: [ClosedRange<Double>] = []
        for i in 0..<Int(pairs) {
            let a = Double(ranges[2 * i]) / Self.pangoScale
            let b = Double(ranges[2 * i + 1]) / Self.pangoScale
            spans.append(min(a, b)...max(a, b))
        }
        // Pango gives one range per run; pieces that touch are one piece on screen.
        var merged: [ClosedRange<Double>] = []
        for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, span.lowerBound <= last.upperBound + 0.01 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, span.upperBound)
            } else {
                merged.append(span)
            }
        }
        return merged
    }

    /// The UTF-8 offset of character `index` (clamped) of `text`.
    /// - Complexity: O(index).
    static func byteOffset(ofCharacter index: Int, in text: String) -> Int {
        let characterIndex = min(max(0, index), text.count)
        return text.utf8.distance(from: text.startIndex, to: text.index(text.startIndex, offsetBy: characterIndex))
    }

    /// The character whose UTF-8 bytes include `byte` (the count for a byte at or past the end).
    /// - Complexity: O(text length).
    static func characterIndex(containingByte byte: Int, in text: String) -> Int {
        var offset = 0
        var index = 0
        for character in text {
            let next = offset + character.utf8.count
            if byte < next { return index }
            offset = next
            index += 1
        }
        return index
    }
}
