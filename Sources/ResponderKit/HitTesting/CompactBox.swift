/// A `HitBox` in 16 bytes instead of 32, for the query items a scan reads: its ends as `Float`,
/// the high ends half-open (`x < xEnd` for `x <= xhi`, since no double lies strictly between `xhi`
/// and `xhi.nextUp`).
///
/// It is used only when it is exact: when every end converts to a `Float` without rounding — whole,
/// half and most layout coordinates do, and so does every shared benchmark shape. Comparing a
/// `Double` point with a `Float` end widened back to `Double` is then the very comparison the
/// exact box makes, so the answer stays bit-identical to the reference's chain of double tests.
/// When an end is not representable, `isExact` is false and the scan tests the entry's exact box
/// instead (one more line read, for that item only).
struct CompactBox: Equatable {
    var xlo: Float, xEnd: Float, ylo: Float, yEnd: Float

    static let empty = CompactBox(xlo: .infinity, xEnd: -.infinity, ylo: .infinity, yEnd: -.infinity)

    init(xlo: Float, xEnd: Float, ylo: Float, yEnd: Float) {
        self.xlo = xlo; self.xEnd = xEnd; self.ylo = ylo; self.yEnd = yEnd
    }

    /// The compact form of `box`, or nil when one of its ends is not a `Float` exactly.
    init?(exactly box: HitBox) {
        if box.isEmpty { self = .empty; return }
        guard let xlo = Float(exactly: box.xlo), let ylo = Float(exactly: box.ylo),
            let xEnd = CompactBox.openEnd(box.xhi), let yEnd = CompactBox.openEnd(box.yhi)
        else { return nil }
        self.init(xlo: xlo, xEnd: xEnd, ylo: ylo, yEnd: yEnd)
    }

    /// `hi.nextUp` as a `Float`, when exact (an infinite end stays infinite).
    private static func openEnd(_ hi: Double) -> Float? {
        if hi == .infinity { return .infinity }
        return Float(exactly: hi.nextUp)
    }

    /// Whether the point is inside: the exact box's answer, for a box made by `init(exactly:)`.
    /// - Complexity: O(1); four comparisons.
    @inline(__always)
    func contains(_ x: Double, _ y: Double) -> Bool {
        x >= Double(xlo) && x < Double(xEnd) && y >= Double(ylo) && y < Double(yEnd)
    }
}
