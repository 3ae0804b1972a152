#if canImport(Glibc)
import Glibc
#endif

/// Where the core reads the time: seconds on a monotonic clock, the same clock input timestamps
/// use. The run loop uses `MonotonicClock`; tests install a manual clock (`ResponderKitTesting`).
@MainActor
public protocol ApplicationClock: AnyObject {
    /// Seconds since an arbitrary start, never going backward.
    var now: Double { get }
}

/// `CLOCK_MONOTONIC`, the clock libinput and the kernel stamp input events with.
@MainActor
public final class MonotonicClock: ApplicationClock {
    /// Makes the clock.
    public init() {}
    /// The corresponding call is `clock_gettime(CLOCK_MONOTONIC)`.
    public var now: Double { MonotonicClock.currentTime() }

    /// The clock's time without an instance (for timing in hot paths without allocating one):
    /// `clock_gettime(CLOCK_MONOTONIC)` in seconds.
    /// - Complexity: O(1), one vDSO call, no allocation.
    public nonisolated static func currentTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// A clock that only moves when told to: tests and deterministic replays.
@MainActor
public final class ManualClock: ApplicationClock {
    /// The time; only the owner (a test driver) moves it.
    public var now: Double
    /// Makes a clock at `now`.
    public init(now: Double = 0) { self.now = now }
}
