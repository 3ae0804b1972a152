import ResponderKit

/// The fallback voice: espeak-ng through libespeak-ng, where no speech-dispatcher runs.
///
/// espeak-ng has a single queue and no priorities, so the rules of `SpeechSynthesizer` are kept
/// here by a ``SpeechQueue`` that hands espeak-ng one utterance at a time. espeak-ng runs in its own
/// asynchronous mode (`espeak_Initialize` with `AUDIO_OUTPUT_PLAYBACK`, or `AUDIO_OUTPUT_RETRIEVAL`
/// for `Output/samples(_:)`), and every libespeak-ng call is made on a worker queue: `speak(_:)`
/// returns at once and the main loop never waits for the engine.
///
/// espeak-ng cannot pause: `pauseSpeaking()` stops the utterance (`espeak_Cancel`) and
/// `continueSpeaking()` says it again from the word it was in (`espeak_Synth` from that
/// character position).
public final class EspeakSynthesizer: SpeechSynthesizer, Sendable {
    /// Where the audio goes.
    public enum Output: Sendable {
        /// espeak-ng plays it through pcaudiolib (PulseAudio or PipeWire's pulse server, else ALSA's
        /// default device).
        case playback
        /// Each buffer of 16-bit mono samples at ``EspeakSynthesizer/sampleRate`` goes to the
        /// closure with the id of its utterance, on espeak-ng's thread (tests, speechbench, or an
        /// app that plays audio itself).
        case samples(@Sendable (UnsafeBufferPointer<Int16>, Int) -> Void)
    }

    private let engine: EspeakEngine
    private let queue: SpeechQueue
    /// What was said and what espeak-ng reported (ids are the queue's).
    public let history: SpeechHistory

    /// Opens espeak-ng.
    /// - Parameters:
    ///   - output: play the audio (default) or hand the samples to a closure.
    ///   - observer: sees each report (began, ended, cancelled) on espeak-ng's or the worker's thread.
    /// - Throws: ``SpeechError`` when espeak-ng is already open in this process or
    ///   `espeak_Initialize` fails.
    public init(output: Output = .playback, observer: (@Sendable (SpeechEvent) -> Void)? = nil) throws(SpeechError) {
        history = SpeechHistory(observer: observer)
        let engineOutput: EspeakEngine.Output
        switch output {
        case .playback: engineOutput = .playback
        case .samples(let consumer): engineOutput = .samples(consumer)
        }
        engine = try EspeakEngine(output: engineOutput, history: history)
        let queue = SpeechQueue(sink: engine)
        self.queue = queue
        engine.activate { [weak queue] id in queue?.sinkDidFinish(id) }
    }

    deinit { engine.close() }

    /// The sample rate of the audio (22050 Hz for espeak-ng's voices).
    public var sampleRate: Int { engine.sampleRate }

    /// Speaks or queues `utterance` by its priority (``SpeechQueue``'s rules).
    public func speak(_ utterance: SpeechUtterance) { queue.speak(utterance) }

    /// Stops speaking (`espeak_Cancel`) and drops the queue.
    public func stopSpeaking() { queue.stopSpeaking() }

    /// Stops the utterance where it is, to be said again from that word by `continueSpeaking()`.
    public func pauseSpeaking() { queue.pauseSpeaking() }

    /// Resumes after `pauseSpeaking()`.
    public func continueSpeaking() { queue.continueSpeaking() }

    /// Whether speech is paused.
    public var isPaused: Bool { queue.isPaused }

    /// Whether nothing speaks and nothing waits.
    public var isIdle: Bool { queue.isIdle }

    /// Private listening: the headset jack (`SW_HEADPHONE_INSERT`) changed. Speech keeps playing to
    /// the default device, which the sound server or ALSA moves to the headset on the same jack
    /// event (espeak-ng's pcaudiolib opens no device of its own choosing), so this changes no setting: it answers
    /// how the audio gets there on this machine (``HeadsetRoute``), and `.noSoundCard` when it
    /// cannot, so the screen reader says "headset connected" only when it is true.
    public func routeToHeadset(_ inserted: Bool) -> HeadsetRoute { HeadsetRoute.current() }
}
