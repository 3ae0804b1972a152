import ResponderKit
import ScriptedInput

/// The keys a script can name, as a US keymap would produce them.
enum ScriptKeys {
    static let named: [String: Key] = [
        "left": Key(keyCode: KeyCode.left, characters: ""), "right": Key(keyCode: KeyCode.right, characters: ""),
        "up": Key(keyCode: KeyCode.up, characters: ""), "down": Key(keyCode: KeyCode.down, characters: ""),
        "space": Key(keyCode: KeyCode.space, characters: " "), "enter": USKeyboard.enter, "return": USKeyboard.enter,
        "escape": USKeyboard.escape, "tab": Key(keyCode: KeyCode.tab, characters: "\t"), "backspace": USKeyboard.backspace,
        "home": Key(keyCode: KeyCode.home, characters: ""), "end": Key(keyCode: KeyCode.end, characters: ""),
        "pageup": Key(keyCode: KeyCode.pageUp, characters: ""), "pagedown": Key(keyCode: KeyCode.pageDown, characters: "")
    ]

    static var names: String { named.keys.sorted().joined(separator: ", ") + ", or one character" }

    static func key(named name: String) -> Key? {
        if let key = named[name.lowercased()] { return key }
        guard name.count == 1, let character = name.first else { return nil }
        return USKeyboard.key(for: character)
    }
}
