/// Modifier keys held with a key (UIKit's `UIKeyModifierFlags`).
public struct KeyModifierFlags: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Caps Lock is on.
    public static let capsLock = KeyModifierFlags(rawValue: 1 << 16)
    /// Shift is held.
    public static let shift = KeyModifierFlags(rawValue: 1 << 17)
    /// Control is held.
    public static let control = KeyModifierFlags(rawValue: 1 << 18)
    /// Alt (Option) is held.
    public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
    /// The Super (Windows, Command) key is held.
    public static let command = KeyModifierFlags(rawValue: 1 << 20)
    /// The key is on the numeric keypad.
    public static let numericPad = KeyModifierFlags(rawValue: 1 << 21)

    /// The modifiers a key command compares (caps lock and keypad state do not change a shortcut).
    public static let commandRelevant: KeyModifierFlags = [.shift, .control, .alternate, .command]

    public var description: String {
        var names: [String] = []
        if contains(.shift) { names.append("shift") }
        if contains(.control) { names.append("control") }
        if contains(.alternate) { names.append("alternate") }
        if contains(.command) { names.append("command") }
        if contains(.capsLock) { names.append("capsLock") }
        if contains(.numericPad) { names.append("numericPad") }
        return "[" + names.joined(separator: ",") + "]"
    }
}
