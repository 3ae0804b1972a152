/// The core's timers (long press, key repeat, app code). Nothing here sleeps: the run loop arms its
/// timerfd for `nextDeadline` and calls `fireDue(now:)`; tests advance a manual clock. Timers due at
/// the same instant fire in the order they were scheduled.
@MainActor
public final class TimerQueue {
    /// A scheduled timer; `cancel()` stops it (a repeating one included).
    @MainActor
    public final class Timer {
        /// When the timer fires next, in seconds of the application's clock.
        public fileprivate(set) var deadline: Double
        fileprivate var sequence: UInt64
        /// The period of a repeating timer; nil for a one-shot timer.
        public let interval: Double?
        fileprivate let body: @MainActor (Timer) -> Void
        /// Whether `cancel()` was called.
        public fileprivate(set) var isCancelled = false
        fileprivate weak var queue: TimerQueue?

        fileprivate init(deadline: Double, sequence: UInt64, interval: Double?, body: @escaping @MainActor (Timer) -> Void) {
            self.deadline = deadline
            self.sequence = sequence
            self.interval = interval
            self.body = body
        }

        /// Stops the timer; it will not fire again.
        public func cancel() {
            guard !isCancelled else { return }
            isCancelled = true
            queue?.remove(self)
        }
    }

    /// Pending timers, sorted by (deadline, sequence).
    private var pending: [Timer] = []
    private var sequence: UInt64 = 0

    /// Makes an empty queue.
    public init() {}

    /// Runs `body` at `deadline` (seconds, monotonic), and then every `interval` seconds if given.
    @discardableResult
    public func schedule(
        at deadline: Double, repeating interval: Double? = nil,
        _ body: @escaping @MainActor (Timer) -> Void
    ) -> Timer {
        sequence &+= 1
        let validInterval = interval.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        let timer = Timer(deadline: deadline.isNaN ? 0 : deadline, sequence: sequence, interval: validInterval, body: body)
        timer.queue = self
        insert(timer)
        return timer
    }

    private func insert(_ timer: Timer) {
        var lo = 0, hi = pending.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let m = pending[mid]
            if m.deadline < timer.deadline || (m.deadline == timer.deadline && m.sequence < timer.sequence) {
                lo = mid + 1
            } else {
                hi = mid
            }
        }
        pending.insert(timer, at: lo)
    }

    fileprivate func remove(_ timer: Timer) {
        if let i = pending.firstIndex(where: { $0 === timer }) { pending.remove(at: i) }
    }

    /// The earliest deadline, or nil when nothing is pending.
    public var nextDeadline: Double? { pending.first?.deadline }
    /// Whether no timer is pending.
    public var isEmpty: Bool { pending.isEmpty }
    /// How many timers are pending.
    public var count: Int { pending.count }

    /// Fires, in deadline order, every timer due at or before `now`, including ones that bodies
    /// schedule and that fall due by then. Returns how many fired.
    @discardableResult
    public func fireDue(now: Double) -> Int {
        var fired = 0
        while let first = pending.first, first.deadline <= now {
            pending.removeFirst()
            if let interval = first.interval {
                sequence &+= 1
                first.deadline += interval
                first.sequence = sequence
                insert(first)
            }
            first.body(first)
            fired += 1
        }
        return fired
    }

    /// Moves every pending deadline by `delta` seconds, keeping their order: the timers move to
    /// another clock (a test driver's manual clock) with the time each had left.
    /// - Complexity: O(pending timers).
    public func shiftDeadlines(by delta: Double) {
        guard delta.isFinite, delta != 0 else { return }
        for timer in pending { timer.deadline += delta }
    }

    /// Cancels every pending timer.
    public func cancelAll() {
        let all = pending
        pending.removeAll()
        for t in all { t.isCancelled = true }
    }
}
