/// Hardware keys while the field is first responder, and the caret and selection moves they make.
extension TextField {
    /// Applies one key; false when the field does not use it (it then walks on up the chain).
    func handle(_ key: Key) -> Bool {
        let shortcutModifiers = key.modifierFlags.intersection([.control, .command, .alternate])
        let extending = key.modifierFlags.contains(.shift)
        switch key.keyCode {
        case KeyCode.backspace: deleteBackward(); return true
        case KeyCode.delete: deleteForward(); return true
        case KeyCode.left: moveVisually(rightward: false, extending: extending); return true
        case KeyCode.right: moveVisually(rightward: true, extending: extending); return true
        case KeyCode.home, KeyCode.up:
            if extending { extendSelection(to: 0) } else { setSelection(0..<0) }
            return true
        case KeyCode.end, KeyCode.down:
            if extending { extendSelection(to: characters.count) } else { setSelection(characters.count..<characters.count) }
            return true
        case KeyCode.enter, KeyCode.keypadEnter:
            performReturn()
            return true
        default:
            guard shortcutModifiers.isEmpty, !key.characters.isEmpty,
                key.characters.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
            else { return false }
            insertText(key.characters)
            return true
        }
    }

    /// An arrow key: the caret (or with shift the selection's moving end) goes one character
    /// visually left or right, as on every platform: in right-to-left text ← moves on to the
    /// next character, and across a run of the other direction it follows the glyphs
    /// (`TextEngine.visualCaretIndex`, Pango's bidi, on the attributed layout when there are runs). Without shift a selection collapses to its
    /// visually left or right end.
    func moveVisually(rightward: Bool, extending: Bool) {
        let line = textLine
        if extending {
            extendSelection(to: line.visualIndex(from: selectionFocus, rightward: rightward))
        } else if selection.isEmpty {
            let caret = line.visualIndex(from: selection.lowerBound, rightward: rightward)
            setSelection(caret..<caret)
        } else {
            let lower = line.caretOffset(at: selection.lowerBound)
            let upper = line.caretOffset(at: selection.upperBound)
            let caret = (upper > lower) == rightward ? selection.upperBound : selection.lowerBound
            setSelection(caret..<caret)
        }
    }

    /// Return: `textFieldShouldReturn`, then `.editingDidEndOnExit`; the field resigns when an
    /// action is registered for that event (UIKit: a field whose exit event nobody handles keeps
    /// editing).
    func performReturn() {
        if delegate?.textFieldShouldReturn(self) == false { return }
        let resigns = allControlEvents.contains(.editingDidEndOnExit)
        sendActions(for: .editingDidEndOnExit)
        if resigns { resignFirstResponder() }
    }

    /// The fixed end of the selection (the caret when nothing is selected).
    var selectionAnchorIndex: Int {
        if let anchor = selectionAnchor, anchor == selection.lowerBound || anchor == selection.upperBound { return anchor }
        return selection.lowerBound
    }

    /// The moving end of the selection: the end that is not the anchor.
    var selectionFocus: Int {
        selectionAnchorIndex == selection.lowerBound ? selection.upperBound : selection.lowerBound
    }

    /// Moves the selection's moving end to `focus` (clamped), keeping its anchor.
    func extendSelection(to focus: Int) {
        let anchor = selectionAnchorIndex
        let focus = min(max(0, focus), characters.count)
        setSelection(min(anchor, focus)..<max(anchor, focus), anchor: anchor)
    }

    /// The run of characters of the same kind (word characters, white space, or other
    /// punctuation) around character `index`; all of it for secure text (UIKit selects no word in
    /// a password). Empty for an empty text.
    /// - Complexity: O(word length).
    public func wordRange(around index: Int) -> Range<Int> {
        guard !characters.isEmpty else { return 0..<0 }
        if isSecureTextEntry { return 0..<characters.count }
        let i = min(max(0, index), characters.count - 1)
        let kind = Self.kind(of: characters[i])
        var lower = i, upper = i + 1
        while lower > 0, Self.kind(of: characters[lower - 1]) == kind { lower -= 1 }
        while upper < characters.count, Self.kind(of: characters[upper]) == kind { upper += 1 }
        return lower..<upper
    }

    /// 0 word character (letters, digits, underscore), 1 white space, 2 other.
    private static func kind(of character: Character) -> Int {
        if character.isLetter || character.isNumber || character == "_" { return 0 }
        if character.isWhitespace { return 1 }
        return 2
    }
}
