extension View {
    /// How `View.animate(withDuration:delay:options:animations:completion:)` animates (UIKit's
    /// `UIView.AnimationOptions`, with UIKit's raw values so code ported from UIKit reads the same).
    /// The timing curve occupies bits 16–19: `.curveEaseInOut` (0, the default), `.curveEaseIn`,
    /// `.curveEaseOut`, `.curveLinear`; give at most one.
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Touches reach the animating views (at their model positions). Without it an animating
        /// view and its subtree are skipped by hit testing, as UIKit does.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// A property that is already animating starts from what is drawn now (its presentation
        /// value) instead of jumping to its model value first.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Runs again and again until interrupted (the completion then gets `false`).
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Runs forward, then backward (each leg takes the duration); without `.repeat` the view
        /// then shows its model value (the end value), as in UIKit.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)

        /// Slow at the start and the end (the default).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Slow at the start.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Slow at the end.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Constant speed.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// The timing curve these options select (ease-in-out when the curve bits are 0 or unknown).
        public var curve: AnimationCurve {
            switch (rawValue >> 16) & 0xF {
            case 1: return .easeIn
            case 2: return .easeOut
            case 3: return .linear
            default: return .easeInOut
            }
        }
    }
}
