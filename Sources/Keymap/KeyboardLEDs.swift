/// The keyboard LEDs a key state lights (`xkb_state_led_name_is_active`).
public struct KeyboardLEDs: OptionSet, Hashable, Sendable {
    /// The LED bits: 1 num lock, 2 caps lock, 4 scroll lock.
    public let rawValue: Int
    /// The LEDs whose bits are set in `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The num lock LED (XKB "Num Lock").
    public static let numLock = KeyboardLEDs(rawValue: 1)
    /// The caps lock LED (XKB "Caps Lock").
    public static let capsLock = KeyboardLEDs(rawValue: 2)
    /// The scroll lock LED (XKB "Scroll Lock").
    public static let scrollLock = KeyboardLEDs(rawValue: 4)
}
