extension LayoutConstraint {
    /// The part of an item a constraint relates (UIKit's `NSLayoutConstraint.Attribute`).
    public enum Attribute: Int, Sendable, CustomStringConvertible {
        /// No attribute: the second item of a constant-only constraint.
        case notAnAttribute
        /// The left edge.
        case left
        /// The right edge.
        case right
        /// The top edge.
        case top
        /// The bottom edge.
        case bottom
        /// The leading edge (the left one until right-to-left layout comes: `LayoutDirection`).
        case leading
        /// The trailing edge.
        case trailing
        /// The width.
        case width
        /// The height.
        case height
        /// The horizontal centre.
        case centerX
        /// The vertical centre.
        case centerY
        /// The baseline of the first line of text (a label's; the bottom edge of other views).
        case firstBaseline
        /// The baseline of the last line of text (a label's; the bottom edge of other views).
        case lastBaseline

        /// The attribute's name as UIKit prints it in diagnostics.
        public var description: String {
            switch self {
            case .notAnAttribute: return "notAnAttribute"
            case .left: return "left"
            case .right: return "right"
            case .top: return "top"
            case .bottom: return "bottom"
            case .leading: return "leading"
            case .trailing: return "trailing"
            case .width: return "width"
            case .height: return "height"
            case .centerX: return "centerX"
            case .centerY: return "centerY"
            case .firstBaseline: return "firstBaseline"
            case .lastBaseline: return "lastBaseline"
            }
        }

        /// Whether it is a size rather than a position.
        var isDimension: Bool { self == .width || self == .height }
    }

    /// How the first attribute compares with the second (UIKit's `NSLayoutConstraint.Relation`).
    public enum Relation: Int, Sendable, CustomStringConvertible {
        /// First ≤ second.
        case lessThanOrEqual = -1
        /// First = second.
        case equal = 0
        /// First ≥ second.
        case greaterThanOrEqual = 1

        /// The relation as UIKit prints it.
        public var description: String {
            switch self {
            case .lessThanOrEqual: return "<="
            case .equal: return "=="
            case .greaterThanOrEqual: return ">="
            }
        }
    }
}

/// The writing direction that decides where leading and trailing are. The single place the
/// direction is decided: right-to-left layout (a later issue) changes `current`.
enum LayoutDirection {
    case leftToRight
    case rightToLeft

    /// The direction every view lays out in today.
    static let current = LayoutDirection.leftToRight

    /// `leading`/`trailing` as `left`/`right`; other attributes unchanged.
    static func resolve(_ attribute: LayoutConstraint.Attribute) -> LayoutConstraint.Attribute {
        switch (attribute, current) {
        case (.leading, .leftToRight), (.trailing, .rightToLeft): return .left
        case (.trailing, .leftToRight), (.leading, .rightToLeft): return .right
        default: return attribute
        }
    }
}
