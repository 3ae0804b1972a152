/// An axis-aligned box of doubles with inclusive ends, in a space root's coordinates: the exact
/// set of points (as the reference rule computes them) where an indexed view can be hit. Empty
/// when `xlo > xhi` or `ylo > yhi`.
struct HitBox: Equatable {
    var xlo: Double, xhi: Double, ylo: Double, yhi: Double

    static let everything = HitBox(xlo: -.infinity, xhi: .infinity, ylo: -.infinity, yhi: .infinity)
    static let empty = HitBox(xlo: .infinity, xhi: -.infinity, ylo: .infinity, yhi: -.infinity)

    var isEmpty: Bool { !(xlo <= xhi && ylo <= yhi) }

    /// - Complexity: O(1); four comparisons.
    @inline(__always)
    func contains(_ x: Double, _ y: Double) -> Bool { x >= xlo && x <= xhi && y >= ylo && y <= yhi }

    /// Whether every point of this box is in `outer` (a child's box in its parent's, say).
    @inline(__always)
    func lies(inside outer: HitBox) -> Bool {
        xlo >= outer.xlo && xhi <= outer.xhi && ylo >= outer.ylo && yhi <= outer.yhi
    }

    func intersection(_ other: HitBox) -> HitBox {
        let b = HitBox(xlo: max(xlo, other.xlo), xhi: min(xhi, other.xhi), ylo: max(ylo, other.ylo), yhi: min(yhi, other.yhi))
        return b.isEmpty ? .empty : b
    }
}
