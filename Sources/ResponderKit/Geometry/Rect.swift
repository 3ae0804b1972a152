/// An origin and a size (UIKit's `CGRect`). Containment is half-open, like `CGRectContainsPoint`:
/// a rectangle contains its top and left edges, not its bottom and right edges.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner with the smallest coordinates when the size is positive.
    public var origin: Point
    /// Width and height (may be negative; the min/max accessors normalize).
    public var size: Size

    /// Makes a rectangle from its origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Makes a rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The null rectangle: the result of intersecting disjoint rectangles.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    /// The width (`size.width`).
    public var width: Double { size.width }
    /// The height (`size.height`).
    public var height: Double { size.height }
    /// The smallest x of the rectangle.
    public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The smallest y of the rectangle.
    public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The largest x of the rectangle.
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The largest y of the rectangle.
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The x of the centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y of the centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// Whether this is the null rectangle (an empty intersection), whose origin is infinite.
    public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }
    /// Whether the rectangle is null or has no area.
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    /// The same rectangle with a non-negative width and height.
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: abs(size.width), height: abs(size.height))
    }

    /// Half-open containment: `minX <= x < maxX` and `minY <= y < maxY`. NaN is never contained.
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// Whether `r` lies entirely inside this rectangle.
    public func contains(_ r: Rect) -> Bool {
        let a = standardized, b = r.standardized
        return b.minX >= a.minX && b.maxX <= a.maxX && b.minY >= a.minY && b.maxY <= a.maxY
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` at the top and bottom (negative values grow it).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let s = standardized
        return Rect(x: s.origin.x + dx, y: s.origin.y + dy, width: s.size.width - 2 * dx, height: s.size.height - 2 * dy)
    }

    /// The rectangle shrunk by `insets` on each side.
    public func inset(by insets: EdgeInsets) -> Rect {
        let s = standardized
        return Rect(
            x: s.origin.x + insets.left, y: s.origin.y + insets.top,
            width: s.size.width - insets.left - insets.right,
            height: s.size.height - insets.top - insets.bottom)
    }

    /// The rectangle moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The common part of two rectangles, or `Rect.null` when they do not overlap.
    public func intersection(_ r: Rect) -> Rect {
        let a = standardized, b = r.standardized
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY)
        let x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        if x1 < x0 || y1 < y0 { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the two rectangles overlap with a non-empty area.
    public func intersects(_ r: Rect) -> Bool { !intersection(r).isEmpty }

    /// The smallest rectangle containing both.
    public func union(_ r: Rect) -> Rect {
        if isNull { return r }
        if r.isNull { return self }
        let a = standardized, b = r.standardized
        let x0 = min(a.minX, b.minX), y0 = min(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }

    /// The bounding box of the four transformed corners (`CGRectApplyAffineTransform`).
    public func applying(_ t: AffineTransform) -> Rect {
        if t.isIdentity { return self }
        let s = standardized
        let corners = [
            Point(x: s.minX, y: s.minY), Point(x: s.maxX, y: s.minY),
            Point(x: s.minX, y: s.maxY), Point(x: s.maxX, y: s.maxY)
        ].map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }

    public var description: String { "(\(origin.description), \(size.description))" }
}
