/// What happened to an utterance a voice was given, as the voice reports it (speech-dispatcher's
/// `SPD_BEGIN`, `SPD_END`, `SPD_CANCEL` notifications; espeak-ng's first samples and
/// `espeakEVENT_MSG_TERMINATED`).
public struct SpeechEvent: Equatable, Sendable, CustomStringConvertible {
    /// The kinds of report.
    public enum Kind: String, Equatable, Sendable {
        /// The voice started to speak the utterance.
        case began
        /// The voice said all of it.
        case ended
        /// The voice stopped it before the end (an interrupt, `stopSpeaking()`).
        case cancelled
    }

    /// The kind of report.
    public let kind: Kind
    /// The voice's number for the utterance (speech-dispatcher's message id, or the queue's id).
    public let id: Int

    /// Makes a report.
    public init(_ kind: Kind, id: Int) {
        self.kind = kind
        self.id = id
    }

    public var description: String { "\(kind.rawValue) \(id)" }
}
