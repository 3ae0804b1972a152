import ResponderKit
import Speech
import Synchronization

/// A sink that records what the queue told it, and ends utterances when the test says so.
final class RecordingSink: SpeechSink {
    let log = Mutex<[String]>([])
    let speaking = Mutex<[Int: String]>([:])

    func begin(_ utterance: SpeechUtterance, id: Int) {
        log.withLock { $0.append("begin \(utterance.text)") }
        speaking.withLock { $0[id] = utterance.text }
    }

    func cancel(id: Int) {
        let text = speaking.withLock { $0.removeValue(forKey: id) } ?? "?"
        log.withLock { $0.append("cancel \(text)") }
    }

    func pause(id: Int) { log.withLock { $0.append("pause \(speaking.withLock { $0[id] } ?? "?")") } }

    func resume(id: Int) { log.withLock { $0.append("resume \(speaking.withLock { $0[id] } ?? "?")") } }

    /// The id of the utterance speaking `text`.
    func id(of text: String) -> Int? { speaking.withLock { $0.first { $0.value == text }?.key } }

    /// Ends the utterance speaking `text`, as a voice would, and tells `queue`.
    func finish(_ text: String, in queue: SpeechQueue) {
        guard let id = id(of: text) else { return }
        speaking.withLock { $0[id] = nil }
        log.withLock { $0.append("end \(text)") }
        queue.sinkDidFinish(id)
    }

    var entries: [String] { log.withLock { $0 } }
}
