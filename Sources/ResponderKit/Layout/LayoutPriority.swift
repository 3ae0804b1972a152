/// How much a layout constraint matters, from 1 to 1000 (UIKit's `UILayoutPriority`). At 1000 it
/// is required: the solver must satisfy it. Below, it is optional: the solver minimizes the
/// weighted violation, and a higher priority outweighs any number of realistic violations of a
/// lower one (`SolverStrength.of(priority:)`).
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, CustomStringConvertible
{
    /// The priority, 1…1000.
    public var rawValue: Float

    /// Makes a priority of `rawValue` (clamped to 1…1000).
    public init(rawValue: Float) { self.rawValue = min(max(rawValue, 1), 1000) }
    /// Makes a priority of `rawValue` (clamped to 1…1000).
    public init(_ rawValue: Float) { self.init(rawValue: rawValue) }
    /// A literal priority.
    public init(floatLiteral value: Float) { self.init(rawValue: value) }
    /// A literal priority.
    public init(integerLiteral value: Int) { self.init(rawValue: Float(value)) }

    /// Must hold (1000).
    public static let required = LayoutPriority(rawValue: 1000)
    /// UIKit's default compression resistance (750).
    public static let defaultHigh = LayoutPriority(rawValue: 750)
    /// UIKit's default content hugging (250).
    public static let defaultLow = LayoutPriority(rawValue: 250)
    /// The priority of a view's drag toward its fitting size (50).
    public static let fittingSizeLevel = LayoutPriority(rawValue: 50)

    /// Whether the constraint must hold.
    public var isRequired: Bool { rawValue >= 1000 }

    /// Orders priorities by value.
    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
    /// A priority `b` above `a` (UIKit code writes `.defaultLow + 1`).
    public static func + (a: LayoutPriority, b: Float) -> LayoutPriority { LayoutPriority(rawValue: a.rawValue + b) }
    /// A priority `b` below `a`.
    public static func - (a: LayoutPriority, b: Float) -> LayoutPriority { LayoutPriority(rawValue: a.rawValue - b) }

    /// The value, as UIKit prints it.
    public var description: String { rawValue == rawValue.rounded() ? "\(Int(rawValue))" : "\(rawValue)" }
}

/// A view's horizontal or vertical extent, for the per-axis priorities (UIKit's
/// `NSLayoutConstraint.Axis`).
public enum LayoutAxis: Int, Sendable {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical
}
