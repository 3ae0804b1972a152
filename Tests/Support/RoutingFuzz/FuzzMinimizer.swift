/// Shrinks a failing event sequence (delta debugging, Zeller's ddmin on the list of events): keeps
/// removing chunks while the rest still fails in the same category, within a budget of replays.
@MainActor
enum FuzzMinimizer {
    static func minimize(seed: UInt64, events: [FuzzEvent], like kind: FuzzFailure.Kind, budget: Int = 4000) -> [FuzzEvent] {
        var current = events
        var runs = 0
        func fails(_ candidate: [FuzzEvent]) -> Bool {
            runs += 1
            if case let .failure(failure) = FuzzRun.replay(seed: seed, events: candidate) {
                return failure.kind.category == kind.category
            }
            return false
        }
        var chunks = 2
        while current.count > 1, runs < budget {
            let size = max(1, current.count / chunks)
            var removedAny = false
            var start = 0
            while start < current.count, runs < budget {
                var candidate = current
                candidate.removeSubrange(start..<min(start + size, current.count))
                if !candidate.isEmpty, fails(candidate) {
                    current = candidate
                    removedAny = true
                } else {
                    start += size
                }
            }
            if !removedAny {
                if size == 1 { break }
                chunks = min(current.count, chunks * 2)
            } else {
                chunks = max(2, chunks - 1)
            }
        }
        return current
    }
}
