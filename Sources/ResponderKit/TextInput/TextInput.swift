/// A responder that a system input method edits (UIKit's `UITextInput`, the part input methods
/// use): marked text while composing, committed text, deletion around the caret. `TextField`
/// adopts it. `Application` routes `InputEvent.Kind.textInput` to the key window's first
/// responder when it adopts this protocol, and asks it for `textInputState` to tell the input
/// method where the caret is. Adopters call `Application.textInputDidChange(in:)` after every
/// change of text, selection or geometry so the input method hears of it.
@MainActor
public protocol TextInput: KeyInput {
    /// The marked (preedit) text's characters in the text, nil when nothing is marked.
    var markedTextRange: Range<Int>? { get }
    /// Replaces the marked text (or the selection when nothing is marked) with `text`, marked,
    /// and selects `selectedRange` inside it; nil or empty text removes the marked text.
    func setMarkedText(_ text: String?, selectedRange: Range<Int>)
    /// Keeps the marked text as ordinary text (the composition is accepted).
    func unmarkText()
    /// Deletes up to `before` UTF-8 bytes before the selection and `after` bytes after it,
    /// rounded out to whole characters.
    func deleteSurroundingText(beforeUTF8Length before: Int, afterUTF8Length after: Int)
    /// What the input method is told: surrounding text, selection, caret, traits.
    var textInputState: TextInputState { get }
}

extension TextInput {
    /// Applies an input method's change in text-input-v3's order: the old marked text goes, the
    /// surrounding deletion, the commit, then the new marked text.
    /// - Complexity: O(text length).
    public func apply(_ change: TextInputChange) {
        if markedTextRange != nil { setMarkedText(nil, selectedRange: 0..<0) }
        if change.deleteBefore > 0 || change.deleteAfter > 0 {
            deleteSurroundingText(beforeUTF8Length: change.deleteBefore, afterUTF8Length: change.deleteAfter)
        }
        if let commit = change.commit, !commit.isEmpty { insertText(commit) }
        if let preedit = change.preedit, !preedit.text.isEmpty {
            setMarkedText(preedit.text, selectedRange: preedit.selectedRange)
        }
    }
}
