/// The keyboard LEDs a key state lights (`xkb_state_led_name_is_active`).
public struct KeyboardLEDs: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let numLock = KeyboardLEDs(rawValue: 1)
    public static let capsLock = KeyboardLEDs(rawValue: 2)
    public static let scrollLock = KeyboardLEDs(rawValue: 4)
}
