/// How a presented controller's view comes and goes when `present(_:animated:completion:)` and
/// `dismiss(animated:completion:)` animate (UIKit's `UIModalTransitionStyle`), set on the
/// presented controller's `modalTransitionStyle`. Both styles take `duration` seconds on the
/// application's frame clock (`Application.animator`) with the ease-in-out curve.
public enum ModalTransitionStyle: Sendable, Hashable {
    /// The view slides up from below the window's bottom edge to its place (the window's
    /// bounds); a dismissal slides it back down below the edge. The default, as in UIKit.
    case coverVertical
    /// The view fades in (alpha from 0 to its own alpha); a dismissal fades it out.
    case crossDissolve

    /// Seconds the transition takes: 0.4 for both styles (UIKit's full-screen modal transition
    /// feel; its keyboard, for comparison, takes 0.25 s), on the ease-in-out curve (Core
    /// Animation's (0.42, 0, 0.58, 1), `View.AnimationCurve.easeInOut`).
    public var duration: Double { 0.4 }
}
