/// An invariant that broke, where, and the shortest event sequence found that still breaks it.
public struct FuzzFailure: Error, CustomStringConvertible {
    public enum Kind: Equatable, Sendable, CustomStringConvertible {
        case touchLifecycle(String)
        case recognizer(String)
        case hitIndex(String)
        case notClean(String)
        case leak(String)

        /// Minimization keeps a candidate when it fails in the same category.
        var category: String {
            switch self {
            case .touchLifecycle: "touch lifecycle"
            case .recognizer: "gesture recognizer"
            case .hitIndex: "hit index"
            case .notClean: "not clean at the end"
            case .leak: "leak"
            }
        }

        public var description: String {
            switch self {
            case let .touchLifecycle(m), let .recognizer(m), let .hitIndex(m), let .notClean(m), let .leak(m): "\(category): \(m)"
            }
        }
    }

    public var seed: UInt64
    public var kind: Kind
    /// The event after which it broke (the event count when it broke at the end of the run).
    public var eventIndex: Int
    /// The events that reproduce it in a world made from `seed` (minimized when `FuzzRun` could).
    public var events: [FuzzEvent]
    /// What the world did last before it broke (deliveries and changes), oldest first.
    public var journal: [String] = []

    public var description: String {
        var text = "fuzz-routing: \(kind) — seed \(seed), after event \(eventIndex)\n"
        text += "reproduce with \(events.count) event(s) in the world of seed \(seed):\n"
        for (i, event) in events.enumerated() { text += "  \(i): \(event)\n" }
        if !journal.isEmpty {
            text += "last deliveries and changes before it broke (in the minimized run):\n"
            for entry in journal { text += "  \(entry)\n" }
        }
        return text
    }
}
