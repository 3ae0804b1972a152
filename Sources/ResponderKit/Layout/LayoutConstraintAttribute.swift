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
        /// The leading edge: the left one in left-to-right layout, the right one in right-to-left
        /// (resolved by the direction of the view the constraint is installed on).
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

        /// Whether it is leading or trailing, whose edge depends on the layout direction.
        var isDirectional: Bool { self == .leading || self == .trailing }

        /// Whether it is a position on the x axis (left, right, leading, trailing, centre X).
        var isHorizontalPosition: Bool {
            self == .left || self == .right || self == .leading || self == .trailing || self == .centerX
        }
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
