import ResponderKit
import Synchronization

/// The priority rules of `SpeechSynthesizer` for a voice that has none of its own (espeak-ng):
/// one utterance speaks at a time, the others wait in priority order.
///
/// The rules, after speech-dispatcher's priorities (`SpeechPriority`):
/// - **important** speaks before everything else and is never cancelled by another utterance. It
///   stops a speaking interrupt or notification (which are dropped) and a speaking announcement
///   (which goes back to the front of the queue, to be said again from its start).
/// - **interrupt** (a new focus) cancels what speaks unless that is important, and drops every queued
///   utterance below important: the user moved on.
/// - **announcement** waits behind whatever speaks or is queued; only an interrupt or
///   `stopSpeaking()` drops it.
/// - **notification** speaks only when nothing speaks or waits; otherwise it is dropped, and
///   anything else that comes cancels it.
///
/// Thread-safe: the main thread speaks, the sink reports ends from its own thread.
public final class SpeechQueue: Sendable {
    private struct Entry {
        let id: Int
        let utterance: SpeechUtterance
    }

    private struct State {
        var nextID = 1
        var speaking: Entry?
        /// Waiting utterances, most urgent first, in arrival order within a priority.
        var waiting: [Entry] = []
        var isPaused = false
    }

    private let state = Mutex(State())
    /// The voice the queue drives.
    public let sink: any SpeechSink

    /// Makes an empty queue that drives `sink`.
    public init(sink: any SpeechSink) { self.sink = sink }

    /// Speaks or queues `utterance` by its priority (see the type's rules).
    /// - Complexity: O(waiting utterances).
    public func speak(_ utterance: SpeechUtterance) {
        state.withLock { state in
            let entry = Entry(id: state.nextID, utterance: utterance)
            state.nextID += 1
            switch utterance.priority {
            case .notification:
                guard state.speaking == nil, state.waiting.isEmpty else { return }
            case .announcement:
                if let speaking = state.speaking, speaking.utterance.priority == .notification {
                    cancelSpeaking(&state)
                }
            case .interrupt:
                state.waiting.removeAll { $0.utterance.priority < .important }
                if let speaking = state.speaking, speaking.utterance.priority < .important {
                    cancelSpeaking(&state)
                }
            case .important:
                if let speaking = state.speaking, speaking.utterance.priority < .important {
                    cancelSpeaking(&state)
                    if speaking.utterance.priority == .announcement {
                        let front = state.waiting.firstIndex { $0.utterance.priority <= .announcement } ?? state.waiting.endIndex
                        // A new id: a late end report for the cancelled run must not end the rerun.
                        state.waiting.insert(Entry(id: state.nextID, utterance: speaking.utterance), at: front)
                        state.nextID += 1
                    }
                }
            }
            let position = state.waiting.firstIndex { $0.utterance.priority < utterance.priority } ?? state.waiting.endIndex
            state.waiting.insert(entry, at: position)
            startNextIfIdle(&state)
        }
    }

    /// Stops what speaks and drops everything queued; a pause ends too.
    public func stopSpeaking() {
        state.withLock { state in
            state.waiting.removeAll()
            cancelSpeaking(&state)
            state.isPaused = false
        }
    }

    /// Pauses the speaking utterance; new utterances queue (an interrupt still drops the queue).
    public func pauseSpeaking() {
        state.withLock { state in
            guard !state.isPaused else { return }
            state.isPaused = true
            if let speaking = state.speaking { sink.pause(id: speaking.id) }
        }
    }

    /// Resumes after `pauseSpeaking()`: the paused utterance goes on, else the next one starts.
    public func continueSpeaking() {
        state.withLock { state in
            guard state.isPaused else { return }
            state.isPaused = false
            if let speaking = state.speaking { sink.resume(id: speaking.id) } else { startNextIfIdle(&state) }
        }
    }

    /// Whether speech is paused.
    public var isPaused: Bool { state.withLock { $0.isPaused } }

    /// Whether nothing speaks and nothing waits.
    public var isIdle: Bool { state.withLock { $0.speaking == nil && $0.waiting.isEmpty } }

    /// The texts waiting, most urgent first (for diagnostics and tests).
    public var waitingTexts: [String] { state.withLock { $0.waiting.map(\.utterance.text) } }

    /// The sink finished the utterance `id`: the next one starts. A late report for an utterance
    /// the queue already cancelled is ignored.
    public func sinkDidFinish(_ id: Int) {
        state.withLock { state in
            guard state.speaking?.id == id else { return }
            state.speaking = nil
            startNextIfIdle(&state)
        }
    }

    private func cancelSpeaking(_ state: inout State) {
        guard let speaking = state.speaking else { return }
        state.speaking = nil
        sink.cancel(id: speaking.id)
    }

    private func startNextIfIdle(_ state: inout State) {
        guard state.speaking == nil, !state.isPaused, !state.waiting.isEmpty else { return }
        let next = state.waiting.removeFirst()
        state.speaking = next
        sink.begin(next.utterance, id: next.id)
    }
}
