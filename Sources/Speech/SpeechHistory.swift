import Synchronization

/// What a voice was asked to say and what it reported, in the order it was asked: the spoken
/// sequence a test compares with the expected one, and the diagnostics of a kiosk that is silent.
///
/// Reports and texts may arrive in either order (speech-dispatcher can report the start of a
/// message before `spd_say` has returned its id), so an entry is made by whichever comes first.
public final class SpeechHistory: Sendable {
    /// One utterance: the voice's id, the text sent, and the reports about it in order.
    public struct Entry: Equatable, Sendable {
        /// The voice's number for the utterance.
        public let id: Int
        /// The text handed to the voice (nil until the voice has taken it).
        public var text: String?
        /// The reports, in the order they came.
        public var events: [SpeechEvent.Kind]
    }

    private let entries = Mutex<[Entry]>([])
    /// Called with every report, on the voice's thread (speechbench's clock, a host's log).
    private let observer: (@Sendable (SpeechEvent) -> Void)?

    /// Makes an empty history; `observer` sees every report as it comes.
    public init(observer: (@Sendable (SpeechEvent) -> Void)? = nil) { self.observer = observer }

    /// Every utterance so far, in the order it was sent.
    public var all: [Entry] { entries.withLock { $0 } }

    /// The texts of the utterances that were spoken to their end, in order.
    public var spokenTexts: [String] { all.filter { $0.events.contains(.ended) }.compactMap(\.text) }

    /// The entry for `id`, if any.
    public func entry(_ id: Int) -> Entry? { entries.withLock { $0.first { $0.id == id } } }

    /// Records that the utterance `id` is `text`.
    func record(_ id: Int, text: String) {
        entries.withLock { entries in
            if let i = entries.firstIndex(where: { $0.id == id }) {
                entries[i].text = text
            } else {
                entries.append(Entry(id: id, text: text, events: []))
            }
        }
    }

    /// Records a report, then tells the observer.
    func record(_ event: SpeechEvent) {
        entries.withLock { entries in
            if let i = entries.lastIndex(where: { $0.id == event.id }) {
                entries[i].events.append(event.kind)
            } else {
                entries.append(Entry(id: event.id, text: nil, events: [event.kind]))
            }
        }
        observer?(event)
    }
}
