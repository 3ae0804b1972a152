/// A hardware keyboard shortcut (UIKit's `UIKeyCommand`). The router looks for one from the first
/// responder outward before delivering the key as a press; the first responder's chain wins over
/// responders behind it. A match sends `action` to `target(forAction:)` from the responder that
/// offered the command and swallows the key's press phases.
public struct KeyCommand: Hashable, Sendable {
    public var input: String
    public var modifierFlags: KeyModifierFlags
    public var action: Selector
    public var discoverabilityTitle: String?
    public var title: String

    public init(input: String, modifierFlags: KeyModifierFlags = [], action: Selector,
                title: String = "", discoverabilityTitle: String? = nil) {
        self.input = input
        self.modifierFlags = modifierFlags
        self.action = action
        self.title = title
        self.discoverabilityTitle = discoverabilityTitle
    }

    public init(title: String, action: Selector, input: String, modifierFlags: KeyModifierFlags = []) {
        self.init(input: input, modifierFlags: modifierFlags, action: action, title: title)
    }

    public static let inputEscape = "UIKeyInputEscape"
    public static let inputUpArrow = "UIKeyInputUpArrow"
    public static let inputDownArrow = "UIKeyInputDownArrow"
    public static let inputLeftArrow = "UIKeyInputLeftArrow"
    public static let inputRightArrow = "UIKeyInputRightArrow"
    public static let inputHome = "UIKeyInputHome"
    public static let inputEnd = "UIKeyInputEnd"
    public static let inputPageUp = "UIKeyInputPageUp"
    public static let inputPageDown = "UIKeyInputPageDown"
    public static let inputDelete = "UIKeyInputDelete"
    public static let inputTab = "\t"
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
