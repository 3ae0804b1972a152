/// What a system input method is told about the focused text input (text-input-v3's
/// `set_surrounding_text`, `set_content_type` and `set_cursor_rectangle`).
public struct TextInputState: Sendable, Hashable {
    /// The text around the caret, without the marked (preedit) text; empty for secure text.
    public var surroundingText: String
    /// The selection in characters of `surroundingText` (a caret when empty; where the marked
    /// text sits while there is some).
    public var selectedRange: Range<Int>
    /// The caret in the window's coordinates (points), for placing a candidate popup.
    public var caretRect: Rect
    /// The purpose and hints of the input (text-input-v3's `set_content_type`).
    public var contentType: TextInputContentType

    /// A state with the given surrounding text, selection, caret rectangle and content type.
    public init(surroundingText: String, selectedRange: Range<Int>, caretRect: Rect, contentType: TextInputContentType) {
        self.surroundingText = surroundingText
        self.selectedRange = selectedRange
        self.caretRect = caretRect
        self.contentType = contentType
    }
}
