/// The part of a window that must be repainted, in window coordinates: a short list of rectangles.
/// Overlapping or touching rectangles are merged; past `limit` rectangles the two whose union wastes
/// the least area are merged, so a frame with a few scattered changes repaints only those areas.
public struct DamageRegion: Equatable, Sendable {
    /// The damaged rectangles (at most `limit`; they may overlap).
    public private(set) var rects: [Rect] = []
    /// How many rectangles are kept before nearby ones are merged.
    public let limit: Int

    /// Makes an empty region that keeps at most `limit` rectangles.
    public init(limit: Int = 8) { self.limit = max(1, limit) }

    /// Whether nothing is damaged.
    public var isEmpty: Bool { rects.isEmpty }

    /// The bounding box of everything damaged (`Rect.null` when nothing is).
    public var bounds: Rect { rects.reduce(Rect.null) { $0.union($1) } }

    /// Adds `rect` (empty and non-finite rects are ignored; infinite extents are clipped by the
    /// renderer against the window).
    /// - Complexity: O(limit²) at worst.
    public mutating func add(_ rect: Rect) {
        var r = rect.standardized
        guard !r.isEmpty, r.minX.isFinite || r.maxX.isFinite, !r.minX.isNaN, !r.minY.isNaN, !r.width.isNaN, !r.height.isNaN else { return }
        if rects.contains(where: { $0.contains(r) }) { return }
        // Absorb every rect this one overlaps, repeatedly (the union can reach further ones).
        var merged = true
        while merged {
            merged = false
            for (i, existing) in rects.enumerated() where existing.intersects(r) || r.contains(existing) {
                r = r.union(existing)
                rects.remove(at: i)
                merged = true
                break
            }
        }
        rects.append(r)
        while rects.count > limit { mergeCheapestPair() }
    }

    /// Adds every rectangle of `other`.
    public mutating func formUnion(_ other: DamageRegion) { for r in other.rects { add(r) } }

    /// Limits every rectangle to `clip`, dropping those outside it.
    public mutating func clip(to clip: Rect) {
        rects = rects.map { $0.intersection(clip) }.filter { !$0.isEmpty }
    }

    /// Moves every rectangle by `dx`, `dy` (from one window's coordinates to the screen's, for
    /// a host drawing several windows).
    /// - Complexity: O(rectangles).
    public mutating func translate(dx: Double, dy: Double) {
        rects = rects.map { $0.offsetBy(dx: dx, dy: dy) }
    }

    /// Clears the region.
    public mutating func removeAll() { rects.removeAll() }

    /// Whether any damaged rectangle overlaps `rect`.
    public func intersects(_ rect: Rect) -> Bool { rects.contains { $0.intersects(rect) } }

    private mutating func mergeCheapestPair() {
        var best = (0, 1, Double.infinity)
        for i in 0..<rects.count {
            for j in (i + 1)..<rects.count {
                let u = rects[i].union(rects[j])
                let waste = u.width * u.height - rects[i].width * rects[i].height - rects[j].width * rects[j].height
                if waste < best.2 { best = (i, j, waste) }
            }
        }
        let u = rects[best.0].union(rects[best.1])
        rects.remove(at: best.1)
        rects.remove(at: best.0)
        add(u)
    }
}
