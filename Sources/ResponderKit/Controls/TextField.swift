/// A single-line text input (UIKit's `UITextField`).
///
/// - Focus: a tap makes it first responder (if `delegate` agrees) and puts the caret at the tapped
///   character boundary, measured with `Drawing.textEngine`; a double tap selects a word, a triple
///   tap everything; a long press shows the edit menu (for the selection if there is one); a drag
///   from a selection's end (or after a double tap) moves that end; a pointer click-drag selects
///   (TextField+Touches.swift).
/// - Keys (while first responder; TextField+Editing.swift): characters insert (replacing the
///   selection), backspace and delete remove, arrows/Home/End move the caret and with shift extend
///   the selection, Return asks `textFieldShouldReturn` and sends `.editingDidEndOnExit`; key
///   repeat types again (`pressesChanged` with `isRepeat`).
/// - Edit actions cut, copy, paste, select, selectAll and delete go through `pasteboard`;
///   `canPerformAction` declines what makes no sense now (paste with an empty pasteboard, copy
///   without a selection, copy and cut of secure text) so the walk goes on up the chain, and the
///   edit menu offers exactly what is accepted.
/// - Control events in UIKit's order (see `TextFieldDelegate`): `.editingDidBegin` on becoming
///   first responder, `.editingChanged` per change, `.editingDidEnd` on resigning.
///
/// It draws itself (TextField+Drawing.swift): its border, the text (bullets when
/// `isSecureTextEntry`) or the placeholder, the selection, a caret and the clear button. The caret
/// is steady, not blinking: a blink needs a repeating timer while a field is focused, which would
/// wake an idle kiosk twice a second and keep `InputDriver.isClean` false in every test that ends
/// with a focused field; a steady caret is what UIKit shows while typing anyway.
@MainActor
open class TextField: Control {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { TextField.self }

    /// UIKit's `UITextField.BorderStyle` (without the bezel).
    public enum BorderStyle: Sendable, Hashable {
        /// No border, no background: the text alone.
        case none
        /// A thin dark rectangle.
        case line
        /// UIKit's rounded field: white fill, light grey 1 pt border with rounded corners.
        case roundedRect
    }

    /// When the clear button shows (UIKit's `UITextField.ViewMode`); never while the text is empty.
    public enum ViewMode: Sendable, Hashable {
        /// When an overlay (the clear button) shows: never, only while editing, only while not editing, or always.
        case never, whileEditing, unlessEditing, always
    }

