/// The built-in on-screen keyboard: the default input view of text fields (see
/// `OnScreenKeyboard`). Its letter page shows the letters of the active keymap's layout
/// (`KeyboardLayout`: QWERTY for us, QWERTZ with ü ö ä for de, AZERTY for fr), with shift (one
/// tap: the next letter; two taps within `shiftLockInterval`: caps lock; one more: off), a symbols
/// page and a second one, backspace with auto-repeat, space and a Return key titled by the
/// field's `returnKeyType`; `keyboardType` picks the page and the extra keys (number, decimal
/// and phone pads; `@` for email, `/` for URLs). A touch on a key shows a preview of it above
/// the finger; holding a letter for `longPressDuration` opens a popup of its accented variants,
/// chosen by sliding and lifting.
///
/// Every key reaches the text field the way a hardware key does: as `.key` `InputEvent`s of the
/// synthetic device `InputDeviceID.onScreenKeyboard` through `Application.handle` (press, then
/// release), so key commands, typing, repeat and edit actions behave identically. A key's `Key`
/// value is what the keymap produces for its key code at its level (`KeyboardLayout.key`);
/// backspace repeats as a held hardware key does (`.key(…, isRepeat: true)` every `1/repeatRate`
/// seconds after `repeatDelay`, KeyRepeater's defaults, on the application's timers). A variant
/// that no key of the layout types (é on a US layout) is sent as a key with code 0
/// (`KEY_RESERVED`) carrying the variant as its characters.
///
/// Keys are at least 44 points tall (`keyHeight` 48), and at least 44 points wide in windows at
/// least 600 points wide.
@MainActor
open class KeyboardView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { KeyboardView.self }

    /// The layout the keys come from.
    public var layout: KeyboardLayout { didSet { if oldValue != layout { rebuildKeys() } } }
    /// The page shown.
    public private(set) var page: KeyboardPage = .letters
    /// Shift: off, for the next letter, or locked (caps lock).
    public enum ShiftState: Sendable, Hashable {
        /// Letters are lowercase.
        case off
        /// The next letter is uppercase, then shift turns off (one tap).
        case once
        /// Letters stay uppercase until shift is tapped again (caps lock: a double tap).
        case locked
    }
    /// The shift key's state: `.off` when the keyboard is shown for a responder, unless the
    /// responder's `autocapitalizationType` turns it on (`AutomaticShift`).
    public private(set) var shiftState: ShiftState = .off
    /// Whether the current one-letter shift was turned on by automatic capitalization (not by
    /// the shift key): the keyboard turns it off again when the text no longer asks for it.
    public private(set) var shiftIsAutomatic = false
    /// When the keyboard capitalizes by itself (the focused field's `autocapitalizationType`;
    /// `.none` for a responder without text input traits).
    public private(set) var autocapitalizationType: AutocapitalizationType = .none
    /// The responder the keyboard was configured for, whose text decides automatic shift.
    private weak var focusedTraits: (any TextInputTraits)?
    /// The text and selection automatic shift last looked at: a change that leaves them as they
    /// were (a caret geometry update) does not undo the user's own shift tap.
    private var automaticShiftContext: (text: String, selection: Range<Int>)?
    /// Whether the symbol pages were reached from the letters with a page key and something was
    /// typed there since: space then returns to the letters, as the iPhone keyboard does (a user
    /// who switched for "42" or "&" goes on with words). A keyboard type that starts on the symbols
    /// (`.numbersAndPunctuation`) stays there.
    private var symbolsFromLetters = false
    private var typedOnSymbols = false
    /// What the focused field asked for (UIKit's text input traits).
    public private(set) var keyboardType: KeyboardType = .default
    /// The focused field's Return key type, which titles the Return key.
    public private(set) var returnKeyType: ReturnKeyType = .default
    /// The keys of the current page, with frames in this view's coordinates.
    public private(set) var keys: [KeyboardKey] = []

    /// Seconds a letter is held before its variants pop up (UIKit: about half a second).
    public var longPressDuration = 0.5
    /// Two shift taps within this many seconds lock it.
    public var shiftLockInterval = 0.35
    /// Backspace's repeat: first repeat after `repeatDelay` seconds, then `repeatRate` per second
    /// (KeyRepeater's defaults).
    public var repeatDelay = 0.6
    /// Backspace repeats per second once repeating (25, KeyRepeater's default).
    public var repeatRate = 25.0

    /// Key size and spacing (points).
    public static let keyHeight = 48.0
    /// The vertical space between rows of keys.
    public static let rowGap = 10.0
    /// The horizontal space between keys in a row.
    public static let keyGap = 6.0
    /// The margin between the keys and the view's edges.
    public static let padding = 8.0

    /// The touches on keys: which key each is on, its popup, and backspace's repeat.
    var activeTouches: [ActiveKeyTouch] = []
    /// When shift was last tapped (for the double tap that locks it).
    var lastShiftTap: Double = -.infinity
    /// The preview shown above the touched key.
    let preview = KeyPreviewView()
    /// The popup of accented variants.
    let variantsPopup = KeyVariantsView()

    /// A keyboard showing the letter page of `layout` (US by default), with shift off.
    public init(layout: KeyboardLayout = .us) {
        self.layout = layout
        super.init(frame: .zero)
        isMultipleTouchEnabled = true
        backgroundColor = KeyboardView.backgroundGray
        preview.isHidden = true
        variantsPopup.isHidden = true
        addSubview(preview)
        addSubview(variantsPopup)
    }

    // MARK: Configuration

    /// Takes the focused responder's traits: the page and extra keys of its `keyboardType`, the
    /// title of its `returnKeyType`, automatic shift from its `autocapitalizationType`; shift
    /// starts off unless the text before the caret asks for a capital.
    public func configure(for traits: TextInputTraits?) {
        keyboardType = traits?.keyboardType ?? .default
        returnKeyType = traits?.returnKeyType ?? .default
        autocapitalizationType = traits?.autocapitalizationType ?? .none
        focusedTraits = traits
        shiftState = .off
        shiftIsAutomatic = false
        automaticShiftContext = nil
        cancelActiveTouches()
        page = Self.initialPage(for: keyboardType)
        symbolsFromLetters = false
        typedOnSymbols = false
        rebuildKeys()
        updateAutomaticShift()
    }

    /// Turns the one-letter shift on or off as the focused field's text asks (UIKit's automatic
    /// capitalization, see `AutomaticShift`): on where a capital is due, off again where it no
    /// longer is, unless the user set shift with its key. Called when the keyboard is configured,
    /// after its own keys, and whenever the focused text input changes (`OnScreenKeyboard`
    /// observes the application's text input changes); nothing happens while caps lock is on.
    /// - Complexity: O(text length) to compare with the last text seen.
    public func updateAutomaticShift() {
        guard shiftState != .locked else { return }
        let state = (focusedTraits as? TextInput)?.textInputState
        if let state {
            if let last = automaticShiftContext, last.text == state.surroundingText, last.selection == state.selectedRange { return }
            automaticShiftContext = (state.surroundingText, state.selectedRange)
        } else {
            automaticShiftContext = nil
        }
        var wanted = false
        if let state, !state.contentType.hints.contains(.hiddenText) {
            let before = state.surroundingText.prefix(max(0, state.selectedRange.lowerBound))
            wanted = AutomaticShift.wantsCapital(after: before, type: autocapitalizationType)
        }
        if wanted, shiftState == .off {
            shiftState = .once
            shiftIsAutomatic = true
            rebuildKeys()
        } else if !wanted, shiftState == .once, shiftIsAutomatic {
            shiftState = .off
            shiftIsAutomatic = false
            rebuildKeys()
        }
    }

    /// Shift's one letter was typed: off, then on again if the text still asks for a capital
    /// (`.allCharacters`).
    func consumeOneLetterShift() {
        shiftState = .off
        shiftIsAutomatic = false
        automaticShiftContext = nil
        rebuildKeys()
        updateAutomaticShift()
    }

    static func initialPage(for type: KeyboardType) -> KeyboardPage {
        switch type {
        case .numberPad, .decimalPad, .phonePad: return .numberPad
        case .numbersAndPunctuation: return .symbols
        default: return .letters
        }
    }

    /// Shows `page` (as its page keys do). From the letters to a symbol page, space returns to
    /// the letters once something was typed there (the iPhone keyboard's habit).
    public func show(_ page: KeyboardPage) {
        let isSymbols = page == .symbols || page == .moreSymbols
        if !isSymbols {
            symbolsFromLetters = false
            typedOnSymbols = false
        } else if self.page == .letters {
            symbolsFromLetters = true
            typedOnSymbols = false
        }
        self.page = page
        rebuildKeys()
    }

    /// A text key or variant typed: on a symbol page reached from the letters, space now returns;
    /// an apostrophe returns at once (the iPhone's, for "don't").
    func noteTyped(_ text: String) {
        guard symbolsFromLetters && (page == .symbols || page == .moreSymbols) else { return }
        if text == "'" { show(.letters) } else { typedOnSymbols = true }
    }

    /// After space: back to the letters when the symbols were visited for something typed.
    func returnToLettersAfterSpace() {
        if symbolsFromLetters && typedOnSymbols && page != .letters { show(.letters) }
    }

    /// Sets shift (as the shift key does); automatic shift leaves it alone until the text changes.
    public func setShiftState(_ state: ShiftState) {
        shiftState = state
        shiftIsAutomatic = false
        rebuildKeys()
    }

    /// The key whose area (the key and half the gaps around it) contains `point`; the nearest
    /// key of that row's height otherwise; nil outside every row.
    /// - Complexity: O(keys).
    public func key(at point: Point) -> KeyboardKey? {
        keyIndex(at: point).map { keys[$0] }
    }

    func keyIndex(at point: Point) -> Int? {
        let dx = Self.keyGap / 2 + 0.5, dy = Self.rowGap / 2 + 0.5
        var best: (index: Int, distance: Double)?
        for (i, key) in keys.enumerated() where key.kind != .spacer {
            let area = key.frame.insetBy(dx: -dx, dy: -dy)
            guard point.y >= area.minY, point.y < area.maxY else { continue }
            if point.x >= area.minX, point.x < area.maxX { return i }
            let distance = point.x < area.minX ? area.minX - point.x : point.x - area.maxX
            if best == nil || distance < best!.distance { best = (i, distance) }
        }
        return best?.index
    }

    /// The first key labelled `label` on the current page (for tests and tools).
    public func key(labelled label: String) -> KeyboardKey? { keys.first { $0.label == label } }

    // MARK: Size and layout

    /// Four rows of `keyHeight`-point keys, whatever the width.
    open override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: Self.padding * 2 + 4 * Self.keyHeight + 3 * Self.rowGap)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        rebuildKeys()
    }

    /// Lays out the current page's keys in the bounds: each row's keys share one unit width (the
    /// largest that fits every row), rows are centred.
    func rebuildKeys() {
        let rows = plan()
        let width = bounds.width - 2 * Self.padding
        var unit = Double.infinity
        for row in rows where !row.keys.isEmpty {
            let units = row.keys.reduce(0) { $0 + $1.units }
            let gaps = Double(row.keys.count - 1) * Self.keyGap
            unit = min(unit, (width - gaps) / units)
        }
        if !unit.isFinite || unit < 0 { unit = 0 }
        var built: [KeyboardKey] = []
        for (r, row) in rows.enumerated() {
            let rowWidth = row.keys.reduce(0) { $0 + $1.units * unit } + Double(max(0, row.keys.count - 1)) * Self.keyGap
            var x = bounds.minX + Self.padding + (width - rowWidth) / 2
            let y = bounds.minY + Self.padding + Double(r) * (Self.keyHeight + Self.rowGap)
            for planned in row.keys {
                let w = planned.units * unit
                built.append(KeyboardKey(kind: planned.kind, label: planned.label, frame: Rect(x: x, y: y, width: w, height: Self.keyHeight)))
                x += w + Self.keyGap
            }
        }
        if built != keys {
            keys = built
            setNeedsDisplay()
        }
    }

    /// The rows of the current page.
    func plan() -> [KeyboardRowPlan] {
        switch page {
        case .letters: return lettersPlan()
        case .symbols: return symbolsPlan(more: false)
        case .moreSymbols: return symbolsPlan(more: true)
        case .numberPad: return numberPadPlan()
        }
    }

    private var letterLevel: Int { shiftState == .off ? 0 : 1 }

    private func lettersPlan() -> [KeyboardRowPlan] {
        var rows: [KeyboardRowPlan] = []
        for row in 1...3 {
            var keys = layout.letterKeys(inRow: row).map { slot in
                (kind: KeyboardKey.Kind.text(slot, level: letterLevel), label: slot.text(atLevel: letterLevel), units: 1.0)
            }
            if row == 3 {
                keys.insert((.shift, shiftState == .locked ? "⇪" : "⇧", 1.5), at: 0)
                keys.append((.backspace, "⌫", 1.5))
            }
            rows.append(KeyboardRowPlan(keys: keys))
        }
        rows.append(bottomRow(pageKey: (.page(.symbols), "123")))
        return rows
    }

    private func symbolsPlan(more: Bool) -> [KeyboardRowPlan] {
        let first = (more ? KeyboardSymbols.moreRow1 : KeyboardSymbols.digits).compactMap { layout.plannedKey($0) }
        let second = (more ? KeyboardSymbols.moreRow2 : KeyboardSymbols.symbolsRow2).compactMap { layout.plannedKey($0) }
        var third = KeyboardSymbols.punctuation.compactMap { layout.plannedKey($0, units: 1.4) }
        third.insert((.page(more ? .symbols : .moreSymbols), more ? "123" : "#+=", 1.5), at: 0)
        third.append((.backspace, "⌫", 1.5))
        return [
            KeyboardRowPlan(keys: first), KeyboardRowPlan(keys: second), KeyboardRowPlan(keys: third),
            bottomRow(pageKey: (.page(.letters), "ABC"))
        ]
    }

    /// The page key, the keyboard type's extra keys, space and Return.
    private func bottomRow(pageKey: (KeyboardKey.Kind, String)) -> KeyboardRowPlan {
        var keys: [(kind: KeyboardKey.Kind, label: String, units: Double)] = [(pageKey.0, pageKey.1, 2)]
        let extras: (left: [String], right: [String])
        switch keyboardType {
        case .emailAddress: extras = (["@"], ["."])
        case .url: extras = (["/"], ["."])
        case .webSearch: extras = ([], ["."])
        default: extras = page == .letters ? ([","], ["."]) : ([], [])
        }
        keys += extras.left.compactMap { layout.plannedKey($0) }
        keys.append((.space, "space", 5))
        keys += extras.right.compactMap { layout.plannedKey($0) }
        keys.append((.return, returnKeyType.title, 2))
        return KeyboardRowPlan(keys: keys)
    }

    private func numberPadPlan() -> [KeyboardRowPlan] {
        func digits(_ d: [String]) -> [(kind: KeyboardKey.Kind, label: String, units: Double)] {
            d.compactMap { layout.plannedKey($0, units: 3) }
        }
        var last: [(kind: KeyboardKey.Kind, label: String, units: Double)] = []
        switch keyboardType {
        case .decimalPad: last += layout.plannedKey(".", units: 3).map { [$0] } ?? []
        case .phonePad: last += layout.plannedKey("+", units: 3).map { [$0] } ?? []
        default: last.append((.spacer, "", 3))
        }
        last += digits(["0"])
        last.append((.backspace, "⌫", 3))
        return [
            KeyboardRowPlan(keys: digits(["1", "2", "3"])), KeyboardRowPlan(keys: digits(["4", "5", "6"])),
            KeyboardRowPlan(keys: digits(["7", "8", "9"])), KeyboardRowPlan(keys: last)
        ]
    }

    // MARK: Overrides (their bodies live in the KeyboardView+ extensions)

    open override func draw(_ rect: Rect) { drawKeys(rect) }
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { keyTouchesBegan(touches) }
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { keyTouchesMoved(touches) }
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { keyTouchesEnded(touches) }
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { keyTouchesCancelled(touches) }

    /// Leaving the window ends the fingers on keys (a held backspace is released).
    open override func willMove(toWindow newWindow: Window?) {
        if newWindow == nil { cancelActiveTouches() }
    }

    static let backgroundGray = Color(red: 0.82, green: 0.83, blue: 0.86)
}
