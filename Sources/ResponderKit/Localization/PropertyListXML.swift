/// A value of an XML property list (Apple's `plist` DTD), with the line and column it starts at so
/// a reader of the values can say where a wrong one is.
public struct PropertyListNode: Hashable, Sendable {
    /// What a node holds: the plist DTD's elements (`data` and `date` kept as their text).
    public indirect enum Value: Hashable, Sendable {
        /// `<string>` (entities and CDATA decoded).
        case string(String)
        /// `<integer>`.
        case integer(Int)
        /// `<real>`.
        case real(Double)
        /// `<true/>` or `<false/>`.
        case boolean(Bool)
        /// `<date>`, as written (ISO 8601).
        case date(String)
        /// `<data>`, its base64 text without white space.
        case data(String)
        /// `<array>`.
        case array([PropertyListNode])
        /// `<dict>`: its keys in file order with their values (a later duplicate key wins in
        /// `dictionary`, as Foundation's reader).
        case dictionary([(key: String, value: PropertyListNode)])

        /// Equal values (dictionaries: the same keys in the same order with equal values).
        public static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.string(let a), .string(let b)), (.date(let a), .date(let b)), (.data(let a), .data(let b)): return a == b
            case (.integer(let a), .integer(let b)): return a == b
            case (.real(let a), .real(let b)): return a == b
            case (.boolean(let a), .boolean(let b)): return a == b
            case (.array(let a), .array(let b)): return a == b
            case (.dictionary(let a), .dictionary(let b)): return a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
            default: return false
            }
        }

        /// Hashes what `==` compares.
        public func hash(into hasher: inout Hasher) {
            switch self {
            case .string(let s), .date(let s), .data(let s): hasher.combine(s)
            case .integer(let i): hasher.combine(i)
            case .real(let r): hasher.combine(r)
            case .boolean(let b): hasher.combine(b)
            case .array(let a): hasher.combine(a)
            case .dictionary(let d):
                for (key, value) in d {
                    hasher.combine(key)
                    hasher.combine(value)
                }
            }
        }
    }

    /// The value.
    public var value: Value
    /// The line of the value's start tag, from 1.
    public var line: Int
    /// The column of the value's start tag, from 1.
    public var column: Int

    /// A node holding `value` that starts at `line`:`column`.
    public init(_ value: Value, line: Int = 0, column: Int = 0) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// The string, when this is a `<string>`.
    public var string: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    /// The entries by key, when this is a `<dict>` (a later duplicate key wins).
    public var dictionary: [String: PropertyListNode]? {
        guard case .dictionary(let pairs) = value else { return nil }
        var result: [String: PropertyListNode] = [:]
        for (key, node) in pairs { result[key] = node }
        return result
    }
}

/// Apple's XML property list format, read without Foundation (for `.stringsdict` files): the
/// `<?xml?>` declaration, a `<!DOCTYPE>`, comments, `<plist>` around one value, the elements
/// `dict` (with `key`), `array`, `string`, `integer`, `real`, `true`, `false`, `date` and `data`,
/// empty elements (`<string/>`), the five named entities, numeric character references and CDATA
/// sections. Anything else is an error naming the line and column (`StringsFileError`): an
/// unclosed or mismatched tag, a `dict` value without its `key`, text that is not a number in
/// `integer`, bytes that are not UTF-8, nesting deeper than `maximumDepth`.
public enum PropertyListXML {
    /// How deep arrays and dictionaries may nest (a hostile file cannot exhaust the stack).
    public static let maximumDepth = 64

    /// Parses UTF-8 `bytes` (a byte-order mark is skipped); `file` names it in errors.
    /// - Complexity: O(bytes).
    public static func parse(utf8 bytes: [UInt8], file: String) throws(StringsFileError) -> PropertyListNode {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(validating: body, as: UTF8.self) else {
            throw StringsFileError(file: file, line: 1, column: 1, message: "bytes that are not UTF-8; save the property list as UTF-8")
        }
        return try parse(text, file: file)
    }

    /// Parses `text`; `file` names it in errors.
    /// - Complexity: O(length of `text`).
    public static func parse(_ text: String, file: String) throws(StringsFileError) -> PropertyListNode {
        var reader = PropertyListXMLReader(text: text, file: file)
        return try reader.document()
    }
}

/// The scanner behind `PropertyListXML.parse`: one pass over the scalars, tracking line and column.
struct PropertyListXMLReader: ScalarScanner {
    var cursor: ScalarCursor

    init(text: String, file: String) { cursor = ScalarCursor(text: text, file: file) }

    /// A tag: its name, whether it closes (`</x>`) and whether it is empty (`<x/>`).
    struct Tag {
        var name: String
        var isClosing: Bool
        var isEmpty: Bool
        var line: Int
        var column: Int
    }

