/// When one animation runs and how far along it is: the begin time (commit time plus delay), the
/// duration, the curve, and whether it repeats and reverses.
struct AnimationTiming: Sendable {
    /// Application-clock seconds at which the value starts to move (before it: the start value).
    var begin: Double
    /// Seconds of one leg (forward, or back with `autoreverses`); 0 jumps at `begin`.
    var duration: Double
    var curve: View.AnimationCurve
    var repeats: Bool
    var autoreverses: Bool

    /// The curve-shaped fraction from the start value to the end value at `now`, and whether the
    /// animation is over (a repeating one never is).
    /// - Complexity: O(1).
    func sample(at now: Double) -> (progress: Double, finished: Bool) {
        let elapsed = now - begin
        guard elapsed >= 0 else { return (0, false) }
        guard duration > 0 else { return (1, !repeats) }
        let cycle = autoreverses ? 2 * duration : duration
        if !repeats && elapsed >= cycle { return (autoreverses ? 0 : 1, true) }
        let phase = repeats ? elapsed.truncatingRemainder(dividingBy: cycle) : elapsed
        let fraction = autoreverses && phase >= duration ? (cycle - phase) / duration : phase / duration
        return (curve.progress(at: fraction), false)
    }
}
