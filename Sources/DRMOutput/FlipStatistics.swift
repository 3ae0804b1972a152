/// What the kernel reported about the frames: every commit, every completed flip (its vblank
/// sequence and timestamp), and every commit it refused with EBUSY (a second flip asked for
/// before the first completed). The output commits only after the previous flip event, so
/// `commitsWhileFlipPending` and `busyRefusals` stay 0: never two flips in one vblank.
public struct FlipStatistics: Sendable, Equatable, CustomStringConvertible {
    /// Commits that asked for a flip event (the first mode set included on the atomic path).
    public private(set) var commits = 0
    /// Flip events received (`drmHandleEvent`).
    public private(set) var flips = 0
    /// Commits made while a flip was still pending (the output's own invariant; 0).
    public private(set) var commitsWhileFlipPending = 0
    /// Commits the kernel refused with EBUSY.
    public private(set) var busyRefusals = 0
    /// Flips whose vblank sequence equalled the previous flip's (two flips in one vblank), on
    /// drivers with vblank counters; 0 where every sequence is 0 (no vblank interrupt).
    public private(set) var repeatedSequences = 0
    /// Whether any flip carried a non-zero vblank sequence (the driver counts vblanks).
    public private(set) var hasVBlankCounter = false
    /// The shortest time between two flip timestamps, in seconds (nil before the second flip).
    public private(set) var shortestInterval: Double?
    /// The kernel's timestamp (`CLOCK_MONOTONIC` seconds) of the last flip.
    public private(set) var lastFlipTime: Double?
    private var lastSequence: UInt32?
    private var intervals: [Double] = []

    /// No frames yet.
    public init() {}

    /// A commit asked for a flip event; `pending` says whether one was still outstanding.
    public mutating func noteCommit(whileFlipPending pending: Bool) {
        commits += 1
        if pending { commitsWhileFlipPending += 1 }
    }

    /// The kernel refused a commit with EBUSY.
    public mutating func noteBusy() { busyRefusals += 1 }

    /// A flip completed at vblank `sequence`, `time` seconds (`CLOCK_MONOTONIC`).
    /// - Complexity: amortized O(1).
    public mutating func noteFlip(sequence: UInt32, time: Double) {
        flips += 1
        if sequence != 0 { hasVBlankCounter = true }
        if let lastSequence, sequence != 0, sequence == lastSequence { repeatedSequences += 1 }
        if let lastFlipTime {
            let interval = time - lastFlipTime
            shortestInterval = min(shortestInterval ?? interval, interval)
            if intervals.count < 100_000 { intervals.append(interval) }
        }
        lastSequence = sequence
        lastFlipTime = time
    }

    /// The median time between flips in seconds, nil before the second flip.
    public var medianInterval: Double? {
        guard !intervals.isEmpty else { return nil }
        return intervals.sorted()[intervals.count / 2]
    }

    /// "commits N, flip events N, commits while a flip was pending N, EBUSY N, repeated vblank
    /// sequences N (vblank counter: yes|no), flip interval median X ms, shortest Y ms".
    public var description: String {
        func ms(_ seconds: Double?) -> String {
            guard let seconds else { return "-" }
            let hundredths = Int((seconds * 100_000).rounded())
            return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) ms"
        }
        return "commits \(commits), flip events \(flips), commits while a flip was pending \(commitsWhileFlipPending), "
            + "EBUSY \(busyRefusals), repeated vblank sequences \(repeatedSequences) (vblank counter: \(hasVBlankCounter ? "yes" : "no")), "
            + "flip interval median \(ms(medianInterval)), shortest \(ms(shortestInterval))"
    }
}
