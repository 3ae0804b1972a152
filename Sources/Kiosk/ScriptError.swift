// Its own file, free of the host: the pure parse of a headless script (ScriptCommand.swift) throws
// it, and Tools/fuzz.sh compiles that parse without the rest of the module.

/// A script line that does not parse.
public struct ScriptError: Error, CustomStringConvertible, Sendable {
    /// The line the error is on (0: no particular line).
    public var line: Int
    /// What is wrong with the line.
    public var message: String
    /// An error about script line `line` (0: none).
    public init(line: Int = 0, _ message: String) {
        self.line = line
        self.message = message
    }
    /// The message, prefixed with `script line N:` when the line is known.
    public var description: String { line > 0 ? "script line \(line): \(message)" : message }
}