    func starts(with literal: String) -> Bool {
        var i = index
        for scalar in literal.unicodeScalars {
            guard i < scalars.count, scalars[i] == scalar else { return false }
            i += 1
        }
        return true
    }

    mutating func skip(_ literal: String) {
        for _ in literal.unicodeScalars { advance() }
    }

    /// Skips past `terminator`, or fails naming what was left open where it started.
    mutating func skip(through terminator: String, what: String) throws(StringsFileError) {
        let (startLine, startColumn) = (line, column)
        while !starts(with: terminator) {
            guard peek != nil else { throw error("unterminated \(what) (it starts here)", line: startLine, column: startColumn) }
            advance()
        }
        skip(terminator)
    }

    /// Skips white space, comments and processing instructions; the DOCTYPE where allowed.
    mutating func skipMisc() throws(StringsFileError) {
        while let scalar = peek {
            if scalar.properties.isWhitespace {
                advance()
            } else if starts(with: "<!--") {
                try skip(through: "-->", what: "<!-- comment")
            } else if starts(with: "<?") {
                try skip(through: "?>", what: "<? declaration")
            } else if starts(with: "<!DOCTYPE") {
                try skip(through: ">", what: "<!DOCTYPE")
            } else {
                return
            }
        }
    }

    /// The whole file: one `<plist>` holding one value (a bare value is accepted too).
    mutating func document() throws(StringsFileError) -> PropertyListNode {
        try skipMisc()
        guard peek != nil else { throw error("the file is empty: expected <plist>") }
        var tag = try self.tag()
        let node: PropertyListNode
        if tag.name == "plist", !tag.isClosing {
            guard !tag.isEmpty else { throw error("<plist/> holds no value", line: tag.line, column: tag.column) }
            try skipMisc()
            tag = try self.tag()
            node = try value(opening: tag, depth: 0)
            try skipMisc()
            let close = try self.tag()
            guard close.isClosing, close.name == "plist" else {
                throw error("expected </plist> after the top value, found <\(close.isClosing ? "/" : "")\(close.name)>", line: close.line, column: close.column)
            }
        } else {
            node = try value(opening: tag, depth: 0)
        }
        try skipMisc()
        guard peek == nil else { throw error("text after the end of the property list") }
        return node
    }

