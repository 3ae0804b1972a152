import LibinputBackend
import ResponderKit

/// One crosshair and where the touch on it was reported, both in window points (the report as
/// the app received it: through the matrix libinput applied at the time and the host's rotation).
public struct CalibrationSample: Hashable, Sendable {
    public var target: Point
    public var reported: Point
    public init(target: Point, reported: Point) {
        self.target = target
        self.reported = reported
    }
}

/// What a fit found.
public struct CalibrationResult: Hashable, Sendable {
    /// The matrix to give libinput in place of the one applied while calibrating.
    public var matrix: CalibrationMatrix
    /// In window points: where the new matrix puts a touch the old one reported at `p`
    /// (`correction.apply(p)`); the check screen draws its dot there.
    public var correction: PlaneAffineMap
    /// Per sample: the distance from its corrected report to its target, as a fraction of the
    /// screen's larger side.
    public var residuals: [Double]

    public var largestResidual: Double { residuals.max() ?? 0 }
}

/// The least-squares calibration: from crosshair targets and the touches reported on them to
/// libinput's 3×2 calibration matrix.
///
/// libinput applies its matrix `M` to the touch in the panel's normalized space (0…1 over the
/// device's axis ranges, `libinput_device_config_calibration_set_matrix`); the host then turns
/// that by the display rotation `R` and scales it to the window (`S`). A report in window points
/// is therefore `p = S·R·M_old·n` for the raw normalized touch `n`. Tracing reports and targets
/// back through `(S·R)⁻¹` gives panel-normalized pairs `v = M_old·n` and `u`; the affine `A`
/// fitting `A·v ≈ u` is the correction, and the new matrix is `A·M_old` — composed with the
/// rotation and with whatever matrix was already applied, as libinput expects it.
public enum CalibrationFit {
    /// An affine map has six unknowns: three touches at least.
    public static let minimumPoints = 3
    /// A touch farther than this (fraction of the larger screen side) from where the fit puts it
    /// makes the fit fail as `inconsistentTouch`: a crosshair was missed.
    public static let largestAcceptedResidual = 0.05
    /// Touches whose RMS distance from their centre is below this (fraction of the screen) are
    /// `touchesTooClose`.
    static let smallestSpread = 0.02
    /// The flatness below which points count as collinear: the determinant of their covariance
    /// over its largest possible value for the same spread (1 for a round cloud, 0 for a line).
    static let flatness = 1e-3

    /// Fits the matrix for `samples` on a window of `windowSize` points shown with `rotation`,
    /// while libinput applied `current`.
    /// - Complexity: O(samples).
    public static func solve(
        _ samples: [CalibrationSample], windowSize: Size, rotation: DisplayRotation = .none,
        current: CalibrationMatrix = .identity
    ) throws(CalibrationError) -> CalibrationResult {
        guard windowSize.width > 0, windowSize.height > 0, windowSize.width.isFinite, windowSize.height.isFinite else {
            throw .badWindowSize(width: windowSize.width, height: windowSize.height)
        }
        guard samples.count >= minimumPoints else { throw .tooFewPoints(samples.count) }
        guard samples.allSatisfy({ [$0.target.x, $0.target.y, $0.reported.x, $0.reported.y].allSatisfy(\.isFinite) }) else {
            throw .nonFinite
        }
        let old = PlaneAffineMap(current)
        guard old.isFinite, old.inverted() != nil else { throw .currentMatrixSingular }
        // Window points → panel-normalized, after libinput's matrix: (S·R)⁻¹.
        let panelToWindow = PlaneAffineMap.scale(windowSize.width, windowSize.height).after(.rotation(rotation))
        let windowToPanel = panelToWindow.inverted()!
        let reported = samples.map { windowToPanel.apply($0.reported) }
        let targets = samples.map { windowToPanel.apply($0.target) }
        try requireSpread(targets, tooClose: { _ in .targetsCollinear }, collinear: .targetsCollinear)
        try requireSpread(reported, tooClose: { .touchesTooClose(spread: $0) }, collinear: .touchesCollinear)
        let fit = try leastSquares(from: reported, to: targets)
        guard abs(fit.determinant) > 1e-9 else { throw .targetsCollinear }

        let correction = panelToWindow.after(fit).after(windowToPanel)
        let side = max(windowSize.width, windowSize.height)
        let residuals = samples.map { sample in
            let p = correction.apply(sample.reported)
            return ((p.x - sample.target.x) * (p.x - sample.target.x) + (p.y - sample.target.y) * (p.y - sample.target.y)).squareRoot() / side
        }
        if let worst = residuals.indices.max(by: { residuals[$0] < residuals[$1] }), residuals[worst] > largestAcceptedResidual {
            throw .inconsistentTouch(point: worst + 1, error: residuals[worst])
        }
        return CalibrationResult(matrix: fit.after(old).calibrationMatrix, correction: correction, residuals: residuals)
    }

    /// The affine map taking each `from[i]` nearest to `to[i]` in the least-squares sense (exact
    /// when the pairs are related by an affine map). Solved on centred coordinates: the linear
    /// part from the 2×2 normal equations, the offset from the centroids.
    /// - Complexity: O(points).
    public static func leastSquares(from: [Point], to: [Point]) throws(CalibrationError) -> PlaneAffineMap {
        guard from.count == to.count else { throw .mismatchedSamples(targets: to.count, touches: from.count) }
        guard from.count >= minimumPoints else { throw .tooFewPoints(from.count) }
        let n = Double(from.count)
        let (mx, my) = (from.reduce(0) { $0 + $1.x } / n, from.reduce(0) { $0 + $1.y } / n)
        let (mu, mv) = (to.reduce(0) { $0 + $1.x } / n, to.reduce(0) { $0 + $1.y } / n)
        var (sxx, sxy, syy, pux, puy, pvx, pvy) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        for (p, q) in zip(from, to) {
            let (x, y, u, v) = (p.x - mx, p.y - my, q.x - mu, q.y - mv)
            sxx += x * x; sxy += x * y; syy += y * y
            pux += u * x; puy += u * y; pvx += v * x; pvy += v * y
        }
        let det = sxx * syy - sxy * sxy
        let trace = sxx + syy
        guard trace > 0, det > flatness * trace * trace / 4 else { throw .touchesCollinear }
        let a = (pux * syy - puy * sxy) / det, b = (puy * sxx - pux * sxy) / det
        let d = (pvx * syy - pvy * sxy) / det, e = (pvy * sxx - pvx * sxy) / det
        return PlaneAffineMap(a: a, b: b, c: mu - a * mx - b * my, d: d, e: e, f: mv - d * mx - e * my)
    }

    /// Throws when `points` (normalized) huddle in one spot or lie on one line.
    private static func requireSpread(
        _ points: [Point], tooClose: (Double) -> CalibrationError,
        collinear: CalibrationError
    ) throws(CalibrationError) {
        let n = Double(points.count)
        let (mx, my) = (points.reduce(0) { $0 + $1.x } / n, points.reduce(0) { $0 + $1.y } / n)
        var (sxx, sxy, syy) = (0.0, 0.0, 0.0)
        for p in points {
            sxx += (p.x - mx) * (p.x - mx); sxy += (p.x - mx) * (p.y - my); syy += (p.y - my) * (p.y - my)
        }
        let trace = sxx + syy
        let spread = (trace / n).squareRoot()
        guard spread >= smallestSpread else { throw tooClose(spread) }
        guard sxx * syy - sxy * sxy > flatness * trace * trace / 4 else { throw collinear }
    }
}
