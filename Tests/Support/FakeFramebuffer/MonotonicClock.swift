#if canImport(Glibc)
import Glibc
#endif

/// `CLOCK_MONOTONIC` in seconds (the clock evdev frames are stamped with).
public func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Sleeps `seconds` of wall time (`nanosleep(2)`, resumed with what is left after a signal).
public func pause(seconds: Double) {
    var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    var left = timespec()
    while nanosleep(&time, &left) != 0 && errno == EINTR { time = left }
}
