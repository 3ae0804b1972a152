/// One `.stringsdict` entry: a format whose `%#@name@` variables are replaced by the form their
/// number picks, the way Foundation's `String.localizedStringWithFormat` resolves a string
/// `NSLocalizedString` found in a `.stringsdict`.
public struct PluralizedString: Hashable, Sendable {
    /// The key of an entry's format in the file.
    public static let formatKey = "NSStringLocalizedFormatKey"

    /// A variable: the forms by category and the conversion of its number (`d`, `ld`, `f`, …).
    public struct Variable: Hashable, Sendable {
        /// `NSStringFormatValueTypeKey`: how the forms write the number (informational; a form's
        /// unnumbered placeholder always takes the variable's number).
        public var valueType: String?
        /// The forms by category; `other` is always there.
        public var forms: [PluralCategory: String]

        /// A variable with `forms`.
        public init(valueType: String? = nil, forms: [PluralCategory: String]) {
            self.valueType = valueType
            self.forms = forms
        }

        /// The form for `category`, else `other` (a translation may omit forms its language
        /// never uses for the numbers shown).
        public func form(for category: PluralCategory) -> String? { forms[category] ?? forms[.other] }
    }

    /// `NSStringLocalizedFormatKey`: the format with `%#@name@` (or `%2$#@name@`) variables.
    public var format: String
    /// The variables by name.
    public var variables: [String: Variable]

    /// An entry with `format` and its `variables`.
    public init(format: String, variables: [String: Variable]) {
        self.format = format
        self.variables = variables
    }

    /// The names of the `%#@name@` variables in `format`, in order.
    /// - Complexity: O(length of `format`).
    nonisolated public static func variableNames(in format: String) -> [String] {
        FormatScanner.specifiers(in: format).compactMap(\.variable)
    }

    /// The format resolved for `arguments` in `language`: each variable replaced by its form
    /// for the number it takes (the next argument, or the numbered one), every placeholder then
    /// numbered so `Localization.format(_:_:)` fills it with the argument it meant. Nil when an
    /// argument a variable needs is missing or is not a number (the caller falls back).
    /// - Complexity: O(length of the format and forms).
    nonisolated public func resolve(arguments: [any CustomStringConvertible], language: String, fallbackLanguage: String = "en") -> String? {
        FormatScanner.substitute(in: format) { specifier, index in
            if specifier.isPercent { return "%%" }
            guard let name = specifier.variable else { return "%\(index + 1)$" + specifier.conversion }
            guard index >= 0, index < arguments.count, let operands = PluralOperands(argument: arguments[index]),
                let variable = variables[name]
            else { return nil }
            // A `zero` form is for 0 in every language, as Foundation uses it.
            let isZero = operands.n == 0 && operands.v == 0 && variable.forms[.zero] != nil
            let category = isZero ? .zero : PluralRules.category(of: operands, language: language, fallbackLanguage: fallbackLanguage)
            return variable.form(for: category).map { Self.numbering($0, as: index) }
        }
    }

    /// `form` with its unnumbered placeholders numbered `index + 1` (they all mean the variable's
    /// number, as in Foundation), numbered ones and `%%` kept.
    nonisolated static func numbering(_ form: String, as index: Int) -> String {
        FormatScanner.substitute(in: form) { specifier, _ in
            if specifier.isPercent || specifier.position != nil || specifier.variable != nil { return String(form[specifier.range]) }
            return "%\(index + 1)$" + specifier.conversion
        } ?? form
    }
}

/// Finds the placeholders of a format: `%%`, `%@`, `%d`, `%ld`, `%2$d`, `%#@name@`, `%1$#@name@`.
enum FormatScanner {
    /// One placeholder.
    struct Specifier {
        var range: Range<String.Index>
        /// The `n` of `%n$…`.
        var position: Int?
        /// The length modifiers and conversion (`ld`, `@`), empty for a variable.
        var conversion: String
        /// The name of a `%#@name@` variable.
        var variable: String?
        var isPercent: Bool
    }

    /// `format` with each placeholder replaced by what `replacement` gives for it and the
    /// argument it takes (its number less one, else the next unnumbered argument; -1 for
    /// `%%`); nil as soon as `replacement` gives nil.
    /// - Complexity: O(length of `format` and of the replacements).
    static func substitute(in format: String, _ replacement: (Specifier, Int) -> String?) -> String? {
        var result = ""
        var next = 0
        var cursor = format.startIndex
        for specifier in specifiers(in: format) {
            result += format[cursor..<specifier.range.lowerBound]
            cursor = specifier.range.upperBound
            var index = -1
            if !specifier.isPercent {
                if let position = specifier.position {
                    index = position - 1
                } else {
                    index = next
                    next += 1
                }
            }
            guard let replaced = replacement(specifier, index) else { return nil }
            result += replaced
        }
        result += format[cursor...]
        return result
    }

    /// The placeholders of `format`, in order; text that is not one is skipped.
    /// - Complexity: O(length of `format`).
    static func specifiers(in format: String) -> [Specifier] {
        var found: [Specifier] = []
        var index = format.startIndex
        while let percent = format[index...].firstIndex(of: "%") {
            var cursor = format.index(after: percent)
            guard cursor < format.endIndex else { break }
            if format[cursor] == "%" {
                cursor = format.index(after: cursor)
                found.append(Specifier(range: percent..<cursor, conversion: "", isPercent: true))
                index = cursor
                continue
            }
            var position: Int?
            let digitsEnd = format[cursor...].firstIndex { !$0.isASCII || !$0.isNumber } ?? format.endIndex
            if digitsEnd > cursor, digitsEnd < format.endIndex, format[digitsEnd] == "$", let number = Int(format[cursor..<digitsEnd]) {
                position = number
                cursor = format.index(after: digitsEnd)
            }
            if format[cursor...].hasPrefix("#@") {
                let nameStart = format.index(cursor, offsetBy: 2)
                if let close = format[nameStart...].firstIndex(of: "@"), close > nameStart {
                    let end = format.index(after: close)
                    found.append(
                        Specifier(range: percent..<end, position: position, conversion: "", variable: String(format[nameStart..<close]), isPercent: false))
                    index = end
                    continue
                }
            }
            let conversionStart = cursor
            while cursor < format.endIndex, "lhq".contains(format[cursor]) { cursor = format.index(after: cursor) }
            guard cursor < format.endIndex, "@diuf".contains(format[cursor]) else {
                index = cursor
                continue
            }
            let end = format.index(after: cursor)
            found.append(Specifier(range: percent..<end, position: position, conversion: String(format[conversionStart..<end]), isPercent: false))
            index = end
        }
        return found
    }
}
