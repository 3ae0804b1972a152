import ResponderKit

/// The voice of a kiosk without speech (`--speech none`, or no speech-dispatcher and no espeak-ng):
/// it says nothing, and keeps the paused state so the screen reader's pause gesture still answers.
public final class SilentSpeechSynthesizer: SpeechSynthesizer {
    /// Why there is no voice, for diagnostics ("--speech none", or the errors of the voices tried).
    public let reason: String
    /// Whether speech is paused.
    public private(set) var isPaused = false

    /// Makes a silent voice; `reason` says why there is no real one.
    public init(reason: String) { self.reason = reason }

    /// Says nothing.
    public func speak(_ utterance: SpeechUtterance) {}
    /// Nothing speaks; ends a pause.
    public func stopSpeaking() { isPaused = false }
    /// Records the pause.
    public func pauseSpeaking() { isPaused = true }
    /// Ends the pause.
    public func continueSpeaking() { isPaused = false }
}
