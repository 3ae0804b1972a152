/// What kind of text an input method should offer for (text-input-v3's `content_purpose`, the
/// role UIKit's `UIKeyboardType` and `UITextContentType` play).
public enum TextInputPurpose: Sendable, Hashable {
    case normal, alpha, digits, number, phone, url, email, name, password, pin, date, time, dateTime, terminal
}

/// How an input method should help (text-input-v3's `content_hint` flags).
public struct TextInputHints: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let completion = TextInputHints(rawValue: 1 << 0)
    public static let spellcheck = TextInputHints(rawValue: 1 << 1)
    public static let autoCapitalization = TextInputHints(rawValue: 1 << 2)
    public static let lowercase = TextInputHints(rawValue: 1 << 3)
    public static let uppercase = TextInputHints(rawValue: 1 << 4)
    public static let titlecase = TextInputHints(rawValue: 1 << 5)
    /// The text is not shown (password fields): no preview of what is typed.
    public static let hiddenText = TextInputHints(rawValue: 1 << 6)
    /// Do not learn or suggest from this text.
    public static let sensitiveData = TextInputHints(rawValue: 1 << 7)
    public static let latin = TextInputHints(rawValue: 1 << 8)
    public static let multiline = TextInputHints(rawValue: 1 << 9)
}

/// The purpose and hints of a text input, as an input method sees them.
public struct TextInputContentType: Sendable, Hashable {
    public var purpose: TextInputPurpose
    public var hints: TextInputHints
    public init(purpose: TextInputPurpose = .normal, hints: TextInputHints = []) {
        self.purpose = purpose
        self.hints = hints
    }

    /// A text field's traits: the purpose from `keyboardType` (password when secure), the hints
    /// from `autocapitalizationType` (and hidden, sensitive text when secure).
    public init(keyboardType: KeyboardType, autocapitalization: AutocapitalizationType, isSecure: Bool) {
        if isSecure {
            self.init(purpose: keyboardType == .numberPad ? .pin : .password, hints: [.hiddenText, .sensitiveData])
            return
        }
        let purpose: TextInputPurpose
        switch keyboardType {
        case .default, .webSearch: purpose = .normal
        case .asciiCapable: purpose = .alpha
        case .numbersAndPunctuation: purpose = .number
        case .numberPad: purpose = .digits
        case .decimalPad: purpose = .number
        case .phonePad: purpose = .phone
        case .url: purpose = .url
        case .emailAddress: purpose = .email
        }
        var hints: TextInputHints = purpose == .normal ? [.completion, .spellcheck] : []
        if keyboardType == .asciiCapable { hints.insert(.latin) }
        switch autocapitalization {
        case .none: if purpose == .normal { hints.insert(.lowercase) }
        case .words: hints.formUnion([.autoCapitalization, .titlecase])
        case .sentences: hints.insert(.autoCapitalization)
        case .allCharacters: hints.insert(.uppercase)
        }
        self.init(purpose: purpose, hints: hints)
    }
}
