/// Apple's `.stringsdict` format (an XML property list), read without Foundation: per key, a
/// format (`NSStringLocalizedFormatKey`, such as `%#@visitors@`) whose variables each pick one of
/// the CLDR forms (`zero`, `one`, `two`, `few`, `many`, `other`) by the number given for them
/// (`NSStringFormatSpecTypeKey` = `NSStringPluralRuleType`).
///
/// ```xml
/// <key>%d visitors</key>
/// <dict>
///     <key>NSStringLocalizedFormatKey</key><string>%#@visitors@</string>
///     <key>visitors</key>
///     <dict>
///         <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
///         <key>NSStringFormatValueTypeKey</key><string>d</string>
///         <key>one</key><string>%d visitor</string>
///         <key>other</key><string>%d visitors</string>
///     </dict>
/// </dict>
/// ```
///
/// Errors name the file, line and column (`StringsFileError`): XML that is not a property list,
/// an entry without its format, a variable the format names but the entry lacks, a rule type
/// other than plurals, a variable without its `other` form.
public struct StringsDictFile: Hashable, Sendable {
    /// The entries, by key.
    public var entries: [String: PluralizedString]

    /// Makes a table from entries already parsed.
    public init(entries: [String: PluralizedString]) { self.entries = entries }

    /// Parses UTF-8 `bytes`; `file` names it in errors.
    /// - Complexity: O(bytes).
    public static func parse(utf8 bytes: [UInt8], file: String) throws(StringsFileError) -> StringsDictFile {
        try read(PropertyListXML.parse(utf8: bytes, file: file), file: file)
    }

    /// Parses `text`; `file` names it in errors.
    /// - Complexity: O(length of `text`).
    public static func parse(_ text: String, file: String) throws(StringsFileError) -> StringsDictFile {
        try read(PropertyListXML.parse(text, file: file), file: file)
    }

    /// The entries of a parsed property list.
    static func read(_ root: PropertyListNode, file: String) throws(StringsFileError) -> StringsDictFile {
        func error(_ node: PropertyListNode, _ message: String) -> StringsFileError {
            StringsFileError(file: file, line: node.line, column: node.column, message: message)
        }
        guard let top = root.dictionary else { throw error(root, "the top value is not a <dict> of keys") }
        var entries: [String: PluralizedString] = [:]
        for (key, node) in top {
            guard let entry = node.dictionary else { throw error(node, "\"\(key)\": expected a <dict>") }
            guard let formatNode = entry[PluralizedString.formatKey], let format = formatNode.string else {
                throw error(node, "\"\(key)\": no \(PluralizedString.formatKey) string")
            }
            var variables: [String: PluralizedString.Variable] = [:]
            for name in PluralizedString.variableNames(in: format) {
                guard let variableNode = entry[name], let variable = variableNode.dictionary else {
                    throw error(formatNode, "\"\(key)\": the format names %#@\(name)@ but there is no <dict> \"\(name)\"")
                }
                let specType = variable["NSStringFormatSpecTypeKey"]?.string
                guard specType == "NSStringPluralRuleType" else {
                    throw error(
                        variableNode,
                        "\"\(key)\".\(name): NSStringFormatSpecTypeKey is \(specType.map { "\"\($0)\"" } ?? "missing"), expected \"NSStringPluralRuleType\"")
                }
                var forms: [PluralCategory: String] = [:]
                for category in PluralCategory.allCases {
                    guard let formNode = variable[category.rawValue] else { continue }
                    guard let form = formNode.string else { throw error(formNode, "\"\(key)\".\(name).\(category.rawValue): expected a <string>") }
                    forms[category] = form
                }
                guard forms[.other] != nil else { throw error(variableNode, "\"\(key)\".\(name): no \"other\" form, which every language needs") }
                variables[name] = PluralizedString.Variable(valueType: variable["NSStringFormatValueTypeKey"]?.string, forms: forms)
            }
            entries[key] = PluralizedString(format: format, variables: variables)
        }
        return StringsDictFile(entries: entries)
    }
}
