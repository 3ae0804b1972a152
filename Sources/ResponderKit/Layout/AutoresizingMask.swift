extension View {
    /// Which of a view's margins and dimensions follow its superview's size changes (UIKit's
    /// `UIView.AutoresizingMask`). The flexible parts share a size change in proportion to their
    /// sizes, as UIKit distributes it; the others stay fixed.
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        /// The mask's bits (UIKit's values).
        public let rawValue: UInt
        /// Makes a mask from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The left margin follows size changes.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width follows size changes.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The right margin follows size changes.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The top margin follows size changes.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height follows size changes.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The bottom margin follows size changes.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }
}

extension View.AutoresizingMask {
    /// The new origin and length along one axis when the superview's length goes from `old` to
    /// `new`: the flexible parts (`flexibleLow` margin, length, `flexibleHigh` margin) share the
    /// change in proportion to their sizes, or equally when they are all zero.
    static func resize(
        origin: Double, length: Double, in old: Double, to new: Double,
        flexibleLow: Bool, flexibleLength: Bool, flexibleHigh: Bool
    ) -> (origin: Double, length: Double) {
        let delta = new - old
        guard delta != 0, flexibleLow || flexibleLength || flexibleHigh else { return (origin, length) }
        let low = origin
        let high = old - origin - length
        let parts = [(flexibleLow, low), (flexibleLength, length), (flexibleHigh, high)].filter(\.0)
        let total = parts.reduce(0) { $0 + max($1.1, 0) }
        func share(_ flexible: Bool, _ size: Double) -> Double {
            guard flexible else { return 0 }
            return total > 0 ? delta * max(size, 0) / total : delta / Double(parts.count)
        }
        return (origin + share(flexibleLow, low), max(0, length + share(flexibleLength, length)))
    }

    /// `frame` after the superview's size went from `old` to `new`.
    func resize(_ frame: Rect, from old: Size, to new: Size) -> Rect {
        let x = Self.resize(
            origin: frame.minX, length: frame.width, in: old.width, to: new.width,
            flexibleLow: contains(.flexibleLeftMargin), flexibleLength: contains(.flexibleWidth),
            flexibleHigh: contains(.flexibleRightMargin))
        let y = Self.resize(
            origin: frame.minY, length: frame.height, in: old.height, to: new.height,
            flexibleLow: contains(.flexibleTopMargin), flexibleLength: contains(.flexibleHeight),
            flexibleHigh: contains(.flexibleBottomMargin))
        return Rect(x: x.origin, y: y.origin, width: x.length, height: y.length)
    }
}
