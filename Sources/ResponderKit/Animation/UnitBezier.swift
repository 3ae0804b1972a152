/// A cubic Bézier timing function through (0, 0), (x1, y1), (x2, y2), (1, 1), as Core Animation
/// (`CAMediaTimingFunction`) and CSS define them: `solve(x)` finds the curve parameter whose x is
/// the time fraction, then returns its y, the animated fraction.
struct UnitBezier: Sendable {
    // Polynomial coefficients: x(t) = ((ax·t + bx)·t + cx)·t, the same for y.
    private let ax, bx, cx, ay, by, cy: Double

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    static let easeInOut = UnitBezier(0.42, 0, 0.58, 1)
    static let easeIn = UnitBezier(0.42, 0, 1, 1)
    static let easeOut = UnitBezier(0, 0, 0.58, 1)

    private func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// y at the parameter where x(t) = `x` (x in 0…1; x(t) is increasing since x1, x2 ∈ 0…1).
    /// - Complexity: O(1): at most 8 Newton steps, else at most 64 bisection steps.
    func solve(_ x: Double) -> Double {
        let epsilon = 1e-12
        var t = x
        for _ in 0..<8 {
            let error = self.x(t) - x
            if abs(error) < epsilon { return y(t) }
            let slope = dx(t)
            if abs(slope) < 1e-9 { break }
            t -= error / slope
        }
        // Newton left the interval or stalled on a flat stretch: bisection always converges.
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<64 {
            let value = self.x(t)
            if abs(value - x) < epsilon { break }
            if value < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return y(t)
    }
}
