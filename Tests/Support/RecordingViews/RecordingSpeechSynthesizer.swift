import ResponderKit

/// A speech synthesizer that records what it was asked to say instead of speaking, so tests can
/// compare the spoken sequence with the expected one.
/// Not main-actor isolated, as the protocol is not: the screen reader calls it on the main actor.
public final class RecordingSpeechSynthesizer: SpeechSynthesizer {
    /// Every utterance passed to `speak(_:)`, in order.
    public private(set) var utterances: [SpeechUtterance] = []
    /// How many times speech was stopped.
    public private(set) var stopCount = 0
    /// Whether speech is paused.
    public private(set) var isPaused = false

    /// Makes an empty recorder.
    public init() {}

    /// The texts spoken, in order.
    public var texts: [String] { utterances.map(\.text) }

    /// Records `utterance`.
    public func speak(_ utterance: SpeechUtterance) { utterances.append(utterance) }
    /// Records a stop.
    public func stopSpeaking() { stopCount += 1 }
    /// Pauses.
    public func pauseSpeaking() { isPaused = true }
    /// Resumes.
    public func continueSpeaking() { isPaused = false }
    /// Forgets what was recorded.
    public func clear() { utterances.removeAll() }
}
