// The text input traits a text field stores for the on-screen keyboard (UIKit's
// `UITextInputTraits`); the field itself does not act on them.

/// The keyboard layout an on-screen keyboard shows (UIKit's `UIKeyboardType`, the common cases).
public enum KeyboardType: Sendable, Hashable {
    case `default`, asciiCapable, numbersAndPunctuation, url, numberPad, phonePad, emailAddress, decimalPad, webSearch
}

/// The title of an on-screen keyboard's return key (UIKit's `UIReturnKeyType`).
public enum ReturnKeyType: Sendable, Hashable {
    case `default`, go, next, search, send, done, join, route, `continue`
}

/// Which letters an on-screen keyboard capitalizes (UIKit's `UITextAutocapitalizationType`).
public enum AutocapitalizationType: Sendable, Hashable {
    case none, words, sentences, allCharacters
}
