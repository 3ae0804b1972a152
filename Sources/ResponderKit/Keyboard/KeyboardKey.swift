/// One key the built-in keyboard shows: what it does, its label and where it is (keyboard view
/// coordinates). Keys are data drawn by `KeyboardView`, not subviews.
public struct KeyboardKey: Sendable, Hashable {
    /// What a key does when tapped.
    public enum Kind: Sendable, Hashable {
        /// Types `slot`'s text at `level` (0-based) of the layout.
        case text(KeyboardLayout.KeySlot, level: Int)
        /// Shift: one tap for the next letter, a double tap locks it, one more turns it off.
        case shift
        /// Types the layout's `backspaceText` (Backspace) as soon as it is touched, repeating while held.
        case backspace
        /// Types the layout's `returnText` (Return); titled by the field's `returnKeyType`.
        case `return`
        /// Types the layout's `spaceText` (the space bar).
        case space
        /// Switches to another page (letters, symbols, more symbols).
        case page(KeyboardPage)
        /// An empty place that keeps a grid's columns (the number pad's bottom left).
        case spacer
    }

    /// What the key does.
    public var kind: Kind
    /// The text drawn on the key.
    public var label: String
    /// Where the key is, in the keyboard view's coordinates.
    public var frame: Rect

    /// The text a text key types ("" for the others).
    public var text: String {
        if case let .text(slot, level) = kind { return slot.text(atLevel: level) }
        return ""
    }
}

/// The built-in keyboard's pages.
public enum KeyboardPage: Sendable, Hashable {
    /// The layout's letters (QWERTY, QWERTZ, AZERTY…), with shift.
    case letters
    /// Digits and common punctuation ("123").
    case symbols
    /// Brackets, maths and currency ("#+=").
    case moreSymbols
    /// A phone-style grid of digits (number, decimal and phone pads).
    case numberPad
}

/// How a page is built: rows of keys with widths in key units, before they get frames.
struct KeyboardRowPlan {
    var keys: [(kind: KeyboardKey.Kind, label: String, units: Double)]
}

extension KeyboardLayout {
    /// The key and level that type `text`, as a planned text key one unit wide; nil when the
    /// layout cannot type it (the page leaves that symbol out).
    func plannedKey(_ text: String, units: Double = 1) -> (kind: KeyboardKey.Kind, label: String, units: Double)? {
        guard let (slot, level) = location(of: text) else { return nil }
        return (.text(slot, level: level), text, units)
    }
}

/// Which symbols the symbol pages offer, in UIKit's order; those the layout cannot type are left out.
enum KeyboardSymbols {
    static let digits = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]
    static let symbolsRow2 = ["-", "/", ":", ";", "(", ")", "$", "&", "@", "\""]
    static let moreRow1 = ["[", "]", "{", "}", "#", "%", "^", "*", "+", "="]
    static let moreRow2 = ["_", "\\", "|", "~", "<", ">", "€", "£", "¥", "§"]
    static let punctuation = [".", ",", "?", "!", "'"]
}
