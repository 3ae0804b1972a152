/// The tracks one `View.animate` call started, and its completion: called once, after the last
/// of them ended, with `true` only if every one ran to its end (none was replaced, cut short by
/// a change without animation, removed with `layer.removeAllAnimations()` or by its view leaving
/// the window).
@MainActor
final class AnimationGroup {
    private var completion: (@MainActor (Bool) -> Void)?
    /// Tracks still running.
    private(set) var running = 0
    private var allFinished = true

    init(completion: (@MainActor (Bool) -> Void)?) { self.completion = completion }

    /// Whether there is a completion to call (a group without one needs no delivery).
    var hasCompletion: Bool { completion != nil }

    func trackStarted() { running += 1 }

    /// A track of the group ended; returns whether the group is now complete.
    func trackEnded(finished: Bool) -> Bool {
        running -= 1
        if !finished { allFinished = false }
        return running == 0
    }

    /// Calls the completion (once).
    func complete() {
        let body = completion
        completion = nil
        body?(allFinished)
    }
}
