/// The accented variants a long press on a letter offers (the built-in keyboard's popup), in the
/// order UIKit's English keyboard shows them. Upper-case variants come from `uppercased()`
/// (a variant without a one-letter capital, ß, is left out).
enum KeyVariants {
    static let table: [String: [String]] = [
        "a": ["à", "á", "â", "ä", "æ", "ã", "å", "ā"],
        "c": ["ç", "ć", "č"],
        "e": ["è", "é", "ê", "ë", "ē", "ė", "ę"],
        "i": ["î", "ï", "í", "ī", "į", "ì"],
        "l": ["ł"],
        "n": ["ñ", "ń"],
        "o": ["ô", "ö", "ò", "ó", "œ", "ø", "ō", "õ"],
        "s": ["ß", "ś", "š"],
        "u": ["û", "ü", "ù", "ú", "ū"],
        "y": ["ÿ"],
        "z": ["ž", "ź", "ż"]
    ]

    /// The variants of `text` (a single letter, either case), upper-case when `text` is.
    static func variants(of text: String) -> [String] {
        let lower = text.lowercased()
        guard let found = table[lower] else { return [] }
        return text == lower ? found : found.compactMap { $0.uppercased().count == 1 ? $0.uppercased() : nil }
    }
}
