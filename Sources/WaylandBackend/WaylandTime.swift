/// Wayland event times are milliseconds of an unspecified clock in 32 bits; every compositor we
/// know uses CLOCK_MONOTONIC. This maps them onto the application's clock: when the event time is
/// within 10 s before `now` (the same clock), the event keeps its own time; otherwise (another
/// clock, a manual test clock, wrap-around) it takes `now`.
enum WaylandTime {
    static func seconds(_ milliseconds: UInt32, now: Double) -> Double {
        guard now.isFinite, now >= 0, now < 1e12 else { return now }
        let nowMs = UInt32(truncatingIfNeeded: Int64(now * 1000))
        let age = nowMs &- milliseconds
        return age < 10_000 ? now - Double(age) / 1000 : now
    }
}
