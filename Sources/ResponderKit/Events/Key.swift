/// A key as a keymap interprets it (UIKit's `UIKey`): the evdev key code, the text it types with
/// and without modifiers, and the modifiers held.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// The Linux evdev key code (`KEY_A` is 30); UIKit uses HID usages here, Linux input uses evdev.
    public var keyCode: Int
    /// The text the key produces with the current modifiers ("A" with shift).
    public var characters: String
    /// The text without modifiers other than shift-independent ones ("a" for shift-A).
    public var charactersIgnoringModifiers: String
    public var modifierFlags: KeyModifierFlags

    public init(keyCode: Int, characters: String, charactersIgnoringModifiers: String? = nil,
                modifierFlags: KeyModifierFlags = []) {
        self.keyCode = keyCode
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers ?? characters
        self.modifierFlags = modifierFlags
    }

    public var description: String {
        let shown = characters.isEmpty ? "code \(keyCode)" : characters.debugDescription
        return modifierFlags.isEmpty ? "Key(\(shown))" : "Key(\(shown) \(modifierFlags))"
    }
}

/// Well-known evdev key codes (linux/input-event-codes.h), for tests and key handling.
public enum KeyCode {
    public static let escape = 1
    public static let backspace = 14
    public static let tab = 15
    public static let enter = 28
    public static let leftControl = 29
    public static let leftShift = 42
    public static let rightShift = 54
    public static let leftAlt = 56
    public static let space = 57
    public static let capsLock = 58
    public static let keypadEnter = 96
    public static let rightControl = 97
    public static let rightAlt = 100
    public static let home = 102
    public static let up = 103
    public static let pageUp = 104
    public static let left = 105
    public static let right = 106
    public static let end = 107
    public static let down = 108
    public static let pageDown = 109
    public static let delete = 111
    public static let leftMeta = 125
    public static let rightMeta = 126
    public static let nextSong = 163
    public static let playPause = 164
    public static let previousSong = 165
    public static let stopCD = 166
    public static let play = 207
    public static let pause = 201
}
