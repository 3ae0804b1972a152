/// A system input method's edits (`TextInput`: marked text while composing, deletion around the
/// caret) and what the field tells it (`textInputState`). The field reports every change of its
/// characters, selection and scrolling to `Application.textInputDidChange(in:)` while it is first
/// responder, so a backend (Wayland `zwp_text_input_v3`) keeps the input method up to date.
extension TextField: TextInput {
    public var markedTextRange: Range<Int>? { markedRange }

    /// Marked text replaces the marked text (or the selection) without asking the delegate (UIKit
    /// does not either: composing is not a change the user made yet); `.editingChanged` is sent.
    public func setMarkedText(_ text: String?, selectedRange: Range<Int>) {
        let inserted = Array(text ?? "")
        guard markedRange != nil || !inserted.isEmpty else { return }
        editMenu?.dismissMenu()
        let target = markedRange ?? selection
        markedRange = nil
        replaceCharacters(target, with: inserted)
        if inserted.isEmpty {
            selection = target.lowerBound..<target.lowerBound
        } else {
            markedRange = target.lowerBound..<(target.lowerBound + inserted.count)
            let lower = min(max(0, selectedRange.lowerBound), inserted.count)
            let upper = min(max(lower, selectedRange.upperBound), inserted.count)
            selection = (target.lowerBound + lower)..<(target.lowerBound + upper)
        }
        selectionAnchor = nil
        setNeedsDisplay()
        sendActions(for: .editingChanged)
    }

    public func unmarkText() {
        guard markedRange != nil else { return }
        markedRange = nil
        setNeedsDisplay()
    }

    /// Deletes whole characters covering `before` UTF-8 bytes before the selection and `after`
    /// bytes after it (the delegate is asked for each side); the selection stays.
    /// - Complexity: O(characters deleted + text length).
    public func deleteSurroundingText(beforeUTF8Length before: Int, afterUTF8Length after: Int) {
        editMenu?.dismissMenu()
        var upper = selection.upperBound, bytes = 0
        while upper < characters.count, bytes < after { bytes += characters[upper].utf8.count; upper += 1 }
        var lower = selection.lowerBound
        bytes = 0
        while lower > 0, bytes < before { bytes += characters[lower - 1].utf8.count; lower -= 1 }
        var kept = selection
        var changed = false
        let afterRange = selection.upperBound..<upper
        if !afterRange.isEmpty, delegate?.textField(self, shouldChangeCharactersIn: afterRange, replacementString: "") != false {
            replaceCharacters(afterRange, with: [])
            changed = true
        }
        let beforeRange = lower..<selection.lowerBound
        if !beforeRange.isEmpty, delegate?.textField(self, shouldChangeCharactersIn: beforeRange, replacementString: "") != false {
            replaceCharacters(beforeRange, with: [])
            kept = (kept.lowerBound - beforeRange.count)..<(kept.upperBound - beforeRange.count)
            changed = true
        }
        guard changed else { return }
        markedRange = nil
        selection = kept
        selectionAnchor = nil
        setNeedsDisplay()
        sendActions(for: .editingChanged)
    }

    /// The text without the marked text (empty for secure text), the selection in it (where the
    /// marked text sits while composing), the caret in window coordinates and the field's traits.
    /// - Complexity: O(text length) plus the caret's layout (cached by the engine).
    public var textInputState: TextInputState {
        var surrounding = characters
        var range = selection
        if let marked = markedRange {
            surrounding.removeSubrange(marked)
            range = marked.lowerBound..<marked.lowerBound
        }
        if isSecureTextEntry {
            surrounding = []
            range = 0..<0
        }
        let contentType = TextInputContentType(keyboardType: keyboardType, autocapitalization: autocapitalizationType, isSecure: isSecureTextEntry)
        return TextInputState(
            surroundingText: String(surrounding), selectedRange: range,
            caretRect: convert(caretRect(at: selection.lowerBound), to: nil), contentType: contentType)
    }

    /// Tells the application that what an input method sees may have changed (only while this
    /// field is its window's first responder).
    func textInputChanged() {
        guard let window, window.firstResponder === self, let application = window.windowScene?.application else { return }
        application.textInputDidChange(in: window)
    }
}
