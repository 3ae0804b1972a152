import LibinputBackend
import ResponderKit

/// An affine map of the plane in libinput's row form, `x' = a·x + b·y + c`, `y' = d·x + e·y + f`:
/// the calibration matrix itself, the display rotation and the window scaling are all of this
/// kind, so the calibration composes them as plain maps instead of special cases.
public struct PlaneAffineMap: Hashable, Sendable, CustomStringConvertible {
    public var a, b, c, d, e, f: Double

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    public static let identity = PlaneAffineMap(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    /// The map libinput applies for `matrix` (its six values, widened to Double).
    public init(_ matrix: CalibrationMatrix) {
        let v = matrix.values.map(Double.init)
        self.init(a: v[0], b: v[1], c: v[2], d: v[3], e: v[4], f: v[5])
    }

    /// The six values as libinput takes them (`libinput_device_config_calibration_set_matrix`).
    public var calibrationMatrix: CalibrationMatrix {
        CalibrationMatrix(Float(a), Float(b), Float(c), Float(d), Float(e), Float(f))
    }

    /// Scales x by `sx` and y by `sy`.
    public static func scale(_ sx: Double, _ sy: Double) -> PlaneAffineMap {
        PlaneAffineMap(a: sx, b: 0, c: 0, d: 0, e: sy, f: 0)
    }

    /// From the panel's normalized space (0…1 across and down the native panel, after libinput's
    /// calibration) to the window's normalized space (0…1 across and down the turned window):
    /// `DisplayRotation.map` without its final scaling to the window size.
    public static func rotation(_ rotation: DisplayRotation) -> PlaneAffineMap {
        switch rotation {
        case .none: return .identity
        case .clockwise90: return PlaneAffineMap(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1)  // (v, 1 - u)
        case .upsideDown: return PlaneAffineMap(a: -1, b: 0, c: 1, d: 0, e: -1, f: 1)  // (1 - u, 1 - v)
        case .clockwise270: return PlaneAffineMap(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0)  // (1 - v, u)
        }
    }

    /// - Complexity: O(1).
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + b * p.y + c, y: d * p.x + e * p.y + f)
    }

    /// `self ∘ first`: the map that applies `first`, then `self`.
    public func after(_ first: PlaneAffineMap) -> PlaneAffineMap {
        PlaneAffineMap(
            a: a * first.a + b * first.d, b: a * first.b + b * first.e, c: a * first.c + b * first.f + c,
            d: d * first.a + e * first.d, e: d * first.b + e * first.e, f: d * first.c + e * first.f + f)
    }

    /// The determinant of the linear part: the factor areas grow by (0: the map flattens the
    /// plane onto a line; negative: it mirrors).
    public var determinant: Double { a * e - b * d }

    /// The inverse map, or nil when the map flattens the plane (|determinant| ≤ 1e-12).
    public func inverted() -> PlaneAffineMap? {
        let det = determinant
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        let (ia, ib, id, ie) = (e / det, -b / det, -d / det, a / det)
        return PlaneAffineMap(a: ia, b: ib, c: -(ia * c + ib * f), d: id, e: ie, f: -(id * c + ie * f))
    }

    public var isFinite: Bool { [a, b, c, d, e, f].allSatisfy(\.isFinite) }

    public var description: String { "[\(a) \(b) \(c); \(d) \(e) \(f)]" }
}
