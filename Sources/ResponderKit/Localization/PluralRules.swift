/// A CLDR plural category (Unicode's Language Plural Rules): the forms a `.stringsdict` entry
/// gives (`zero`, `one`, `two`, `few`, `many`, `other`). Which numbers fall in which category is the
/// language's (`PluralRules`); `other` is every language's catch-all.
public enum PluralCategory: String, CaseIterable, Hashable, Sendable {
    /// Arabic's 0 (and Latvian's), not English's "no items".
    case zero
    /// 1 in English; 1, 21, 31… in Russian.
    case one
    /// 2 in Arabic and Hebrew.
    case two
    /// Arabic's 3–10, Russian's 2–4, Polish's 2–4.
    case few
    /// Arabic's 11–99, Russian's 5–20, Polish's 5–21.
    case many
    /// Everything else.
    case other
}

/// A number as CLDR's plural operands see it: its absolute value `n`, integer digits `i`, the
/// count of visible fraction digits `v`, the fraction digits `f` and `t` (the same without
/// trailing zeros). `1` and `1.0` differ (`v` is 0 and 1): "1 visitor" but "1.0 visitors".
public struct PluralOperands: Hashable, Sendable {
    /// The absolute value.
    public var n: Double
    /// The integer digits of `n`.
    public var i: Int
    /// How many fraction digits are written.
    public var v: Int
    /// The written fraction digits as a whole number (`1.50` → 50).
    public var f: Int
    /// The same without trailing zeros (`1.50` → 5).
    public var t: Int

    /// The operands of a whole number.
    public init(_ value: Int) {
        let magnitude = value.magnitude > UInt(Int.max) ? Int.max : Int(value.magnitude)
        n = Double(magnitude)
        i = magnitude
        v = 0
        f = 0
        t = 0
    }

    /// The operands of a number as written in decimal (`"1.50"`, `"-3"`); nil when `written` is
    /// not a plain decimal number.
    public init?(decimal written: String) {
        var digits = Substring(written)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let fraction = parts.count > 1 ? parts[1] : ""
        guard fraction.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Double(digits) else { return nil }
        n = value
        i = Int(whole.suffix(18)) ?? 0
        v = fraction.count
        f = Int(fraction.prefix(18)) ?? 0
        let trimmed = fraction.prefix(18).reversed().drop { $0 == "0" }
        t = Int(String(trimmed.reversed())) ?? 0
    }

    /// The operands of an argument given to `localized`: integers exactly, floating-point
    /// numbers as their `description` writes them, anything else by its `description` if that
    /// is a decimal number; nil otherwise.
    public init?(argument: any CustomStringConvertible) {
        switch argument {
        case let value as Int: self.init(value)
        case let value as any BinaryInteger: self.init(Int(clamping: value))
        default:
            let written = argument.description
            guard let operands = PluralOperands(decimal: written) else { return nil }
            self = operands
        }
    }
}

/// CLDR's cardinal plural rules (version 44), for the languages the examples ship and the common
/// kiosk languages: Arabic, Hebrew, English and the Germanic languages, French, Spanish,
/// Portuguese, Italian, Russian, Ukrainian, Polish, Czech, Turkish, Persian, Hindi, and the
/// languages without plural forms (Chinese, Japanese, Korean, Thai, Vietnamese, Indonesian).
/// A language not listed uses the rule of `Localization.developmentLanguage` when that is
/// listed, else CLDR's root rule (everything is `other`).
public enum PluralRules {
    /// The languages by rule, as ISO 639 codes.
    nonisolated static let families: [String: Family] = {
        var table: [String: Family] = [:]
        for code in ["en", "de", "nl", "sv", "da", "nb", "no", "nn", "fi", "et", "it", "ca", "gl", "el", "bg", "hu", "ur", "sw"] {
            table[code] = .oneForIntegerOne
        }
        for code in ["zh", "ja", "ko", "th", "vi", "id", "ms", "lo", "my", "km"] { table[code] = .noPlurals }
        for code in ["fa", "hi", "bn", "gu", "kn", "mr", "zu", "am"] { table[code] = .oneForZeroOrOne }
        table["ar"] = .arabic
        table["he"] = .hebrew
        table["iw"] = .hebrew
        table["fr"] = .french
        table["es"] = .spanish
        table["pt"] = .portuguese
        table["ru"] = .eastSlavic
        table["uk"] = .eastSlavic
        table["be"] = .eastSlavic
        table["pl"] = .polish
        table["cs"] = .czech
        table["sk"] = .czech
        table["tr"] = .oneForNumberOne
        table["az"] = .oneForNumberOne
        return table
    }()

    /// The shapes of rule the table above names.
    enum Family {
        case noPlurals, oneForIntegerOne, oneForNumberOne, oneForZeroOrOne, arabic, hebrew, french, spanish, portuguese, eastSlavic, polish, czech
    }

    /// Whether `language` (a tag such as `ar-EG`) has its own rule here.
    nonisolated public static func hasRule(forLanguage language: String) -> Bool { family(of: language) != nil }

    nonisolated static func family(of language: String) -> Family? {
        let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return families[primary]
    }

    /// The category of `operands` in `language`; for a language without a rule, that of
    /// `fallbackLanguage`, else `other`.
    /// - Complexity: O(1).
    nonisolated public static func category(of operands: PluralOperands, language: String, fallbackLanguage: String = "en") -> PluralCategory {
        guard let family = family(of: language) ?? family(of: fallbackLanguage) else { return .other }
        let (n, i, v) = (operands.n, operands.i, operands.v)
        let isInteger = v == 0
        let n100 = isInteger ? i % 100 : -1
        switch family {
        case .noPlurals:
            return .other
        case .oneForIntegerOne:
            return i == 1 && isInteger ? .one : .other
        case .oneForNumberOne:
            return n == 1 ? .one : .other
        case .oneForZeroOrOne:
            return i == 0 || n == 1 ? .one : .other
        case .arabic:
            // zero: n = 0; one: n = 1; two: n = 2; few: n % 100 = 3..10; many: n % 100 = 11..99.
            if n == 0 { return .zero }
            if n == 1 { return .one }
            if n == 2 { return .two }
            if (3...10).contains(n100) { return .few }
            if (11...99).contains(n100) { return .many }
            return .other
        case .hebrew:
            // one: i = 1 and v = 0, or i = 0 and v != 0; two: i = 2 and v = 0.
            if (i == 1 && isInteger) || (i == 0 && !isInteger) { return .one }
            if i == 2 && isInteger { return .two }
            return .other
        case .french, .spanish, .portuguese:
            // one: i = 0,1 (French, Portuguese) or n = 1 (Spanish); many: millions exactly.
            let one = family == .spanish ? n == 1 : (0...1).contains(i)
            if one { return .one }
            if isInteger, i != 0, i % 1_000_000 == 0 { return .many }
            return .other
        case .eastSlavic:
            guard isInteger else { return .other }
            if i % 10 == 1, n100 != 11 { return .one }
            if (2...4).contains(i % 10), !(12...14).contains(n100) { return .few }
            return .many
        case .polish:
            guard isInteger else { return .other }
            if i == 1 { return .one }
            if (2...4).contains(i % 10), !(12...14).contains(n100) { return .few }
            return .many
        case .czech:
            guard isInteger else { return .many }
            if i == 1 { return .one }
            if (2...4).contains(i) { return .few }
            return .other
        }
    }
}
