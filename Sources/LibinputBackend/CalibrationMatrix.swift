/// A touchscreen calibration: the first two rows of a 3×3 matrix applied by libinput to
/// normalized device coordinates, `x' = a·x + b·y + c`, `y' = d·x + e·y + f` (the format of the
/// `LIBINPUT_CALIBRATION_MATRIX` udev property, which libinput applies by itself).
/// The corresponding call is `libinput_device_config_calibration_set_matrix`.
public struct CalibrationMatrix: Hashable, Sendable, CustomStringConvertible {
    /// The six coefficients in order: `a b c d e f`.
    public var values: [Float]

    /// The matrix with rows `a b c` and `d e f`.
    public init(_ a: Float, _ b: Float, _ c: Float, _ d: Float, _ e: Float, _ f: Float) {
        values = [a, b, c, d, e, f]
    }

    /// The matrix that leaves coordinates unchanged (`1 0 0 0 1 0`).
    public static let identity = CalibrationMatrix(1, 0, 0, 0, 1, 0)

    /// Parses six numbers separated by spaces or commas ("1 0 0 0 1 0").
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Float($0) }
        guard parts.count == 6, parts.allSatisfy(\.isFinite) else { return nil }
        values = parts
    }

    /// The six numbers separated by spaces, as `init(parsing:)` reads them.
    public var description: String { values.map { String($0) }.joined(separator: " ") }
}
