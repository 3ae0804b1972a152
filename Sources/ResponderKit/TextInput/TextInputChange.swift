/// One atomic edit from a system input method (Wayland `zwp_text_input_v3`'s events up to `done`,
/// or any other input-method source), delivered as `InputEvent.Kind.textInput` to the key window's
/// first responder when it adopts `TextInput`.
///
/// It is applied in the order text-input-v3 prescribes (`TextInput.apply(_:)`): the current marked
/// (preedit) text is removed, `deleteBefore`/`deleteAfter` UTF-8 bytes around the selection are
/// deleted, `commit` is inserted with the caret after it, and `preedit` becomes the new marked text.
/// A change without `preedit` leaves no marked text behind.
public struct TextInputChange: Sendable, Hashable, CustomStringConvertible {
    /// Text the input method finished, inserted at the caret (replacing the selection).
    public var commit: String?
    /// Text being composed, shown underlined at the caret until the next change.
    public var preedit: MarkedText?
    /// UTF-8 bytes to delete before the selection and after it (the units input methods count
    /// in; `TextInput` rounds to whole characters).
    public var deleteBefore: Int
    /// UTF-8 bytes to delete after the selection.
    public var deleteAfter: Int

    /// A change committing `commit`, deleting `deleteBefore`/`deleteAfter` UTF-8 bytes around the
    /// selection (negative counts become 0) and leaving `preedit` as the marked text.
    public init(commit: String? = nil, preedit: MarkedText? = nil, deleteBefore: Int = 0, deleteAfter: Int = 0) {
        self.commit = commit
        self.preedit = preedit
        self.deleteBefore = max(0, deleteBefore)
        self.deleteAfter = max(0, deleteAfter)
    }

    public var description: String {
        var parts: [String] = []
        if deleteBefore > 0 || deleteAfter > 0 { parts.append("delete \(deleteBefore)/\(deleteAfter)") }
        if let commit { parts.append("commit \"\(commit)\"") }
        if let preedit { parts.append("preedit \"\(preedit.text)\" \(preedit.selectedRange)") }
        return parts.isEmpty ? "clear" : parts.joined(separator: " ")
    }
}

/// Marked (preedit) text and the selection inside it, in characters of `text` (UIKit's
/// `setMarkedText(_:selectedRange:)` arguments). An empty range is a caret.
public struct MarkedText: Sendable, Hashable {
    /// The marked text.
    public var text: String
    /// The selection inside `text`, in characters (a caret when empty).
    public var selectedRange: Range<Int>

    /// `selectedRange` is clamped to the text; nil puts the caret at its end.
    public init(_ text: String, selectedRange: Range<Int>? = nil) {
        self.text = text
        let count = text.count
        let range = selectedRange ?? count..<count
        let lower = min(max(0, range.lowerBound), count)
        self.selectedRange = lower..<min(max(lower, range.upperBound), count)
    }
}
