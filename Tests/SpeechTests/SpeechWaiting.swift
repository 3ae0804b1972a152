import Speech

#if canImport(Glibc)
import Glibc
#endif

/// Polls `condition` every 10 ms for at most `seconds`; returns whether it became true. The voices
/// run on their own threads, so the tests wait for their reports rather than a fixed time.
func eventually(within seconds: Double = 20, _ condition: () -> Bool) -> Bool {
    let steps = Int(seconds * 100)
    for _ in 0..<steps {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

extension SpeechHistory {
    /// The texts of the utterances reported cancelled, in order.
    var cancelledTexts: [String] { all.filter { $0.events.contains(.cancelled) }.compactMap(\.text) }
}
