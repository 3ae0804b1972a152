/// The changes made inside one `View.animate` block. The view setters report each animatable
/// property before its first change in the block (`View.animatableWillChange`), with the value
/// the animation will start from; when the block returns, `commit()` turns every property whose
/// model value changed into a track on its application's `Animator`.
@MainActor
final class AnimationTransaction {
    /// The innermost `animate` block running (nil outside one and inside
    /// `performWithoutAnimation`).
    static var current: AnimationTransaction?

    struct Record {
        let view: View
        let property: AnimatedProperty
        let from: AnimatedValue
    }

    private struct Key: Hashable {
        let view: ObjectIdentifier
        let property: AnimatedProperty
    }

    /// Shortened by reduce motion (`reduceMotionIfEnabled()`).
    var duration: Double
    let delay: Double
    let options: View.AnimationOptions
    let group: AnimationGroup
    var records: [Record] = []
    private var recorded: Set<Key> = []
    /// Stack views' arranged subviews hidden in this block (see `keepDrawnWhileCollapsing`).
    private var collapsing: [View] = []

    init(duration: Double, delay: Double, options: View.AnimationOptions, completion: (@MainActor (Bool) -> Void)?) {
        self.duration = duration
        self.delay = delay
        self.options = options
        group = AnimationGroup(completion: completion)
    }

    /// `property` of `view` is about to change for the first time in this block (later changes
    /// keep the first start value). With `.beginFromCurrentState` a property in flight starts
    /// from what is drawn; otherwise from its model value (a property in flight jumps to its
    /// previous target first: UIKit's rule).
    func record(_ view: View, _ property: AnimatedProperty) {
        guard recorded.insert(Key(view: ObjectIdentifier(view), property: property)).inserted else { return }
        let inFlight = view.animationState?.trackIndex(of: property) != nil
        let from = options.contains(.beginFromCurrentState) && inFlight ? view.presentedValue(property) : view.modelValue(property)
        records.append(Record(view: view, property: property, from: from))
    }

    /// `view` was hidden in this block and its stack view collapses it: once the tracks start,
    /// it stays drawn while they run (UIKit hides the layer when the collapse ends).
    func keepDrawnWhileCollapsing(_ view: View) {
        if !collapsing.contains(where: { $0 === view }) { collapsing.append(view) }
    }

    /// Starts the tracks. A view outside any window changes at once (nothing draws it); a zero
    /// duration without delay changes everything at once; either way a track in flight for the
    /// property ends unfinished. The completion runs after the last track, or at the next tick
    /// when no track started.
    func commit() {
        var animator: Animator?
        let animates = duration > 0 || delay > 0
        for record in records {
            let view = record.view
            guard let window = view.window else { continue }
            let application = window.application
            animator = animator ?? application.animator
            let to = view.modelValue(record.property)
            guard animates, to != record.from else {
                application.animator.cancel(record.property, of: view)
                continue
            }
            let now = application.clock.now
            let timing = AnimationTiming(
                begin: now + delay, duration: duration, curve: options.curve,
                repeats: options.contains(.repeat), autoreverses: options.contains(.autoreverse))
            let track = AnimationTrack(
                property: record.property, from: record.from, to: to, timing: timing,
                allowsInteraction: options.contains(.allowUserInteraction), group: group)
            application.animator.add(track, to: view, now: now)
        }
        for view in collapsing where view.isHidden {
            guard let state = view.animationState, !state.isEmpty else { continue }
            state.drawsWhileHidden = true
            view.damageDrawnArea()
        }
        guard group.running == 0, group.hasCompletion else { return }
        if let animator { animator.completeAtNextTick(group) } else { Animator.completeAtAnyNextTick(group) }
    }
}
