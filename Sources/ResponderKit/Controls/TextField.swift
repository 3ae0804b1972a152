/// A single-line text input (UIKit's `UITextField`). A tap makes it first responder; while it is,
/// keys typed on a hardware keyboard reach it through `pressesBegan` (characters insert, backspace
/// and delete remove, arrows/home/end move the caret, return ends editing), and key repeat types
/// again (`pressesChanged` with `isRepeat`). It implements the edit actions cut, copy, paste,
/// selectAll and delete through `Pasteboard.general`; `canPerformAction` declines paste while the
/// pasteboard is empty and copy/cut with nothing selected, so the walk goes on up the chain.
@MainActor
open class TextField: Control {
    public var text: String {
        get { String(characters) }
        set { characters = Array(newValue); selection = characters.count..<characters.count; setNeedsDisplay() }
    }
    public var placeholder: String? { didSet { setNeedsDisplay() } }
    public var textColor: Color = .black { didSet { setNeedsDisplay() } }
    public var fontSize: Double = 17 { didSet { setNeedsDisplay() } }
    public weak var delegate: TextFieldDelegate?
    /// The pasteboard edit actions use.
    public var pasteboard: Pasteboard = .general

    /// The selected characters as offsets into `text`; empty means a caret.
    public var selectedRange: Range<Int> {
        get { selection }
        set {
            let lower = min(max(0, newValue.lowerBound), characters.count)
            let upper = min(max(lower, newValue.upperBound), characters.count)
            selection = lower..<upper
            setNeedsDisplay()
        }
    }

    public var selectedText: String { String(characters[selection]) }
    public var isEditing: Bool { isFirstResponder }

    private var characters: [Character] = []
    private var selection: Range<Int> = 0..<0
    /// Key codes whose press this field handled, so their release is not forwarded either.
    private var handledKeys: Set<Int> = []

    public override init(frame: Rect) {
        super.init(frame: frame)
        implement(.copy) { [unowned self] _ in pasteboard.string = selectedText }
        implement(.cut) { [unowned self] _ in
            pasteboard.string = selectedText
            replaceSelection(with: "")
        }
        implement(.paste) { [unowned self] _ in
            if let string = pasteboard.string { replaceSelection(with: string) }
        }
        implement(.selectAll) { [unowned self] _ in selectedRange = 0..<characters.count }
        implement(.delete) { [unowned self] _ in replaceSelection(with: "") }
    }

    // MARK: First responder

    open override var canBecomeFirstResponder: Bool { isEnabled }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        if delegate?.textFieldShouldBeginEditing(self) == false { return false }
        guard super.becomeFirstResponder() else { return false }
        sendActions(for: .editingDidBegin)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        guard super.resignFirstResponder() else { return false }
        handledKeys.removeAll()
        sendActions(for: .editingDidEnd)
        return true
    }

    open override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        switch action {
        case .paste: return isEnabled && pasteboard.hasStrings
        case .copy, .cut, .delete: return !selection.isEmpty
        case .selectAll: return !characters.isEmpty && selection != 0..<characters.count
        default: return super.canPerformAction(action, withSender: sender)
        }
    }

    /// A tap that lifts inside the field focuses it.
    open override func endTracking(_ touch: Touch?, with event: Event?) {
        super.endTracking(touch, with: event)
        if isTouchInside { becomeFirstResponder() }
    }

    // MARK: Editing

    /// Replaces the selection with `string` and puts the caret after it.
    public func insertText(_ string: String) { replaceSelection(with: string) }

    /// Deletes the selection, or the character before the caret.
    public func deleteBackward() {
        if selection.isEmpty {
            guard selection.lowerBound > 0 else { return }
            selection = (selection.lowerBound - 1)..<selection.lowerBound
        }
        replaceSelection(with: "")
    }

    /// Deletes the selection, or the character after the caret.
    public func deleteForward() {
        if selection.isEmpty {
            guard selection.upperBound < characters.count else { return }
            selection = selection.lowerBound..<(selection.upperBound + 1)
        }
        replaceSelection(with: "")
    }

    private func replaceSelection(with string: String) {
        if delegate?.textField(self, shouldChangeCharactersIn: selection, replacementString: string) == false { return }
        let inserted = Array(string)
        characters.replaceSubrange(selection, with: inserted)
        let caret = selection.lowerBound + inserted.count
        selection = caret..<caret
        setNeedsDisplay()
        sendActions(for: .editingChanged)
    }

    // MARK: Keys

    open override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        var unhandled: Set<Press> = []
        for press in presses {
            if let key = press.key, isFirstResponder, handle(key) { handledKeys.insert(key.keyCode) } else { unhandled.insert(press) }
        }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    open override func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
        var unhandled: Set<Press> = []
        for press in presses {
            if press.isRepeat, let key = press.key, isFirstResponder, handledKeys.contains(key.keyCode), handle(key) { continue }
            unhandled.insert(press)
        }
        if !unhandled.isEmpty { super.pressesChanged(unhandled, with: event) }
    }

    open override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        let unhandled = presses.filter { press in !(press.key.map { handledKeys.remove($0.keyCode) != nil } ?? false) }
        if !unhandled.isEmpty { super.pressesEnded(unhandled, with: event) }
    }

    open override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        let unhandled = presses.filter { press in !(press.key.map { handledKeys.remove($0.keyCode) != nil } ?? false) }
        if !unhandled.isEmpty { super.pressesCancelled(unhandled, with: event) }
    }

    /// Applies one key; false when the field does not use it (it then walks on up the chain).
    private func handle(_ key: Key) -> Bool {
        let shortcutModifiers = key.modifierFlags.intersection([.control, .command, .alternate])
        switch key.keyCode {
        case KeyCode.backspace: deleteBackward(); return true
        case KeyCode.delete: deleteForward(); return true
        case KeyCode.left:
            let caret = selection.isEmpty ? max(0, selection.lowerBound - 1) : selection.lowerBound
            selectedRange = caret..<caret
            return true
        case KeyCode.right:
            let caret = selection.isEmpty ? min(characters.count, selection.upperBound + 1) : selection.upperBound
            selectedRange = caret..<caret
            return true
        case KeyCode.home: selectedRange = 0..<0; return true
        case KeyCode.end: selectedRange = characters.count..<characters.count; return true
        case KeyCode.enter, KeyCode.keypadEnter:
            if delegate?.textFieldShouldReturn(self) == false { return true }
            sendActions(for: .editingDidEndOnExit)
            resignFirstResponder()
            return true
        default:
            guard shortcutModifiers.isEmpty, !key.characters.isEmpty,
                  key.characters.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else { return false }
            insertText(key.characters)
            return true
        }
    }
}

/// What a text field asks its delegate (UIKit's `UITextFieldDelegate`, the parts used here).
@MainActor
public protocol TextFieldDelegate: AnyObject {
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    func textFieldShouldReturn(_ textField: TextField) -> Bool
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool
}

extension TextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool { true }
}