    /// Setting the text puts the caret at its end (no delegate call, no `.editingChanged`, as UIKit).
    public var text: String {
        get { String(characters) }
        set {
            markedRange = nil
            attributedTextStorage = nil
            typingAttributesOverride = nil
            characters = Array(newValue)
            selection = characters.count..<characters.count
            selectionAnchor = nil
            editMenu?.dismissMenu()
            setNeedsDisplay()
        }
    }
    /// Grey text shown while the field is empty. Setting it drops `attributedPlaceholder`'s runs.
    public var placeholder: String? {
        didSet {
            attributedPlaceholderStorage = nil
            if oldValue != placeholder { setNeedsDisplay() }
        }
    }
    /// The runs set through `attributedText` or typed with `typingAttributes`, kept in step
    /// with `characters` by `replaceCharacters(_:with:)` (TextField+AttributedText.swift); nil
    /// for plain text.
    var attributedTextStorage: AttributedText? { didSet { if oldValue != attributedTextStorage { setNeedsDisplay() } } }
    /// What `typingAttributes` was set to, until the selection moves.
    var typingAttributesOverride: TextRunAttributes?
    /// The runs set through `attributedPlaceholder` (TextField+AttributedText.swift).
    var attributedPlaceholderStorage: AttributedText? { didSet { if oldValue != attributedPlaceholderStorage { setNeedsDisplay() } } }
    /// The colour of the text (UIKit's default, `Color.label`: black in light, white in dark
    /// appearance).
    public var textColor: Color = .label { didSet { if oldValue != textColor { setNeedsDisplay() } } }
    /// Where a line shorter than the field sits (`.natural`, `.justified` and `.left` start at the left).
    public var textAlignment: TextAlignment = .natural { didSet { if oldValue != textAlignment { setNeedsDisplay() } } }
    /// UIKit's default: the system font at 17 points.
    public var font: Font = .systemFont(ofSize: 17) { didSet { if oldValue != font { setNeedsDisplay() } } }
    /// The font size (an alias of `font.pointSize`; setting it keeps the family and weight).
    public var fontSize: Double {
        get { font.pointSize }
        set { font = font.withSize(newValue) }
    }
    /// `.none` by default, as UIKit's (a field made in code has no border).
    public var borderStyle: BorderStyle = .none { didSet { if oldValue != borderStyle { setNeedsDisplay() } } }
    /// The caret and the selection are drawn in the inherited `tintColor`: redraw when it changes.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsDisplay()
    }
    /// Draws the text as bullets (•) and refuses copy and cut, as UIKit's password fields.
    public var isSecureTextEntry = false { didSet { if oldValue != isSecureTextEntry { setNeedsDisplay() } } }
    /// When the clear button (a grey circle with a cross at the right end) shows.
    public var clearButtonMode: ViewMode = .never { didSet { if oldValue != clearButtonMode { setNeedsDisplay() } } }
    /// For the on-screen keyboard (UIKit's `UITextInputTraits`; the built-in `KeyboardView` reads
    /// them when it shows for this field); the field itself ignores them.
    public var keyboardType: KeyboardType = .default
    /// The label of the Return key on an on-screen keyboard.
    public var returnKeyType: ReturnKeyType = .default
    /// How an on-screen keyboard capitalizes automatically.
    public var autocapitalizationType: AutocapitalizationType = .sentences
    /// How far the text is scrolled left so the caret stays visible (points; 0 when not editing).
    public internal(set) var textScrollOffset: Double = 0 { didSet { if oldValue != textScrollOffset { textInputChanged() } } }
    /// Asked before editing begins and ends, before each change and on Return; nil allows everything.
    public weak var delegate: TextFieldDelegate?
    /// The pasteboard edit actions use.
    public var pasteboard: Pasteboard = .general
    /// Shown instead of the built-in keyboard while the field is focused (UIKit's settable
    /// `inputView`); nil: the built-in keyboard when `Application.onScreenKeyboard` is enabled.
    open override var inputView: View? {
        get { customInputView }
        set { customInputView = newValue; reloadInputViews() }
    }
    /// Shown above the keyboard (or alone at the bottom) while the field is focused.
    open override var inputAccessoryView: View? {
        get { customAccessoryView }
        set { customAccessoryView = newValue; reloadInputViews() }
    }
    private var customInputView: View?
    private var customAccessoryView: View?

    /// The selected characters as character offsets into `text` (see `TextFieldDelegate` for the
    /// unit); empty means a caret. Setting clamps to the text.
    public var selectedRange: Range<Int> {
        get { selection }
        set {
            let lower = min(max(0, newValue.lowerBound), characters.count)
            let upper = min(max(lower, newValue.upperBound), characters.count)
            selection = lower..<upper
            selectionAnchor = nil
            setNeedsDisplay()
        }
    }

    /// The selected text ("" when the selection is a caret).
    public var selectedText: String { String(characters[selection]) }
    /// Whether the field is first responder, taking keys.
    public var isEditing: Bool { isFirstResponder }

    /// A system input method hears of every change of these (TextField+TextInput.swift).
    var characters: [Character] = [] { didSet { textInputChanged() } }
    var selection: Range<Int> = 0..<0 {
        didSet {
            if oldValue != selection { typingAttributesOverride = nil }  // UIKit resets them when the selection moves
            textInputChanged()
        }
    }
    /// The marked (preedit) characters an input method is composing, drawn underlined.
    var markedRange: Range<Int>?
    /// The fixed end of a selection made by shift-arrows or a drag (nil: the lower bound).
    var selectionAnchor: Int?
    /// Key codes whose press this field handled, so their release is not forwarded either.
    var handledKeys: Set<Int> = []
    /// What the touch being tracked does (TextField+Touches.swift).
    var touchMode: TouchMode = .none
    /// Where a touch on a selection's end puts the caret if it lifts without moving.
    var pendingTapIndex: Int?
    /// The edit menu this field presents (made on first use).
    var editMenu: EditMenuInteraction?
    /// The long press that shows the edit menu.
    var menuPress: LongPressGestureRecognizer?

    /// Makes an empty text field.
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
        // Chosen from the edit menu, Select and Select All show the menu again for the new
        // selection, as UIKit's text fields do.
        implement(.select) { [unowned self] sender in
            setSelection(wordRange(around: max(0, min(selection.lowerBound, characters.count - 1))))
            if sender is EditMenuInteraction { showEditMenu() }
        }
        implement(.selectAll) { [unowned self] sender in
            setSelection(0..<characters.count)
            if sender is EditMenuInteraction { showEditMenu() }
        }
        implement(.delete) { [unowned self] _ in replaceSelection(with: "") }
        installMenuPress()
    }

    // MARK: First responder

    /// A text field takes keys while it is enabled.
    open override var canBecomeFirstResponder: Bool { isEnabled }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard firstResponderWindow != nil, canBecomeFirstResponder else { return false }
        if delegate?.textFieldShouldBeginEditing(self) == false { return false }
        guard super.becomeFirstResponder() else { return false }
        setNeedsDisplay()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        guard canResignFirstResponder else { return false }
        if delegate?.textFieldShouldEndEditing(self) == false { return false }
        guard super.resignFirstResponder() else { return false }
        markedRange = nil  // composed text stays, as UIKit's fields keep it
        handledKeys.removeAll()
        touchMode = .none
        selectionAnchor = nil
        editMenu?.dismissMenu()
        setNeedsDisplay()
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
        return true
    }

    open override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        switch action {
        case .paste: return isEnabled && pasteboard.hasStrings
        case .copy, .cut: return !selection.isEmpty && !isSecureTextEntry
        case .delete: return !selection.isEmpty
        case .select: return selection.isEmpty && !characters.isEmpty
        case .selectAll: return !characters.isEmpty && selection != 0..<characters.count
        default: return super.canPerformAction(action, withSender: sender)
        }
    }

    // MARK: Editing

    public var hasText: Bool { !characters.isEmpty }

    /// Replaces the selection with `string` and puts the caret after it (asks the delegate first).
    public func insertText(_ string: String) { replaceSelection(with: string) }

    /// Deletes the selection, or the character before the caret.
    public func deleteBackward() {
        if selection.isEmpty {
            guard selection.lowerBound > 0 else { return }
            replace((selection.lowerBound - 1)..<selection.lowerBound, with: "")
        } else {
            replaceSelection(with: "")
        }
    }

    /// Deletes the selection, or the character after the caret.
    public func deleteForward() {
        if selection.isEmpty {
            guard selection.upperBound < characters.count else { return }
            replace(selection.lowerBound..<(selection.upperBound + 1), with: "")
        } else {
            replaceSelection(with: "")
        }
    }

    func replaceSelection(with string: String) { replace(selection, with: string) }

    /// Replaces `range` with `string` if the delegate agrees, puts the caret after the insertion
    /// and sends `.editingChanged`; the edit menu hides.
    func replace(_ range: Range<Int>, with string: String) {
        editMenu?.dismissMenu()
        if delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: string) == false { return }
        markedRange = nil  // an edit accepts what was being composed
        let inserted = Array(string)
        replaceCharacters(range, with: inserted)
        let caret = range.lowerBound + inserted.count
        selection = caret..<caret
        selectionAnchor = nil
        setNeedsDisplay()
        sendActions(for: .editingChanged)
    }

    /// What the clear button does: asks `textFieldShouldClear`, then empties the text and sends
    /// `.editingChanged` (no `shouldChangeCharacters` call, as UIKit).
    public func clear() {
        if delegate?.textFieldShouldClear(self) == false { return }
        editMenu?.dismissMenu()
        guard !characters.isEmpty else { return }
        markedRange = nil
        replaceCharacters(0..<characters.count, with: [])
        selection = 0..<0
        selectionAnchor = nil
        setNeedsDisplay()
        sendActions(for: .editingChanged)
    }

    /// Sets the selection (clamped) and redraws; the edit menu hides.
    func setSelection(_ range: Range<Int>, anchor: Int? = nil) {
        editMenu?.dismissMenu()
        selectedRange = range
        selectionAnchor = anchor
    }

    // MARK: Overrides (their bodies live in the TextField+ extensions)

    open override func draw(_ rect: Rect) { drawField(rect) }
    open override func sizeThatFits(_ size: Size) -> Size { fittingSize() }
    open override var intrinsicContentSize: Size { fittingSize() }

    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool { trackingBegan(touch) }
    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool { trackingMoved(touch) }
    open override func endTracking(_ touch: Touch?, with event: Event?) {
        super.endTracking(touch, with: event)
        trackingEnded(touch)
    }
    open override func cancelTracking(with event: Event?) {
        super.cancelTracking(with: event)
        trackingCancelled()
    }

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
}
