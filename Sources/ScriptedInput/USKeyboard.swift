import ResponderKit

/// A US QWERTY layout for tests and scripted demos: the evdev key and modifiers that type a
/// character. Real keyboards go through the xkbcommon keymap module instead.
public enum USKeyboard {
    /// The left shift key, as `type` presses it around a shifted character.
    public static let shiftKey = Key(keyCode: KeyCode.leftShift, characters: "", modifierFlags: .shift)

    private static let rows: [(codes: ClosedRange<Int>, plain: String, shifted: String)] = [
        (2...13, "1234567890-=", "!@#$%^&*()_+"),
        (16...27, "qwertyuiop[]", "QWERTYUIOP{}"),
        (30...41, "asdfghjkl;'`", "ASDFGHJKL:\"~"),
        (43...53, "\\zxcvbnm,./", "|ZXCVBNM<>?")
    ]

    /// The key that types `character`, with `.shift` when it needs shift; nil when the layout has none.
    public static func key(for character: Character) -> Key? {
        if character == " " { return Key(keyCode: KeyCode.space, characters: " ") }
        if character == "\n" || character == "\r" { return Key(keyCode: KeyCode.enter, characters: "\r") }
        if character == "\t" { return Key(keyCode: KeyCode.tab, characters: "\t") }
        for row in rows {
            let plain = Array(row.plain), shifted = Array(row.shifted)
            for (i, code) in row.codes.enumerated() {
                if plain[i] == character { return Key(keyCode: code, characters: String(character)) }
                if shifted[i] == character {
                    return Key(
                        keyCode: code, characters: String(character),
                        charactersIgnoringModifiers: String(plain[i]), modifierFlags: .shift)
                }
            }
        }
        return nil
    }

    /// The backspace key.
    public static let backspace = Key(keyCode: KeyCode.backspace, characters: "\u{8}")
    /// The enter (return) key.
    public static let enter = Key(keyCode: KeyCode.enter, characters: "\r")
    /// The escape key.
    public static let escape = Key(keyCode: KeyCode.escape, characters: "\u{1B}")

    /// A key with control (or another modifier) held, as a keymap reports it.
    public static func key(_ character: Character, modifiers: KeyModifierFlags) -> Key? {
        guard var key = key(for: character) else { return nil }
        key.modifierFlags.formUnion(modifiers)
        return key
    }
}
