/// UIKit's block animations: `View.animate(withDuration:delay:options:animations:completion:)`.
///
/// Model and presentation, as in UIKit: inside `animations` the properties change at once (the
/// getters return the final values immediately, layout and the Board logic of an app see them),
/// while what is drawn moves from the old value to the new one over `duration`, one frame at a
/// time, on the host's frame clock (`Application.animator`, ticked by `WindowPresenter`).
/// Animatable: `alpha`, `frame` (a centre and a bounds size), `center`, `bounds`, `transform` and
/// `backgroundColor`; other changes inside the block simply happen.
///
/// Hit testing uses the model, as UIKit does: a touch finds a moving view at its final place, not
/// where it is drawn. And, as in UIKit, a view animating without `.allowUserInteraction` is out of
/// hit testing with its subtree for the whole animation (its delay included), exactly like a view
/// with `isUserInteractionEnabled = false`: touches on it go to what is behind it. The reason is
/// UIKit's: the user would touch something drawn elsewhere than where it reacts.
///
/// Interruptions: a property has at most one animation. A new animation of it replaces the
/// running one (which ends unfinished); it starts from the drawn value with
/// `.beginFromCurrentState`, else from the model value (the old target: the drawing jumps
/// there first, UIKit's rule). Setting an animating property outside an animation block ends its
/// animation unfinished and draws the new value at once (UIKit would play the stale animation to
/// its end; a kiosk should never draw a value the app has replaced). Leaving the window and
/// `layer.removeAllAnimations()` end every animation of the view unfinished.
extension View {
    /// Animates the changes `animations` makes to the views' animatable properties (see above).
    /// - Parameters:
    ///   - duration: seconds of the animation (0 or less: the changes are made without animation).
    ///   - delay: seconds before the drawing starts to move (the old values are drawn until then).
    ///   - options: the curve (ease-in-out by default), `.allowUserInteraction`,
    ///     `.beginFromCurrentState`, `.repeat`, `.autoreverse`.
    ///   - animations: runs at once, synchronously.
    ///   - completion: runs once after the last of the started animations ended, with `true` if
    ///     all ran to their end and `false` if one was interrupted; when nothing was animated, at
    ///     the next frame with `true`. Never called from inside `animate` itself.
    public static func animate(
        withDuration duration: Double, delay: Double, options: AnimationOptions = [],
        animations: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        let transaction = AnimationTransaction(
            duration: duration.isFinite ? max(0, duration) : 0,
            delay: delay.isFinite ? max(0, delay) : 0,
            options: options, completion: completion)
        let outer = AnimationTransaction.current
        AnimationTransaction.current = transaction
        animations()
        AnimationTransaction.current = outer
        transaction.reduceMotionIfEnabled()
        transaction.commit()
    }

    /// `animate(withDuration:delay:options:animations:completion:)` without delay, ease-in-out.
    public static func animate(
        withDuration duration: Double, animations: () -> Void,
        completion: (@MainActor (Bool) -> Void)?
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// `animate(withDuration:delay:options:animations:completion:)` without delay, ease-in-out,
    /// without completion.
    public static func animate(withDuration duration: Double, animations: () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Runs `actions` with animation off, even inside an animation block: its changes are drawn
    /// at once (and end animations in flight for the properties they change).
    public static func performWithoutAnimation(_ actions: () -> Void) {
        let outer = AnimationTransaction.current
        AnimationTransaction.current = nil
        actions()
        AnimationTransaction.current = outer
    }

    /// What is drawn now: the model values, or the interpolated values of properties in flight
    /// (UIKit's `layer.presentation()`).
    /// - Complexity: O(1).
    public var presentation: ViewPresentation {
        let model = ViewPresentation(
            center: center, bounds: boundsStorage, transform: transformStorage,
            alpha: alpha, backgroundColor: backgroundColor)
        guard let state = animationState, state.mask != 0 else { return model }
        var drawn = model
        if state.mask & AnimatedProperty.center.bit != 0 { drawn.center = state.center }
        if state.mask & AnimatedProperty.bounds.bit != 0 { drawn.bounds = state.bounds }
        if state.mask & AnimatedProperty.transform.bit != 0 { drawn.transform = state.transform }
        if state.mask & AnimatedProperty.alpha.bit != 0 { drawn.alpha = state.alpha }
        if state.mask & AnimatedProperty.backgroundColor.bit != 0 { drawn.backgroundColor = state.backgroundColor }
        return drawn
    }

    /// Whether an animation of this view is in flight (its delay included): the renderer then
    /// draws `presentation` instead of the model values.
    /// - Complexity: O(1).
    @inline(__always)
    public var hasAnimations: Bool { animationState.map { !$0.isEmpty } ?? false }

    /// Ends every animation of the view unfinished (their completions get `false`); it is drawn
    /// with its model values from the next frame on.
    public func removeAllAnimations() {
        animationState?.animator.removeAll(from: self)
    }

    /// Called by the setters before an animatable property changes: inside an animation block the
    /// change is recorded, outside one a running animation of the property ends.
    /// - Complexity: O(1) when no block runs and the view does not animate (two loads).
    @inline(__always)
    func animatableWillChange(_ property: AnimatedProperty) {
        if let transaction = AnimationTransaction.current {
            transaction.record(self, property)
        } else if let state = animationState {
            state.animator.cancel(property, of: self)
        }
    }
}
