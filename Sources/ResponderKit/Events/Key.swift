/// A key as a keymap interprets it (UIKit's `UIKey`): the evdev key code, the text it types with
/// and without modifiers, and the modifiers held.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// The Linux evdev key code (`KEY_A` is 30); UIKit uses HID usages here, Linux input uses evdev.
    public var keyCode: Int
    /// The text the key produces with the current modifiers ("A" with shift).
    public var characters: String
    /// The text without modifiers other than shift-independent ones ("a" for shift-A).
    public var charactersIgnoringModifiers: String
    /// The modifiers held when the key changed state.
    public var modifierFlags: KeyModifierFlags

    /// Makes a key as a keymap would; `charactersIgnoringModifiers` defaults to `characters`.
    public init(
        keyCode: Int, characters: String, charactersIgnoringModifiers: String? = nil,
        modifierFlags: KeyModifierFlags = []
    ) {
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
    /// `KEY_ESC`.
    public static let escape = 1
    /// `KEY_BACKSPACE`.
    public static let backspace = 14
    /// `KEY_TAB`.
    public static let tab = 15
    /// `KEY_ENTER`, the main Return key.
    public static let enter = 28
    /// `KEY_LEFTCTRL`.
    public static let leftControl = 29
    /// `KEY_LEFTSHIFT`.
    public static let leftShift = 42
    /// `KEY_RIGHTSHIFT`.
    public static let rightShift = 54
    /// `KEY_LEFTALT`.
    public static let leftAlt = 56
    /// `KEY_SPACE`.
    public static let space = 57
    /// `KEY_CAPSLOCK`.
    public static let capsLock = 58
    /// `KEY_KPENTER`, Enter on the numeric keypad.
    public static let keypadEnter = 96
    /// `KEY_RIGHTCTRL`.
    public static let rightControl = 97
    /// `KEY_RIGHTALT` (AltGr on many layouts).
    public static let rightAlt = 100
    /// `KEY_HOME`.
    public static let home = 102
    /// `KEY_UP`.
    public static let up = 103
    /// `KEY_PAGEUP`.
    public static let pageUp = 104
    /// `KEY_LEFT`.
    public static let left = 105
    /// `KEY_RIGHT`.
    public static let right = 106
    /// `KEY_END`.
    public static let end = 107
    /// `KEY_DOWN`.
    public static let down = 108
    /// `KEY_PAGEDOWN`.
    public static let pageDown = 109
    /// `KEY_DELETE` (forward delete).
    public static let delete = 111
    /// `KEY_LEFTMETA` (the Super or Windows key).
    public static let leftMeta = 125
    /// `KEY_RIGHTMETA`.
    public static let rightMeta = 126
    /// `KEY_NEXTSONG`: a media key, routed as `.remoteControlNextTrack`.
    public static let nextSong = 163
    /// `KEY_PLAYPAUSE`: routed as `.remoteControlTogglePlayPause`.
    public static let playPause = 164
    /// `KEY_PREVIOUSSONG`: routed as `.remoteControlPreviousTrack`.
    public static let previousSong = 165
    /// `KEY_STOPCD`: routed as `.remoteControlStop`.
    public static let stopCD = 166
    /// `KEY_PLAY`: routed as `.remoteControlPlay`.
    public static let play = 207
    /// `KEY_PAUSE`: routed as `.remoteControlPause`.
    public static let pause = 201
}
