extension Localization {
    /// `template` with its placeholders replaced by `arguments`, the subset of `String(format:)`
    /// that translated strings use: `%@`, `%d`, `%i`, `%u`, `%ld`, `%lld`, `%lu` and `%f` take
    /// the next argument's `description`; `%1$@`, `%2$d`, … take the numbered one (translators
    /// reorder them); `%%` is a percent sign. A placeholder with no argument, or one this does
    /// not know, is kept as written, so a bad translation shows visibly instead of crashing.
    /// - Complexity: O(length of `template` + length of the arguments).
    nonisolated public static func format(_ template: String, _ arguments: [any CustomStringConvertible]) -> String {
        var result = ""
        var next = 0
        var rest = template[...]
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            var cursor = rest.index(after: percent)
            guard cursor < rest.endIndex else {
                result += "%"
                rest = rest[cursor...]
                break
            }
            if rest[cursor] == "%" {
                result += "%"
                rest = rest[rest.index(after: cursor)...]
                continue
            }
            // An optional position: digits then `$`.
            var position: Int?
            let digitsEnd = rest[cursor...].firstIndex { !$0.isASCII || !$0.isNumber } ?? rest.endIndex
            if digitsEnd > cursor, digitsEnd < rest.endIndex, rest[digitsEnd] == "$", let number = Int(rest[cursor..<digitsEnd]) {
                position = number
                cursor = rest.index(after: digitsEnd)
            }
            // Length modifiers, then the conversion.
            while cursor < rest.endIndex, rest[cursor] == "l" || rest[cursor] == "h" || rest[cursor] == "q" { cursor = rest.index(after: cursor) }
            guard cursor < rest.endIndex, "@diuf".contains(rest[cursor]) else {
                result += rest[percent..<cursor]
                rest = rest[cursor...]
                continue
            }
            let end = rest.index(after: cursor)
            let index: Int
            if let position {
                index = position - 1
            } else {
                index = next
                next += 1
            }
            if index >= 0, index < arguments.count {
                result += arguments[index].description
            } else {
                result += rest[percent..<end]
            }
            rest = rest[end...]
        }
        result += rest
        return result
    }
}

/// The localized string for `key` with `arguments` put in its placeholders
/// (`Localization.format(_:_:)`): `localized("%d visitors", count)`.
@MainActor
public func localized(_ key: String, _ arguments: any CustomStringConvertible..., comment: StaticString = "") -> String {
    Localization.format(Localization.string(key, comment: comment), arguments)
}
