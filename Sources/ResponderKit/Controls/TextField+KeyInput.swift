/// Text input from a keyboard that is not a hardware key stream (UIKit's `UIKeyInput`): the
/// on-screen keyboard inserts and deletes through it on the first responder.
@MainActor
public protocol KeyInput: AnyObject {
    /// Whether there is any text to delete.
    var hasText: Bool { get }
    /// Inserts `text` at the caret, replacing the selection.
    func insertText(_ text: String)
    /// Deletes the selection, or the character before the caret.
    func deleteBackward()
}

extension TextField: KeyInput {}
