/// A single-line text input (UIKit's `UITextField`). A tap makes it first responder; while it is,
/// keys typed on a hardware keyboard reach it through `pressesBegan` (characters insert, backspace
/// and delete remove, arrows/home/end move the caret, return ends editing), and key repeat types
/// again (`pressesChanged` with `isRepeat`). It implements the edit actions cut, copy, paste,
/// selectAll and delete through `Pasteboard.general`; `canPerformAction` declines paste while the
/// pasteboard is empty and copy/cut with nothing selected, so the walk goes on up the chain.
///
/// It draws itself (TextField+Drawing.swift): its border style, the text (or the placeholder in
/// grey while the text is empty) on one line, vertically centred and scrolled horizontally so the
/// caret stays visible, and while it is first responder the selection (the tint colour at 25 %)
/// and the caret (a 2 pt bar in the tint colour).
@MainActor
open class TextField: Control {
    /// UIKit's `UITextField.BorderStyle` (without the bezel).
    public enum BorderStyle: Sendable, Hashable {
        /// No border, no background: the text alone.
        case none
        /// A thin dark rectangle.
        case line
        /// UIKit's rounded field: white fill, light grey 1 pt border with rounded corners.
        case roundedRect
    }

    public var text: String {
        get { String(characters) }
        set { characters = Array(newValue); selection = characters.count..<characters.count; setNeedsDisplay() }
    }
    public var placeholder: String? { didSet { if oldValue != placeholder { setNeedsDisplay() } } }
    public var textColor: Color = .black { didSet { if oldValue != textColor { setNeedsDisplay() } } }
    /// UIKit's default: the system font at 17 points.
    public var font: Font = .systemFont(ofSize: 17) { didSet { if oldValue != font { setNeedsDisplay() } } }
    /// The font size (an alias of `font.pointSize`; setting it keeps the family and weight).
    public var fontSize: Double {
        get { font.pointSize }
        set { font = font.withSize(newValue) }
    }
    /// `.none` by default, as UIKit's (a field made in code has no border).
    public var borderStyle: BorderStyle = .none { didSet { if oldValue != borderStyle { setNeedsDisplay() } } }
    /// The caret's and the selection's colour.
    public var tintColor: Color = .systemBlue { didSet { if oldValue != tintColor { setNeedsDisplay() } } }
    /// How far the text is scrolled left so the caret stays visible (points; 0 when not editing).
    public internal(set) var textScrollOffset: Double = 0
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
        setNeedsDisplay()
        sendActions(for: .editingDidBegin)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        guard super.resignFirstResponder() else { return false }
        handledKeys.removeAll()
        setNeedsDisplay()
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

    // MARK: Drawing (the geometry helpers are in the extension below)

    /// Draws the border style, the selection, the text or placeholder and the caret.
    open override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        switch borderStyle {
        case .none: break
        case .line:
            context.setStrokeColor(.black)
            context.setLineWidth(1)
            context.stroke(bounds.insetBy(dx: 0.5, dy: 0.5))
        case .roundedRect:
            context.setFillColor(.white)
            context.fill(BezierPath(roundedRect: bounds, cornerRadius: TextField.roundedCornerRadius))
            context.setStrokeColor(TextField.roundedBorderColor)
            context.setLineWidth(1)
            context.stroke(BezierPath(roundedRect: bounds.insetBy(dx: 0.5, dy: 0.5), cornerRadius: TextField.roundedCornerRadius - 0.5))
        }

        scrollCaretToVisible()
        let area = textRect(forBounds: bounds)
        guard area.width > 0, area.height > 0 else { return }
        let engine = Drawing.textEngine
        let lineHeight = engine.lineHeight(of: font)
        let top = area.minY + ((area.height - lineHeight) / 2).rounded()
        let current = text
        let editing = isFirstResponder
        context.saveGState()
        context.clip(to: area)
        if current.isEmpty {
            if let placeholder, !placeholder.isEmpty {
                var attributes = textAttributes
                attributes.color = TextField.placeholderColor
                context.draw(placeholder, at: Point(x: area.minX, y: top), attributes: attributes)
            }
        } else {
            let range = selectedRange
            if editing, !range.isEmpty {
                let start = engine.caretOffset(at: range.lowerBound, in: current, font: font)
                let end = engine.caretOffset(at: range.upperBound, in: current, font: font)
                context.setFillColor(tintColor.withAlphaComponent(tintColor.alpha * 0.25))
                context.fill(Rect(x: area.minX + start - textScrollOffset, y: top, width: end - start, height: lineHeight))
            }
            context.draw(current, at: Point(x: area.minX - textScrollOffset, y: top), attributes: textAttributes)
        }
        if editing, selectedRange.isEmpty {
            context.setFillColor(tintColor)
            context.fill(caretRect(at: selectedRange.lowerBound))
        }
        context.restoreGState()
    }

    /// The text (or, when empty, the placeholder) on one line plus `textInsets` and the caret,
    /// rounded up to whole points.
    /// - Complexity: O(1) for text measured before, else O(text length).
    open override func sizeThatFits(_ size: Size) -> Size {
        let engine = Drawing.textEngine
        let shown = text.isEmpty ? (placeholder ?? "") : text
        let width = shown.isEmpty ? 0 : engine.size(of: shown, attributes: textAttributes, width: nil).width
        let insets = textInsets
        return Size(width: (width + TextField.caretWidth + insets.left + insets.right).rounded(.up),
                    height: (engine.lineHeight(of: font) + insets.top + insets.bottom).rounded(.up))
    }

    open override var intrinsicContentSize: Size { sizeThatFits(Size(width: Double.infinity, height: .infinity)) }

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

