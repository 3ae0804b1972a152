/// When the on-screen keyboard turns shift on by itself: UIKit's automatic capitalization, from
/// the focused field's `autocapitalizationType` and the text before its caret.
///
/// - `.none`: never.
/// - `.allCharacters`: always.
/// - `.words`: at the start of the text and after whitespace.
/// - `.sentences` (a text field's default): at the start of the text (or after nothing but
///   spaces), after a line break, and after a sentence's end (`.`, `!`, `?`, `…`, possibly
///   followed by closing quotes or brackets) once a space follows it.
///
/// Secure fields never shift by themselves: their text is hidden, so nothing can tell where a
/// sentence starts (UIKit's password fields type lowercase too).
public enum AutomaticShift {
    /// Whether the next letter should be a capital, for `type` with `before` the text before the
    /// caret (or before the selection).
    /// - Complexity: O(trailing spaces and closing marks), not O(text).
    public static func wantsCapital<Text: BidirectionalCollection>(
        after before: Text, type: AutocapitalizationType
    ) -> Bool where Text.Element == Character {
        switch type {
        case .none: return false
        case .allCharacters: return true
        case .words:
            guard let last = before.last else { return true }
            return last.isWhitespace
        case .sentences:
            var end = before.endIndex
            var spaces = 0
            while end > before.startIndex {
                let previous = before.index(before: end)
                let c = before[previous]
                if c.isNewline { return true }
                guard c.isWhitespace else { break }
                spaces += 1
                end = previous
            }
            if end == before.startIndex { return true }  // nothing but spaces so far
            guard spaces > 0 else { return false }  // still in a word, or right after its mark
            while end > before.startIndex {
                let previous = before.index(before: end)
                guard closingMarks.contains(before[previous]) else { break }
                end = previous
            }
            guard end > before.startIndex else { return false }
            return sentenceEnds.contains(before[before.index(before: end)])
        }
    }

    /// What ends a sentence.
    static let sentenceEnds: Set<Character> = [".", "!", "?", "…", "‼", "⁇", "。", "！", "？"]
    /// What may stand between a sentence's end and the space after it.
    static let closingMarks: Set<Character> = ["\"", "'", "”", "’", "»", "›", ")", "]", "}"]
}
