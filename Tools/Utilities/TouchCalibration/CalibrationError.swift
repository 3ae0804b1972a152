/// Why a calibration could not be computed or saved; each message says what to do about it.
public enum CalibrationError: Error, Equatable, CustomStringConvertible {
    /// Fewer touches than an affine fit needs (3 at least; the tool asks for 5).
    case tooFewPoints(Int)
    /// The sample lists (targets and touches) differ in length.
    case mismatchedSamples(targets: Int, touches: Int)
    /// A coordinate is NaN or infinite.
    case nonFinite
    /// The window size is not positive.
    case badWindowSize(width: Double, height: Double)
    /// The touches all landed within a small spot (`spread` is their RMS distance from their
    /// centre, as a fraction of the screen).
    case touchesTooClose(spread: Double)
    /// The touches lie (nearly) on one line, so they say nothing about the other direction.
    case touchesCollinear
    /// The targets themselves lie on one line.
    case targetsCollinear
    /// The already applied matrix flattens the plane, so the reports cannot be traced back.
    case currentMatrixSingular
    /// A touch is far from where the fitted map puts the others: most likely a missed crosshair
    /// (`point` is 1-based; `error` is the distance as a fraction of the screen's larger side).
    case inconsistentTouch(point: Int, error: Double)
    /// The udev rule file could not be written.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case let .tooFewPoints(n):
            return "an affine calibration needs at least 3 touches, got \(n)"
        case let .mismatchedSamples(targets, touches):
            return "\(targets) targets but \(touches) touches: every target needs exactly one touch"
        case .nonFinite:
            return "a target or touch coordinate is not a finite number"
        case let .badWindowSize(width, height):
            return "the screen size \(width)x\(height) is not positive"
        case let .touchesTooClose(spread):
            return
                "the touches all landed within \(Self.percent(spread)) of the screen of each other: the touchscreen reports (almost) one position; is it the right device?"
        case .touchesCollinear:
            return
                "the touches lie on one line (degenerate): the touchscreen reports only one axis, or the crosshairs were missed; touch each crosshair's centre again"
        case .targetsCollinear:
            return "the targets lie on one line (degenerate): they must span the screen in both directions"
        case .currentMatrixSingular:
            return
                "the calibration matrix already applied flattens the screen onto a line (determinant 0): remove it (LIBINPUT_CALIBRATION_MATRIX or --calibration) and calibrate again"
        case let .inconsistentTouch(point, error):
            return
                "touch \(point) landed \(Self.percent(error)) of the screen away from where the others put it: it probably missed its crosshair; touch each crosshair's centre again"
        case let .cannotWrite(path, reason):
            return "cannot write the udev rule to \(path): \(reason)"
        }
    }

    static func percent(_ fraction: Double) -> String {
        let tenths = Int((fraction * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10) %"
    }
}
