/// A hardware keyboard shortcut (UIKit's `UIKeyCommand`). The router looks for one from the first
/// responder outward before delivering the key as a press; the first responder's chain wins over
/// responders behind it. A match sends `action` to `target(forAction:)` from the responder that
/// offered the command and swallows the key's press phases.
public struct KeyCommand: Hashable, Sendable {
    /// The key's characters (a letter) or one of the `input…` constants for special keys.
    public var input: String
    /// The modifiers that must be held, exactly.
    public var modifierFlags: KeyModifierFlags
    /// The action sent along the responder chain, from the first responder, when the shortcut is pressed.
    public var action: Selector
    /// A longer title for menus that list shortcuts.
    public var discoverabilityTitle: String?
    /// The command's name.
    public var title: String

    /// Makes a shortcut (UIKit's `UIKeyCommand(input:modifierFlags:action:)`).
    public init(
        input: String, modifierFlags: KeyModifierFlags = [], action: Selector,
        title: String = "", discoverabilityTitle: String? = nil
    ) {
        self.input = input
        self.modifierFlags = modifierFlags
        self.action = action
        self.title = title
        self.discoverabilityTitle = discoverabilityTitle
    }

    /// Makes a shortcut with a title (UIKit's `UIKeyCommand(title:action:input:modifierFlags:)`).
    public init(title: String, action: Selector, input: String, modifierFlags: KeyModifierFlags = []) {
        self.init(input: input, modifierFlags: modifierFlags, action: action, title: title)
    }

    /// The Escape key as `input`.
    public static let inputEscape = "UIKeyInputEscape"
    /// The up arrow as `input`.
    public static let inputUpArrow = "UIKeyInputUpArrow"
    /// The down arrow as `input`.
    public static let inputDownArrow = "UIKeyInputDownArrow"
    /// The left arrow as `input`.
    public static let inputLeftArrow = "UIKeyInputLeftArrow"
    /// The right arrow as `input`.
    public static let inputRightArrow = "UIKeyInputRightArrow"
    /// The Home key as `input`.
    public static let inputHome = "UIKeyInputHome"
    /// The End key as `input`.
    public static let inputEnd = "UIKeyInputEnd"
    /// The Page Up key as `input`.
    public static let inputPageUp = "UIKeyInputPageUp"
    /// The Page Down key as `input`.
    public static let inputPageDown = "UIKeyInputPageDown"
    /// The forward Delete key as `input`.
    public static let inputDelete = "UIKeyInputDelete"
    /// The Tab key as `input`.
    public static let inputTab = "\t"
    /// The Return key as `input`.
    public static let inputReturn = "\r"

    /// The special input name for keys that type no text, by evdev code.
    static func specialInput(forKeyCode code: Int) -> String? {
        switch code {
        case KeyCode.escape: inputEscape
        case KeyCode.up: inputUpArrow
        case KeyCode.down: inputDownArrow
        case KeyCode.left: inputLeftArrow
        case KeyCode.right: inputRightArrow
        case KeyCode.home: inputHome
        case KeyCode.end: inputEnd
        case KeyCode.pageUp: inputPageUp
        case KeyCode.pageDown: inputPageDown
        case KeyCode.delete: inputDelete
        case KeyCode.tab: inputTab
        case KeyCode.enter, KeyCode.keypadEnter: inputReturn
        default: nil
        }
    }

    /// Whether `key` triggers this command: same input (letters compare case-insensitively, as
    /// shift is matched through the modifier flags) and the same shift/control/alternate/command.
    public func matches(_ key: Key) -> Bool {
        guard key.modifierFlags.intersection(.commandRelevant) == modifierFlags.intersection(.commandRelevant)
        else { return false }
        if let special = KeyCommand.specialInput(forKeyCode: key.keyCode), special == input { return true }
        return !input.isEmpty && input.lowercased() == key.charactersIgnoringModifiers.lowercased()
    }
}
