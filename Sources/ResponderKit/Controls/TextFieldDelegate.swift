/// What a text field asks and tells its delegate (UIKit's `UITextFieldDelegate`). Every method
/// has a default in the extension below, so a delegate implements only what it needs.
///
/// The order of the calls and control events is UIKit's:
/// - beginning: `textFieldShouldBeginEditing` → (first responder) → `textFieldDidBeginEditing` →
///   `.editingDidBegin`;
/// - a change: `textField(_:shouldChangeCharactersIn:replacementString:)` → (text changed) →
///   `.editingChanged`;
/// - return: `textFieldShouldReturn` → `.editingDidEndOnExit` → (resigns when an action is
///   registered for `.editingDidEndOnExit`) `textFieldShouldEndEditing` → `textFieldDidEndEditing`
///   → `.editingDidEnd`;
/// - the clear button: `textFieldShouldClear` → (text emptied) → `.editingChanged`.
///
/// Ranges are `Range<Int>` of *character* offsets (Swift `Character`s, i.e. grapheme clusters, the
/// units `text.count` counts), not UTF-16 offsets as in `NSRange`: the field stores its text as
/// characters, so a caret can never fall inside a cluster.
@MainActor
public protocol TextFieldDelegate: AnyObject {
    /// Asked before the field becomes first responder; false keeps it from editing.
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    /// The field became first responder (before `.editingDidBegin` is sent).
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Asked before the field resigns first responder; false keeps it editing.
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    /// The field resigned first responder (before `.editingDidEnd` is sent).
    func textFieldDidEndEditing(_ textField: TextField)
    /// Asked before the characters in `range` (character offsets) are replaced by `string`;
    /// false leaves the text unchanged.
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool
    /// Return was pressed; false ignores it (no `.editingDidEndOnExit`, the field keeps editing).
    func textFieldShouldReturn(_ textField: TextField) -> Bool
    /// The clear button was tapped; false keeps the text.
    func textFieldShouldClear(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: TextField) {}
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool { true }
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
    public func textFieldShouldClear(_ textField: TextField) -> Bool { true }
}
