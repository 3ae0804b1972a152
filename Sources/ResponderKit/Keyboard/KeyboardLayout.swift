/// What an xkb keymap puts on a keyboard's main block, as a plain value the built-in
/// `KeyboardView` draws its keys from: for each key (evdev code) on the four alphanumeric rows,
/// the text it types at each shift level. The `Keymap` module makes one from the active keymap
/// (`Keymap.keyboardLayout()`, which reads `xkb_keymap_key_get_syms_by_level`); `us` is the same
/// value for the US layout, built in so the core needs no keymap.
///
/// The on-screen keyboard keeps this label → key mapping: a key tapped at level N is sent as the
/// `Key` the keymap produces for that key code at that level (its characters, its level-1
/// characters as `charactersIgnoringModifiers`, `.shift` for levels 2 and 4), through the same
/// `InputEvent` path as a hardware key. Nothing is typed that the layout does not define, except
/// long-press variants that no key of the layout produces (see `KeyboardView`).
public struct KeyboardLayout: Sendable, Hashable {
    /// One key of the main block.
    public struct KeySlot: Sendable, Hashable {
        /// The evdev key code (`KEY_Q` is 16).
        public var keyCode: Int
        /// Which alphanumeric row it sits on: 0 the digits row, 1 the top letter row (QWERTY's Q…),
        /// 2 the home row, 3 the bottom row (with the ISO key left of Z).
        public var row: Int
        /// The text it types at levels 1… (index 0: unshifted, 1: shift, 2: AltGr, 3: shift+AltGr);
        /// "" where the level types nothing.
        public var levels: [String]

        /// A key with evdev code `keyCode` on alphanumeric `row` that types `levels` (see the properties).
        public init(keyCode: Int, row: Int, levels: [String]) {
            self.keyCode = keyCode
            self.row = row
            self.levels = levels
        }

        /// The text at `level` (0-based), "" when there is none.
        public func text(atLevel level: Int) -> String { level >= 0 && level < levels.count ? levels[level] : "" }

        /// True when level 1 is a single letter (it goes on the letter page).
        public var isLetter: Bool {
            let base = text(atLevel: 0)
            return base.count == 1 && base.first!.isLetter
        }
    }

    /// The layout's name as the keymap gives it ("English (US)", "German", "French").
    public var name: String
    /// The keys of the four alphanumeric rows, row by row, left to right.
    public var keys: [KeySlot]
    /// What space, Return and Backspace type (`" "`, `"\r"`, `"\u{8}"` in every xkb layout).
    public var spaceText: String
    /// What Return types (`"\r"`).
    public var returnText: String
    /// What Backspace types (`"\u{8}"`).
    public var backspaceText: String

    /// A layout named `name` with the keys of its four alphanumeric rows; the space, Return and
    /// Backspace texts default to what every xkb layout types.
    public init(
        name: String, keys: [KeySlot], spaceText: String = " ", returnText: String = "\r",
        backspaceText: String = "\u{8}"
    ) {
        self.name = name
        self.keys = keys
        self.spaceText = spaceText
        self.returnText = returnText
        self.backspaceText = backspaceText
    }

    /// The evdev codes of the four alphanumeric rows, left to right, in the order `Keymap` reads
    /// them: digits row (`KEY_GRAVE`, `KEY_1`…`KEY_EQUAL`), `KEY_Q`…`KEY_RIGHTBRACE`, `KEY_A`…
    /// `KEY_APOSTROPHE` + `KEY_BACKSLASH`, `KEY_102ND` + `KEY_Z`…`KEY_SLASH`.
    public static let rowKeyCodes: [[Int]] = [
        [41] + Array(2...13),
        Array(16...27),
        Array(30...40) + [43],
        [86] + Array(44...53)
    ]

    /// The letter keys of `row` (1…3), left to right: the keys the letter page shows.
    public func letterKeys(inRow row: Int) -> [KeySlot] { keys.filter { $0.row == row && $0.isLetter } }

    /// The key and level (0-based) that type `text`, preferring lower levels and the letter and
    /// digit rows in reading order; nil when no key of the layout types it.
    /// - Complexity: O(keys × levels).
    public func location(of text: String) -> (key: KeySlot, level: Int)? {
        guard !text.isEmpty else { return nil }
        for level in 0..<4 {
            for key in keys where key.text(atLevel: level) == text { return (key, level) }
        }
        return nil
    }

    /// The `Key` value a hardware keyboard with this layout reports for `slot` at `level`: the
    /// level's text, level 1's text ignoring modifiers, `.shift` on levels 2 and 4 (`capsLock`
    /// instead of shift when `capsLock` is true on a letter).
    public func key(_ slot: KeySlot, level: Int, capsLock: Bool = false) -> Key {
        var flags: KeyModifierFlags = []
        if level == 1 || level == 3 { flags.insert(capsLock && slot.isLetter ? .capsLock : .shift) }
        return Key(
            keyCode: slot.keyCode, characters: slot.text(atLevel: level),
            charactersIgnoringModifiers: slot.text(atLevel: 0), modifierFlags: flags)
    }

    /// xkeyboard-config's `us` layout (what `Keymap.keyboardLayout()` reads from it).
    public static let us: KeyboardLayout = {
        let rows: [[(String, String)]] = [
            [
                ("`", "~"), ("1", "!"), ("2", "@"), ("3", "#"), ("4", "$"), ("5", "%"), ("6", "^"), ("7", "&"),
                ("8", "*"), ("9", "("), ("0", ")"), ("-", "_"), ("=", "+")
            ],
            [
                ("q", "Q"), ("w", "W"), ("e", "E"), ("r", "R"), ("t", "T"), ("y", "Y"), ("u", "U"), ("i", "I"),
                ("o", "O"), ("p", "P"), ("[", "{"), ("]", "}")
            ],
            [
                ("a", "A"), ("s", "S"), ("d", "D"), ("f", "F"), ("g", "G"), ("h", "H"), ("j", "J"), ("k", "K"),
                ("l", "L"), (";", ":"), ("'", "\""), ("\\", "|")
            ],
            [
                ("<", ">|¦"), ("z", "Z"), ("x", "X"), ("c", "C"), ("v", "V"), ("b", "B"), ("n", "N"), ("m", "M"),
                (",", "<"), (".", ">"), ("/", "?")
            ]
        ]
        var keys: [KeySlot] = []
        for (row, codes) in rowKeyCodes.enumerated() {
            for (code, texts) in zip(codes, rows[row]) {
                // "<" and ">|¦": the ISO key's four levels (<, >, |, ¦), one character each.
                let levels = texts.1.count > 1 ? [texts.0] + texts.1.map(String.init) : [texts.0, texts.1]
                keys.append(KeySlot(keyCode: code, row: row, levels: levels))
            }
        }
        return KeyboardLayout(name: "English (US)", keys: keys)
    }()
}
