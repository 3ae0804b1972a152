extension View {
    /// UIKit's timing curves (`UIView.AnimationCurve`): Core Animation's cubic Bézier timing
    /// functions from (0, 0) to (1, 1), so an animation here paces like the same animation on iOS.
    public enum AnimationCurve: Sendable, Hashable {
        /// Control points (0.42, 0), (0.58, 1): slow start, slow end (the default).
        case easeInOut
        /// (0.42, 0), (1, 1): slow start.
        case easeIn
        /// (0, 0), (0.58, 1): slow end.
        case easeOut
        /// Constant speed.
        case linear

        /// The animated fraction (0…1) at `fraction` of the duration (clamped to 0…1). Exactly 0
        /// at 0 and exactly 1 at 1, so an animation ends on its target value bit for bit.
        /// - Complexity: O(1) (a few Newton steps, bisection as a fallback).
        public func progress(at fraction: Double) -> Double {
            guard fraction > 0 else { return 0 }
            guard fraction < 1 else { return 1 }
            switch self {
            case .linear: return fraction
            case .easeInOut: return UnitBezier.easeInOut.solve(fraction)
            case .easeIn: return UnitBezier.easeIn.solve(fraction)
            case .easeOut: return UnitBezier.easeOut.solve(fraction)
            }
        }
    }
}
