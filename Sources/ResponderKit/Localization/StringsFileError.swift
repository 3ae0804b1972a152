/// A `.strings` or `.stringsdict` file that could not be read or parsed: the file, the 1-based line and column,
/// and what was wrong, in one message (`description`), so a bad translation never crashes the
/// kiosk and the translator knows where to look.
public struct StringsFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path (or the name given to `StringsFile.parse(_:file:)`).
    public var file: String
    /// The line of the problem, from 1; 0 when the file could not be read at all.
    public var line: Int
    /// The column (in characters) of the problem, from 1; 0 when the file could not be read.
    public var column: Int
    /// What was wrong.
    public var message: String

    /// An error at `line`:`column` of `file`.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, as compilers print it.
    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}
