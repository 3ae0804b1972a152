/// One property of one view in flight: from where to where, on which timing, for which
/// `animate` call (its group collects the completion).
struct AnimationTrack {
    let property: AnimatedProperty
    let from: AnimatedValue
    let to: AnimatedValue
    let timing: AnimationTiming
    /// Touches may reach the view while this runs (`.allowUserInteraction`).
    let allowsInteraction: Bool
    let group: AnimationGroup

    /// The value drawn at `now`, and whether the track is over (it then shows its model value).
    func sample(at now: Double) -> (value: AnimatedValue, finished: Bool) {
        let (progress, finished) = timing.sample(at: now)
        return (from.blended(to: to, progress: progress), finished)
    }
}
