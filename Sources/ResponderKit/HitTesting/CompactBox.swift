/// A `HitBox` in 16 bytes instead of 32, for the query items a scan reads: its ends as `Float`,
/// the high ends half-open (`x < xEnd` for `x <= xhi`, since no double lies strictly between `xhi`
/// and `xhi.nextUp`).
///
/// When every end converts to a `Float` without rounding (whole, half and most layout coordinates
/// do, and so does every shared benchmark shape), the box is *exact*: comparing a `Double` point
/// with a `Float` end widened back to `Double` is the very comparison the exact box makes, so the
/// answer stays bit-identical to the reference's chain of double tests.
///
/// Otherwise (a box whose end the reference's rounding put a few ulps off a whole number, as
/// under scrolled parents) the ends are rounded *inward*, so the compact box lies inside the exact
/// one: a point inside it is inside the exact box, a point more than one float step outside it is
/// outside, and only a point within one float step of such an end (about 1e-5 pt on a screen) is
/// left to the exact box (`decides`).
struct CompactBox: Equatable {
    var xlo: Float, xEnd: Float, ylo: Float, yEnd: Float

    static let empty = CompactBox(xlo: .infinity, xEnd: -.infinity, ylo: .infinity, yEnd: -.infinity)

    init(xlo: Float, xEnd: Float, ylo: Float, yEnd: Float) {
        self.xlo = xlo; self.xEnd = xEnd; self.ylo = ylo; self.yEnd = yEnd
    }

    /// The compact form of `box`, and whether it is exact (else rounded inward).
    /// - Complexity: O(1); a few conversions per end (this runs for every item of every cell a
    ///   mutation refreshes, so the exact case takes no library call).
    @inline(__always)
    init(_ box: HitBox, isExact: inout Bool) {
        if box.isEmpty {
            self = .empty
            isExact = true
            return
        }
        let xEndExact = CompactBox.successor(box.xhi), yEndExact = CompactBox.successor(box.yhi)
        var exact = true
        self.init(
            xlo: CompactBox.roundedUp(box.xlo, &exact), xEnd: CompactBox.roundedDown(xEndExact, &exact),
            ylo: CompactBox.roundedUp(box.ylo, &exact), yEnd: CompactBox.roundedDown(yEndExact, &exact))
        isExact = exact
    }

    /// `v.nextUp` (+infinity stays), by the bit pattern for finite non-zero `v`.
    @inline(__always)
    static func successor(_ v: Double) -> Double {
        guard v.isFinite, v != 0 else { return v == .infinity ? v : v.nextUp }
        let bits = v.bitPattern
        return Double(bitPattern: v > 0 ? bits &+ 1 : bits &- 1)
    }

    /// The smallest float not below `v` (+infinity past the float range); clears `exact` when
    /// that is not `v` itself.
    @inline(__always)
    static func roundedUp(_ v: Double, _ exact: inout Bool) -> Float {
        let f = Float(v)
        let back = Double(f)
        if back == v { return f }
        exact = false
        return back < v ? f.nextUp : f
    }

    /// The largest float not above `v` (-infinity past the float range); clears `exact` when
    /// that is not `v` itself.
    @inline(__always)
    static func roundedDown(_ v: Double, _ exact: inout Bool) -> Float {
        let f = Float(v)
        let back = Double(f)
        if back == v { return f }
        exact = false
        return back > v ? f.nextDown : f
    }

    /// The compact form of `box` when it is exact, else nil.
    init?(exactly box: HitBox) {
        var isExact = false
        self.init(box, isExact: &isExact)
        if !isExact { return nil }
    }

    /// Whether the point is inside: the exact box's answer for an exact box; for an inward-rounded
    /// one, true proves the point is inside the exact box.
    /// - Complexity: O(1); four comparisons.
    @inline(__always)
    func contains(_ x: Double, _ y: Double) -> Bool {
        x >= Double(xlo) && x < Double(xEnd) && y >= Double(ylo) && y < Double(yEnd)
    }

    /// For an inward-rounded box the point is not inside: whether it is certainly outside the
    /// exact box too (more than one float step beyond an end). False leaves it to the exact box.
    /// - Complexity: O(1).
    @inline(__always)
    func surelyExcludes(_ x: Double, _ y: Double) -> Bool {
        x < Double(xlo.nextDown) || x >= Double(xEnd.nextUp) || y < Double(ylo.nextDown) || y >= Double(yEnd.nextUp)
    }
}
