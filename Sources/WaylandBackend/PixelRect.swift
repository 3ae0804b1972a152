import ResponderKit

/// An integer rectangle in buffer pixels (half-open: `x..<x+width`).
struct PixelRect: Hashable, Sendable {
    var x: Int, y: Int, width: Int, height: Int

    static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
    var isEmpty: Bool { width <= 0 || height <= 0 }
    var maxX: Int { x + width }
    var maxY: Int { y + height }

    /// The pixels a logical rect covers at `scale` (edges rounded to the nearest pixel); empty for
    /// non-finite input.
    init(_ rect: Rect, scale: Int) {
        let s = Double(scale)
        let values = [rect.minX * s, rect.minY * s, rect.maxX * s, rect.maxY * s]
        guard values.allSatisfy({ $0.isFinite }) else { self = .empty; return }
        let clamped = values.map { Int(max(-1e9, min(1e9, $0)).rounded()) }
        self.init(x: clamped[0], y: clamped[1], width: clamped[2] - clamped[0], height: clamped[3] - clamped[1])
    }

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .empty
    }

    func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
}