// MARK: - Drawing and measuring

/// How a text field lays out its text (through `Drawing.textEngine`, so the caret sits exactly
/// between the glyphs Pango draws).
extension TextField {
    /// The caret's width in points (UIKit's).
    public static let caretWidth = 2.0
    /// The placeholder's colour (UIKit's placeholder grey).
    public static let placeholderColor = Color(white: 0.7)
    /// The rounded style's border colour.
    public static let roundedBorderColor = Color(white: 0.8)
    /// The rounded style's corner radius.
    public static let roundedCornerRadius = 5.0

    /// The space between the bounds and the text for the border style (the rounded style's
    /// gives a 17 pt field UIKit's 34 pt height).
    public var textInsets: EdgeInsets {
        switch borderStyle {
        case .none: return .zero
        case .line: return EdgeInsets(top: 4, left: 4, bottom: 4, right: 4)
        case .roundedRect: return EdgeInsets(top: 7, left: 7, bottom: 7, right: 7)
        }
    }

    /// Where the text goes (UIKit's `textRect(forBounds:)`): the bounds inside `textInsets`.
    public func textRect(forBounds bounds: Rect) -> Rect {
        let r = bounds.inset(by: textInsets)
        return Rect(x: r.minX, y: r.minY, width: max(0, r.width), height: max(0, r.height))
    }

    var textAttributes: TextAttributes {
        TextAttributes(font: font, color: textColor, alignment: .left, lineBreakMode: .byClipping, numberOfLines: 1)
    }

    /// The caret before character `index` (clamped to the text), in the field's bounds
    /// coordinates: `caretWidth` wide, one line high, with the current scrolling applied.
    /// - Complexity: O(index) plus the text's layout (cached by the engine).
    public func caretRect(at index: Int) -> Rect {
        let area = textRect(forBounds: bounds)
        let engine = Drawing.textEngine
        let lineHeight = engine.lineHeight(of: font)
        let x = area.minX + engine.caretOffset(at: index, in: text, font: font) - textScrollOffset
        return Rect(x: x, y: area.minY + ((area.height - lineHeight) / 2).rounded(), width: TextField.caretWidth, height: lineHeight)
    }

    /// The character index whose caret position is nearest to `point` (bounds coordinates;
    /// UIKit's `closestPosition(to:)`).
    /// - Complexity: O(text length) plus the text's layout (cached by the engine).
    public func characterIndex(closestTo point: Point) -> Int {
        let area = textRect(forBounds: bounds)
        return Drawing.textEngine.characterIndex(nearestTo: point.x - area.minX + textScrollOffset, in: text, font: font)
    }

    /// Scrolls the text so the caret (the moving end of the selection) is inside the text area,
    /// moving it as little as possible, never past the end of the text; none when not editing.
    /// - Complexity: O(text length) plus the text's layout (cached by the engine).
    func scrollCaretToVisible() {
        let available = textRect(forBounds: bounds).width - TextField.caretWidth
        let current = text
        guard isFirstResponder, !current.isEmpty, available > 0 else { textScrollOffset = 0; return }
        let engine = Drawing.textEngine
        let fullWidth = engine.caretOffset(at: current.count, in: current, font: font)
        guard fullWidth > available else { textScrollOffset = 0; return }
        let range = selectedRange
        let caret = engine.caretOffset(at: range.isEmpty ? range.lowerBound : range.upperBound, in: current, font: font)
        var offset = textScrollOffset.isFinite ? textScrollOffset : 0
        if caret - offset > available { offset = caret - available }
        if caret - offset < 0 { offset = caret }
        textScrollOffset = min(max(0, offset), fullWidth - available)
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
