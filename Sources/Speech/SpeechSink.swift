import ResponderKit

/// What a ``SpeechQueue`` drives: a voice that says one utterance at a time.
///
/// The queue decides what speaks and when (priorities, interruption, pausing); a sink only starts,
/// stops, pauses and resumes, and reports the end of each utterance to the queue with
/// ``SpeechQueue/sinkDidFinish(_:)``. ``EspeakSynthesizer`` is a queue over espeak-ng's engine; tests
/// drive a queue with a recording sink.
///
/// The queue calls a sink while it holds its lock, so every method must return at once (hand the
/// work to another thread) and must never call the queue back from inside the call.
public protocol SpeechSink: AnyObject, Sendable {
    /// Starts speaking `utterance`; `id` names it in ``SpeechQueue/sinkDidFinish(_:)``.
    func begin(_ utterance: SpeechUtterance, id: Int)
    /// Stops the utterance `id` at once (it will not be reported finished).
    func cancel(id: Int)
    /// Pauses the utterance `id` where it is.
    func pause(id: Int)
    /// Resumes the utterance `id` paused by `pause(id:)`.
    func resume(id: Int)
}
