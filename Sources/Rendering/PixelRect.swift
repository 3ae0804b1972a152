import ResponderKit

/// An integer rectangle in buffer pixels (half-open: `x..<x+width`, `y..<y+height`).
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// The origin (top-left pixel) and the size, in pixels.
    public var x: Int, y: Int, width: Int, height: Int

    /// The rect with no pixels at the origin.
    public static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// True when the rect covers no pixel (a width or height of 0 or less).
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The first column past the right edge (`x + width`).
    public var maxX: Int { x + width }
    /// The first row past the bottom edge (`y + height`).
    public var maxY: Int { y + height }

    /// A rect with the given origin and size, in pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The pixels a rect in points covers at `scale`, grown outwards to whole pixels (so
    /// antialiased edges are included); empty for non-finite input.
    public init(covering rect: Rect, scale: Double) {
        let values = [rect.minX * scale, rect.minY * scale, rect.maxX * scale, rect.maxY * scale]
        guard !rect.isEmpty, values.allSatisfy({ $0.isFinite }) else { self = .empty; return }
        // Clamped to ±1e9 on both sides before converting (`Int(_:)` traps beyond its range).
        func clamp(_ v: Double) -> Double { min(1e9, max(-1e9, v)) }
        let x0 = Int(clamp(values[0]).rounded(.down)), y0 = Int(clamp(values[1]).rounded(.down))
        let x1 = Int(clamp(values[2]).rounded(.up)), y1 = Int(clamp(values[3]).rounded(.up))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The pixels both rects cover; `empty` when they do not overlap.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .empty
    }

    /// The smallest rect covering both; an empty operand is ignored.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// `WIDTH×HEIGHT+X+Y`, as in X geometry strings.
    public var description: String { "\(width)×\(height)+\(x)+\(y)" }
}