    /// Reads a tag at the current `<`.
    mutating func tag() throws(StringsFileError) -> Tag {
        let (startLine, startColumn) = (line, column)
        guard peek == "<" else { throw error("expected a tag, found text") }
        advance()
        var closing = false
        if peek == "/" {
            closing = true
            advance()
        }
        var name = ""
        while let scalar = peek, scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "-" || scalar == "_" || scalar == ":" {
            name.unicodeScalars.append(scalar)
            advance()
        }
        guard !name.isEmpty else { throw error("a tag without a name", line: startLine, column: startColumn) }
        // Attributes (plist's version) are skipped, quotes respected.
        var quote: Unicode.Scalar?
        while let scalar = peek {
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" || scalar == "<" {
                break
            }
            advance()
        }
        guard peek == ">" else { throw error("the tag <\(closing ? "/" : "")\(name) is not closed with '>'", line: startLine, column: startColumn) }
        let empty = index > 0 && scalars[index - 1] == "/"
        advance()
        return Tag(name: name, isClosing: closing, isEmpty: empty && !closing, line: startLine, column: startColumn)
    }

    /// The value `tag` opens.
    mutating func value(opening tag: Tag, depth: Int) throws(StringsFileError) -> PropertyListNode {
        guard !tag.isClosing else { throw error("unexpected </\(tag.name)>: expected a value", line: tag.line, column: tag.column) }
        guard depth < PropertyListXML.maximumDepth else {
            throw error("nested deeper than \(PropertyListXML.maximumDepth) levels", line: tag.line, column: tag.column)
        }
        func node(_ value: PropertyListNode.Value) -> PropertyListNode { PropertyListNode(value, line: tag.line, column: tag.column) }
        switch tag.name {
        case "true", "false":
            if !tag.isEmpty { try closeTag(tag) }
            return node(.boolean(tag.name == "true"))
        case "string": return node(.string(try text(of: tag)))
        case "date": return node(.date(try text(of: tag).trimmedOfWhitespace))
        case "data": return node(.data(String(String.UnicodeScalarView(try text(of: tag).unicodeScalars.filter { !$0.properties.isWhitespace }))))
        case "integer":
            let written = try text(of: tag).trimmedOfWhitespace
            guard let number = Int(written) else { throw error("<integer> holds \"\(written)\", not a whole number", line: tag.line, column: tag.column) }
            return node(.integer(number))
        case "real":
            let written = try text(of: tag).trimmedOfWhitespace
            guard let number = Double(written) else { throw error("<real> holds \"\(written)\", not a number", line: tag.line, column: tag.column) }
            return node(.real(number))
        case "array":
            var items: [PropertyListNode] = []
            try readChildren(of: tag) { (reader: inout PropertyListXMLReader, next: Tag) throws(StringsFileError) in
                items.append(try reader.value(opening: next, depth: depth + 1))
            }
            return node(.array(items))
        case "dict":
            var pairs: [(key: String, value: PropertyListNode)] = []
            try readChildren(of: tag) { (reader: inout PropertyListXMLReader, next: Tag) throws(StringsFileError) in
                guard next.name == "key" else { throw reader.error("expected <key> in <dict>, found <\(next.name)>", line: next.line, column: next.column) }
                let key = try reader.text(of: next)
                try reader.skipMisc()
                guard reader.peek != nil else { throw reader.error("<key>\(key)</key> has no value", line: next.line, column: next.column) }
                let valueTag = try reader.tag()
                guard !valueTag.isClosing else { throw reader.error("<key>\(key)</key> has no value", line: next.line, column: next.column) }
                pairs.append((key, try reader.value(opening: valueTag, depth: depth + 1)))
            }
            return node(.dictionary(pairs))
        default:
            throw error("<\(tag.name)> is not a property list element", line: tag.line, column: tag.column)
        }
    }

    /// Reads the elements inside `tag` up to its closing tag, handing each opening tag to
    /// `body` (none for an empty `<tag/>`).
    mutating func readChildren(
        of tag: Tag, _ body: (inout PropertyListXMLReader, Tag) throws(StringsFileError) -> Void
    ) throws(StringsFileError) {
        guard !tag.isEmpty else { return }
        while true {
            try skipMisc()
            guard peek != nil else { throw error("<\(tag.name)> is not closed (it starts here)", line: tag.line, column: tag.column) }
            let next = try self.tag()
            if next.isClosing {
                guard next.name == tag.name else { throw mismatch(next, open: tag) }
                return
            }
            try body(&self, next)
        }
    }

    func mismatch(_ close: Tag, open: Tag) -> StringsFileError {
        error("</\(close.name)> closes <\(open.name)> (line \(open.line))", line: close.line, column: close.column)
    }

    /// Reads up to the closing tag of `tag`.
    mutating func closeTag(_ tag: Tag) throws(StringsFileError) {
        try skipMisc()
        guard peek != nil else { throw error("<\(tag.name)> is not closed (it starts here)", line: tag.line, column: tag.column) }
        let close = try self.tag()
        guard close.isClosing, close.name == tag.name else { throw mismatch(close, open: tag) }
    }

    /// The character data of a text element up to its closing tag: entities and CDATA decoded,
    /// comments skipped, no child elements.
    mutating func text(of tag: Tag) throws(StringsFileError) -> String {
        if tag.isEmpty { return "" }
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else { throw error("<\(tag.name)> is not closed (it starts here)", line: tag.line, column: tag.column) }
            if starts(with: "<![CDATA[") {
                skip("<![CDATA[")
                let (startLine, startColumn) = (line, column)
                while !starts(with: "]]>") {
                    guard let inner = peek else { throw error("unterminated CDATA section (it starts here)", line: startLine, column: startColumn) }
                    result.append(inner)
                    advance()
                }
                skip("]]>")
            } else if starts(with: "<!--") {
                try skip(through: "-->", what: "<!-- comment")
            } else if scalar == "<" {
                let close = try self.tag()
                guard close.isClosing, close.name == tag.name else {
                    if close.isClosing { throw mismatch(close, open: tag) }
                    throw error("<\(close.name)> inside <\(tag.name)>: it holds text only", line: close.line, column: close.column)
                }
                return String(result)
            } else if scalar == "&" {
                result.append(try entity())
            } else {
                result.append(scalar)
                advance()
            }
        }
    }

    /// Decodes `&name;`, `&#NN;` or `&#xHH;` at the current `&`.
    mutating func entity() throws(StringsFileError) -> Unicode.Scalar {
        let (startLine, startColumn) = (line, column)
        advance()
        var name = ""
        while let scalar = peek, scalar != ";", name.unicodeScalars.count < 12 {
            guard !scalar.properties.isWhitespace, scalar != "<", scalar != "&" else { break }
            name.unicodeScalars.append(scalar)
            advance()
        }
        guard peek == ";" else { throw error("'&' that starts no entity (write &amp;)", line: startLine, column: startColumn) }
        advance()
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var number: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                number = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                number = UInt32(name.dropFirst(), radix: 10)
            }
            guard let number, let scalar = Unicode.Scalar(number), number != 0 else {
                throw error("unknown entity &\(name);", line: startLine, column: startColumn)
            }
            return scalar
        }
    }
}

extension String {
    /// This string without white space at either end.
    var trimmedOfWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
