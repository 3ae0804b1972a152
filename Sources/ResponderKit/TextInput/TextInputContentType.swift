/// What kind of text an input method should offer for (text-input-v3's `content_purpose`, the
/// role UIKit's `UIKeyboardType` and `UITextContentType` play).
public enum TextInputPurpose: Sendable, Hashable {
    /// Default input, allowing all characters.
    case normal
    /// Only alphabetic characters.
    case alpha
    /// Only digits.
    case digits
    /// A number (including decimal separator and sign).
    case number
    /// A phone number.
    case phone
    /// A URL.
    case url
    /// An email address.
    case email
    /// A person's name.
    case name
    /// A password (combine with the `sensitiveData` hint).
    case password
    /// A numeric password (combine with the `sensitiveData` hint).
    case pin
    /// A date.
    case date
    /// A time.
    case time
    /// A date and time (text-input-v3's `datetime`).
    case dateTime
    /// Input for a terminal.
    case terminal
}

/// How an input method should help (text-input-v3's `content_hint` flags).
public struct TextInputHints: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Suggest word completions.
    public static let completion = TextInputHints(rawValue: 1 << 0)
    /// Suggest word corrections.
    public static let spellcheck = TextInputHints(rawValue: 1 << 1)
    /// Switch to uppercase letters at the start of a sentence.
    public static let autoCapitalization = TextInputHints(rawValue: 1 << 2)
    /// Prefer lowercase letters.
    public static let lowercase = TextInputHints(rawValue: 1 << 3)
    /// Prefer uppercase letters.
    public static let uppercase = TextInputHints(rawValue: 1 << 4)
    /// Prefer casing for titles and headings (can be language dependent).
    public static let titlecase = TextInputHints(rawValue: 1 << 5)
    /// The text is not shown (password fields): no preview of what is typed.
    public static let hiddenText = TextInputHints(rawValue: 1 << 6)
    /// Do not learn or suggest from this text.
    public static let sensitiveData = TextInputHints(rawValue: 1 << 7)
    /// Only Latin characters should be entered.
    public static let latin = TextInputHints(rawValue: 1 << 8)
    /// The text input is multiline.
    public static let multiline = TextInputHints(rawValue: 1 << 9)
}

/// The purpose and hints of a text input, as an input method sees them.
public struct TextInputContentType: Sendable, Hashable {
    /// What kind of text is entered (text-input-v3's `content_purpose`).
    public var purpose: TextInputPurpose
    /// How the input method should help (text-input-v3's `content_hint`).
    public var hints: TextInputHints
    /// A content type with `purpose` (`.normal` by default) and `hints` (none by default).
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
