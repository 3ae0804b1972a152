/// Apple's `.strings` format, read without Foundation: `"key" = "value";` pairs in UTF-8, with
/// `/* block */` and `// line` comments, the escapes `\"`, `\\`, `\n`, `\t`, `\r`, `\0` and
/// `\Uxxxx` (UTF-16, surrogate pairs joined), and unquoted keys and values made of letters,
/// digits and `_$.:/-` (old-style property lists allow them). A key alone (`"key";`) maps to
/// itself. A later duplicate key wins, as Foundation's reader does.
///
/// Errors name the file, line and column (`StringsFileError`): a missing `;` or `=`, an
/// unterminated string or comment, a bad escape, bytes that are not UTF-8.
public struct StringsFile: Hashable, Sendable {
    /// The pairs, by key.
    public var strings: [String: String]

    /// Makes a table from pairs already parsed.
    public init(strings: [String: String]) { self.strings = strings }

    /// Parses `text`; `file` names it in errors.
    /// - Complexity: O(length of `text`).
    public static func parse(_ text: String, file: String) throws(StringsFileError) -> StringsFile {
        var parser = StringsFileParser(text: text, file: file)
        return StringsFile(strings: try parser.parse())
    }

    /// Parses UTF-8 `bytes` (a byte-order mark is skipped); `file` names it in errors.
    /// - Complexity: O(bytes).
    public static func parse(utf8 bytes: [UInt8], file: String) throws(StringsFileError) -> StringsFile {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if body.starts(with: [0xFF, 0xFE]) || body.starts(with: [0xFE, 0xFF]) {
            throw StringsFileError(file: file, line: 1, column: 1, message: "the file is UTF-16; save it as UTF-8")
        }
        guard let text = String(validating: body, as: UTF8.self) else {
            var line = 1
            var column = 1
            var decoder = UTF8()
            var iterator = body.makeIterator()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    if scalar == "\n" { (line, column) = (line + 1, 1) } else { column += 1 }
                case .emptyInput: break loop
                case .error: break loop
                }
            }
            throw StringsFileError(file: file, line: line, column: column, message: "bytes that are not UTF-8")
        }
        return try parse(text, file: file)
    }
}

/// The scanner behind `StringsFile.parse`: one pass over the scalars, tracking line and column.
struct StringsFileParser: ScalarScanner {
    var cursor: ScalarCursor

    init(text: String, file: String) { cursor = ScalarCursor(text: text, file: file) }

    mutating func parse() throws(StringsFileError) -> [String: String] {
        var strings: [String: String] = [:]
        while true {
            try skipSpaceAndComments()
            guard index < scalars.count else { return strings }
            let key = try token(what: "a key")
            try skipSpaceAndComments()
            if peek == ";" {
                advance()
                strings[key] = key
                continue
            }
            guard peek == "=" else { throw error(expected: "'=' after the key \"\(key)\"") }
            advance()
            try skipSpaceAndComments()
            let value = try token(what: "a value for the key \"\(key)\"")
            try skipSpaceAndComments()
            guard peek == ";" else { throw error(expected: "';' after the value of \"\(key)\"") }
            advance()
            strings[key] = value
        }
    }

    func error(expected: String) -> StringsFileError {
        guard let found = peek else { return error("expected \(expected), found the end of the file") }
        return error("expected \(expected), found '\(found.escaped(asASCII: false))'")
    }

    mutating func skipSpaceAndComments() throws(StringsFileError) {
        while let scalar = peek {
            if scalar.properties.isWhitespace {
                advance()
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                let (startLine, startColumn) = (line, column)
                advance()
                advance()
                while true {
                    guard let next = peek else { throw error("unterminated /* comment", line: startLine, column: startColumn) }
                    advance()
                    if next == "*", peek == "/" {
                        advance()
                        break
                    }
                }
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while let next = peek, next != "\n" { advance() }
            } else {
                return
            }
        }
    }

    static func isUnquoted(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) || "_$.:/-".unicodeScalars.contains(scalar)
    }

    mutating func token(what: String) throws(StringsFileError) -> String {
        guard let first = peek else { throw error(expected: what) }
        if first == "\"" { return try quoted() }
        guard Self.isUnquoted(first) else { throw error(expected: what) }
        var text = String.UnicodeScalarView()
        while let scalar = peek, Self.isUnquoted(scalar) {
            text.append(scalar)
            advance()
        }
        return String(text)
    }

    mutating func quoted() throws(StringsFileError) -> String {
        let (startLine, startColumn) = (line, column)
        advance()
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else { throw error("unterminated string (it starts here)", line: startLine, column: startColumn) }
            if scalar == "\"" {
                advance()
                return String(text)
            }
            if scalar == "\\" {
                let (escapeLine, escapeColumn) = (line, column)
                advance()
                guard let escaped = peek else { throw error("unterminated string (it starts here)", line: startLine, column: startColumn) }
                advance()
                switch escaped {
                case "\"", "\\", "'": text.append(escaped)
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "0": text.append("\0")
                case "U", "u": text.append(try unicodeEscape(line: escapeLine, column: escapeColumn))
                default:
                    throw error("unknown escape '\\\(escaped.escaped(asASCII: false))'", line: escapeLine, column: escapeColumn)
                }
                continue
            }
            text.append(scalar)
            advance()
        }
    }

    /// The scalar of `\Uxxxx` (and the low half that must follow a high surrogate).
    mutating func unicodeEscape(line: Int, column: Int) throws(StringsFileError) -> Unicode.Scalar {
        let high = try hexQuad(line: line, column: column)
        if let scalar = Unicode.Scalar(high) { return scalar }
        guard (0xD800...0xDBFF).contains(high), peek == "\\", index + 1 < scalars.count, scalars[index + 1] == "U" || scalars[index + 1] == "u"
        else { throw error("\\U\(String(high, radix: 16)) is half of a surrogate pair", line: line, column: column) }
        advance()
        advance()
        let low = try hexQuad(line: line, column: column)
        guard (0xDC00...0xDFFF).contains(low), let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
            throw error("\\U\(String(high, radix: 16)) is not followed by a low surrogate", line: line, column: column)
        }
        return scalar
    }

    mutating func hexQuad(line: Int, column: Int) throws(StringsFileError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek, scalar.isASCII, let digit = Int(String(scalar), radix: 16)
            else { throw error("\\U needs four hexadecimal digits", line: line, column: column) }
            value = value * 16 + UInt32(digit)
            advance()
        }
        return value
    }
}
