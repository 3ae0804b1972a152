// The text input traits a text field stores for the on-screen keyboard (UIKit's
// `UITextInputTraits`); the field itself does not act on them.

/// The keyboard layout an on-screen keyboard shows (UIKit's `UIKeyboardType`, the common cases).
public enum KeyboardType: Sendable, Hashable {
    /// UIKit's keyboard kinds: the default layout, ASCII only, numbers and punctuation, URL entry, a digit pad, a phone pad, e-mail entry, a decimal pad and web search. An on-screen keyboard uses it to pick its layout; hardware keyboards ignore it.
    case `default`, asciiCapable, numbersAndPunctuation, url, numberPad, phonePad, emailAddress, decimalPad, webSearch
}

/// The title of an on-screen keyboard's return key (UIKit's `UIReturnKeyType`).
public enum ReturnKeyType: Sendable, Hashable {
    /// The label of the Return key on an on-screen keyboard: the default "return", or Go, Next, Search, Send, Done, Join, Route or Continue.
    case `default`, go, next, search, send, done, join, route, `continue`
}

/// Which letters an on-screen keyboard capitalizes (UIKit's `UITextAutocapitalizationType`).
public enum AutocapitalizationType: Sendable, Hashable {
    /// No automatic capitals, a capital at each word, at each sentence, or every character.
    case none, words, sentences, allCharacters
}
