/// Why a voice could not be opened, in words a person setting up a kiosk can act on.
public struct SpeechError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The message, naming the library call that failed and what to install or start.
    public let description: String

    /// Makes an error with `description`.
    public init(_ description: String) { self.description = description }
}
