import ResponderKit

/// The `--speech` voice, opened at the first word spoken rather than at start.
///
/// Opening speech-dispatcher (`spd_open2`) may spawn its daemon, and espeak-ng loads its voice
/// data: a cost a kiosk that never speaks (the screen reader off, no time-limit warning) should not
/// pay before its first frame. The hosts install this as the screen reader's synthesizer, so
/// the choice is made once, when something first needs to be said. A voice that cannot be opened
/// is reported once on standard error and the kiosk stays silent.
final class DeferredSpeechSynthesizer: SpeechSynthesizer {
    private let choice: SpeechChoice
    private var voice: (any SpeechSynthesizer)?
    private var failed = false

    /// A synthesizer that opens `choice` (``SpeechSynthesizers/make(_:report:)``) when first asked to speak.
    init(choice: SpeechChoice) { self.choice = choice }

    /// The opened voice, opening it on the first call; nil after a failure (reported once).
    private func opened() -> (any SpeechSynthesizer)? {
        if let voice { return voice }
        if failed { return nil }
        do {
            voice = try SpeechSynthesizers.make(choice)
        } catch {
            failed = true
            warn("speech: \(error)")
        }
        return voice
    }

    func speak(_ utterance: SpeechUtterance) { opened()?.speak(utterance) }
    func stopSpeaking() { voice?.stopSpeaking() }
    func pauseSpeaking() { voice?.pauseSpeaking() }
    func continueSpeaking() { voice?.continueSpeaking() }
    var isPaused: Bool { voice?.isPaused ?? false }
}
