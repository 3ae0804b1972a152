/// Runs an application's view animations on the host's frame clock (`Application.animator`).
///
/// Nothing here sleeps or schedules: `View.animate` hands it tracks, and whoever draws frames
/// calls `tick(now:)` once per frame, before layout and drawing (`WindowPresenter.update()` does,
/// with the application's clock — the clock the animations' begin times were read from, so a
/// manual clock plays them deterministically). Each tick moves every track to its value at `now`,
/// damages the area each moving view was drawn in and the area it will be drawn in, ends finished
/// tracks, then calls the completions that became due. While `isRunning` is true the host keeps
/// drawing frames; once it is false the host may sleep without waking again.
@MainActor
public final class Animator {
    /// Views with a `ViewAnimationState` of this animator (held until their tracks end).
    private var views: [View] = []
    /// Groups whose completion is due at the next tick (UIKit calls completions after the
    /// change that ended them, never inside it).
    private var dueCompletions: [AnimationGroup] = []
    private var spareCompletions: [AnimationGroup] = []
    /// Completions of blocks that touched no view in a window (so no application is known):
    /// the next tick of any animator calls them.
    private static var unattachedCompletions: [AnimationGroup] = []

    /// Makes an animator with nothing running.
    public init() {}

    /// Whether frames are needed: something animates (delays included) or a completion waits.
    public var isRunning: Bool {
        !views.isEmpty || !dueCompletions.isEmpty || !Animator.unattachedCompletions.isEmpty || !frameClients.isEmpty
    }

    /// Motions stepped once per frame by code rather than by tracks (a scroll view's
    /// deceleration, bounce and animated offset: Core Animation's display link). Held until
    /// their step returns false.
    private var frameClients: [any FrameStepping] = []

    /// Steps `client` at every tick from the next one on, until its step returns false.
    func addFrameClient(_ client: any FrameStepping) {
        if !frameClients.contains(where: { $0 === client }) { frameClients.append(client) }
    }

    /// Stops stepping `client` (its motion ended early).
    func removeFrameClient(_ client: any FrameStepping) {
        frameClients.removeAll { $0 === client }
    }

    /// Property animations in flight, over all views (for tests and diagnostics).
    public var runningAnimationCount: Int {
        var count = 0
        for view in views { count += view.animationState?.tracks.count ?? 0 }
        return count
    }

    /// Advances every animation to `now` (application-clock seconds), damages what moved, drops
    /// what ended and calls due completions (which may start new animations: they begin at the
    /// application clock's time and are sampled from the next tick on).
    /// - Complexity: O(animating views × (their tracks + the damage walk of their subtree)); no
    ///   allocation unless a completion runs.
    public func tick(now: Double) {
        if !frameClients.isEmpty { stepFrameClients(now: now) }
        var kept = 0
        var i = 0
        while i < views.count {
            let view = views[i]
            i += 1
            guard let state = view.animationState, state.animator === self else { continue }
            if advance(view, state, now: now) {
                views[kept] = view
                kept += 1
            } else {
                view.animationState = nil
            }
        }
        views.removeLast(views.count - kept)
        deliverCompletions()
    }

    /// Moves one view's tracks to `now`; returns whether any track is left.
    private func advance(_ view: View, _ state: ViewAnimationState, now: Double) -> Bool {
        var moves = false
        for track in state.tracks {
            let (value, finished) = track.sample(at: now)
            if finished || view.presentedValue(track.property) != value { moves = true; break }
        }
        guard moves else { return !state.isEmpty }
        view.damageDrawnArea()
        var kept = 0
        var k = 0
        while k < state.tracks.count {
            let track = state.tracks[k]
            k += 1
            let (value, finished) = track.sample(at: now)
            if finished {
                state.clearValue(of: track.property)
                end(track, finished: true)
            } else {
                state.setValue(value, for: track.property)
                state.tracks[kept] = track
                kept += 1
            }
        }
        state.tracks.removeLast(state.tracks.count - kept)
        view.damageDrawnArea()
        updateInteraction(of: view, state)
        return !state.isEmpty
    }

