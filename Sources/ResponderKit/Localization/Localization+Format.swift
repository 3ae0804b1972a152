extension Localization {
    /// `template` with its placeholders replaced by `arguments`, the subset of `String(format:)`
    /// that translated strings use: `%@`, `%d`, `%i`, `%u`, `%ld`, `%lld`, `%lu` and `%f` take
    /// the next argument's `description`; `%1$@`, `%2$d`, … take the numbered one (translators
    /// reorder them); `%%` is a percent sign. A placeholder with no argument, or one this does
    /// not know, is kept as written, so a bad translation shows visibly instead of crashing.
    /// - Complexity: O(length of `template` + length of the arguments).
    nonisolated public static func format(_ template: String, _ arguments: [any CustomStringConvertible]) -> String {
        FormatScanner.substitute(in: template) { specifier, index in
            if specifier.isPercent { return "%" }
            // A `.stringsdict` variable left unresolved, or an argument that is not there.
            guard specifier.variable == nil, index >= 0, index < arguments.count else { return String(template[specifier.range]) }
            return arguments[index].description
        } ?? template
    }
}

/// The localized string for `key` with `arguments` put in its placeholders
/// (`Localization.string(_:table:arguments:comment:)`): `localized("%d visitors", count)` picks
/// the plural form of a `.stringsdict` entry for `count` ("1 visitor", "3 visitors"), else
/// formats the `.strings` value.
@MainActor
public func localized(_ key: String, _ arguments: any CustomStringConvertible..., comment: StaticString = "") -> String {
    Localization.string(key, arguments: arguments, comment: comment)
}
