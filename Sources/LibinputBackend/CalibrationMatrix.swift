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

    /// Parses six finite numbers separated by spaces or commas ("1 0 0 0 1 0"), without the
    /// plausibility checks: for reading back what a device already carries
    /// (`LIBINPUT_CALIBRATION_MATRIX`). A matrix a user gives goes through `init(validating:)`.
    public init?(parsing text: String) {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "," })
        let parts = fields.compactMap { Float($0) }
        guard parts.count == 6, fields.count == 6, parts.allSatisfy(\.isFinite) else { return nil }
        values = parts
    }

    /// Why a matrix was refused; the description follows the option's name ("--calibration needs six numbers, got …").
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        /// What is wrong and what a valid matrix looks like.
        public let description: String
    }

    /// The largest coefficient accepted. libinput applies the matrix to coordinates normalized
    /// to 0…1, so a real calibration's coefficients are near 1 (rotations, flips and offsets of a
    /// screen or two); beyond this the result is off any screen, and the printed forms would
    /// overflow.
    public static let largestMagnitude: Float = 1000

    /// The smallest |a·e − b·d| accepted: below it the matrix flattens the screen onto a line
    /// (singular), and touches cannot be told apart in one direction.
    public static let smallestDeterminant: Float = 1e-6

    /// The one validation of a calibration matrix a user gives (`--calibration` in every tool and
    /// host, `calibrate --current-matrix`): exactly six numbers, each finite and at most
    /// `largestMagnitude` in size, and not singular. Throws `Invalid` saying which rule failed.
    /// - Complexity: O(length of `text`).
    public init(validating text: String) throws(Invalid) {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        guard fields.count == 6 else {
            throw Invalid(description: "needs six numbers, got '\(text)' (a b c d e f; the identity is \"1 0 0 0 1 0\")")
        }
        var parts: [Float] = []
        for field in fields {
            guard let value = Float(field) else { throw Invalid(description: "needs six numbers, got '\(text)' ('\(field)' is not a number)") }
            parts.append(value)
        }
        let matrix = CalibrationMatrix(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5])
        try matrix.validate()
        self = matrix
    }

    /// Checks the rules of `init(validating:)` on this matrix.
    public func validate() throws(Invalid) {
        guard values.count == 6 else { throw Invalid(description: "needs six numbers, got \(values.count)") }
        guard values.allSatisfy(\.isFinite) else { throw Invalid(description: "needs finite numbers, got '\(self)'") }
        guard let largest = values.map(\.magnitude).max(), largest <= Self.largestMagnitude else {
            throw Invalid(
                description:
                    "needs coefficients within ±\(Int(Self.largestMagnitude)), got '\(self)' (libinput applies them to 0…1 coordinates: a real calibration's are near 1)"
            )
        }
        let determinant = Double(values[0]) * Double(values[4]) - Double(values[1]) * Double(values[3])
        guard determinant.magnitude >= Double(Self.smallestDeterminant) else {
            throw Invalid(
                description: "'\(self)' is singular (a·e − b·d = 0): it flattens the screen onto a line; the identity is \"1 0 0 0 1 0\"")
        }
    }

    /// The six numbers separated by spaces, as `init(parsing:)` reads them.
    public var description: String { values.map { String($0) }.joined(separator: " ") }
}
