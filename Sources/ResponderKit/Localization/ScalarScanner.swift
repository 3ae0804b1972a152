/// A position in a file's scalars with its line and column: the state the two hand-written
/// readers of localization files share (`StringsFileParser`, `PropertyListXMLReader`).
struct ScalarCursor {
    /// The file's text as Unicode scalars.
    let scalars: [Unicode.Scalar]
    /// The name errors give.
    let file: String
    /// The position, from 0.
    var index = 0
    /// The position's line, from 1.
    var line = 1
    /// The position's column, from 1.
    var column = 1

    init(text: String, file: String) {
        scalars = Array(text.unicodeScalars)
        self.file = file
    }
}

/// A reader over a `ScalarCursor`: the scalar at the position, one step forwards, and an error
/// at the position that names the file.
protocol ScalarScanner {
    /// Where the reader is.
    var cursor: ScalarCursor { get set }
}

extension ScalarScanner {
    /// The file's text as Unicode scalars.
    var scalars: [Unicode.Scalar] { cursor.scalars }
    /// The name errors give.
    var file: String { cursor.file }
    /// The position, from 0 (moved only by `advance()`).
    var index: Int { cursor.index }
    /// The position's line, from 1.
    var line: Int { cursor.line }
    /// The position's column, from 1.
    var column: Int { cursor.column }

    /// The scalar at the position; nil at the end.
    var peek: Unicode.Scalar? { cursor.index < cursor.scalars.count ? cursor.scalars[cursor.index] : nil }

    /// One scalar forwards, counting lines.
    mutating func advance() {
        if cursor.scalars[cursor.index] == "\n" {
            cursor.line += 1
            cursor.column = 1
        } else {
            cursor.column += 1
        }
        cursor.index += 1
    }

    /// An error at `line`:`column` (the position by default) of the file.
    func error(_ message: String, line: Int? = nil, column: Int? = nil) -> StringsFileError {
        StringsFileError(file: cursor.file, line: line ?? cursor.line, column: column ?? cursor.column, message: message)
    }
}