    /// Steps each frame client once; those whose step returns false (or that removed
    /// themselves meanwhile) are dropped. Clients added by a step start at the next tick.
    private func stepFrameClients(now: Double) {
        let clients = frameClients
        for client in clients where frameClients.contains(where: { $0 === client }) {
            if !client.stepFrame(now: now) { removeFrameClient(client) }
        }
    }

    // MARK: From View.animate and the view setters

    /// Starts `track` on `view`, replacing (interrupting) a running track of the same property.
    /// The view is drawn at the track's value at `now` from here on.
    func add(_ track: AnimationTrack, to view: View, now: Double) {
        let state: ViewAnimationState
        if let existing = view.animationState, existing.animator === self {
            state = existing
        } else {
            if view.animationState != nil { view.animationState!.animator.removeAll(from: view) }
            state = ViewAnimationState(animator: self)
            view.animationState = state
            views.append(view)
        }
        view.damageDrawnArea()
        if let i = state.trackIndex(of: track.property) { end(state.tracks.remove(at: i), finished: false) }
        state.tracks.append(track)
        track.group.trackStarted()
        state.setValue(track.sample(at: now).value, for: track.property)
        view.damageDrawnArea()
        updateInteraction(of: view, state)
    }

    /// Ends the track of `property` on `view` unfinished (its model value changed without
    /// animation): the view shows its model value for it from now on.
    func cancel(_ property: AnimatedProperty, of view: View) {
        guard let state = view.animationState, let i = state.trackIndex(of: property) else { return }
        view.damageDrawnArea()
        state.clearValue(of: property)
        end(state.tracks.remove(at: i), finished: false)
        view.damageDrawnArea()
        updateInteraction(of: view, state)
    }

    /// Ends every track of `view` unfinished; it shows its model values at once.
    func removeAll(from view: View) {
        guard let state = view.animationState, !state.isEmpty else { return }
        view.damageDrawnArea()
        let tracks = state.tracks
        state.tracks.removeAll()
        state.mask = 0
        for track in tracks { end(track, finished: false) }
        view.damageDrawnArea()
        updateInteraction(of: view, state)
    }

    /// A group with no track (nothing changed, or no animated view was in a window) completes
    /// at the next tick with `true`, as UIKit calls it at the next run-loop turn.
    func completeAtNextTick(_ group: AnimationGroup) { dueCompletions.append(group) }

    /// As `completeAtNextTick`, for a block that touched no view in a window: whichever animator
    /// ticks first calls it.
    static func completeAtAnyNextTick(_ group: AnimationGroup) { unattachedCompletions.append(group) }

    // MARK: Bookkeeping

    private func end(_ track: AnimationTrack, finished: Bool) {
        if track.group.trackEnded(finished: finished) { dueCompletions.append(track.group) }
    }

    /// Keeps the view's hit-testing flag in step with its tracks: an animation without
    /// `.allowUserInteraction` takes the view (and its subtree) out of hit testing.
    private func updateInteraction(of view: View, _ state: ViewAnimationState) {
        let blocks = state.blocksInteraction || view.transitionBlocksInteraction
        guard view.animationBlocksInteraction != blocks else { return }
        view.animationBlocksInteraction = blocks
        view.hitGeometryChanged()
    }

    private func deliverCompletions() {
        if !Animator.unattachedCompletions.isEmpty {
            dueCompletions += Animator.unattachedCompletions
            Animator.unattachedCompletions.removeAll()
        }
        guard !dueCompletions.isEmpty else { return }
        swap(&dueCompletions, &spareCompletions)
        for group in spareCompletions { group.complete() }
        spareCompletions.removeAll(keepingCapacity: true)
    }
}
