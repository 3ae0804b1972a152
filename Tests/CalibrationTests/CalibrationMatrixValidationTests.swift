import Kiosk
import LibinputBackend
import Testing
import TouchCalibration

/// One validation for every calibration matrix a user gives (issue 28): `--calibration` in the
/// kiosk host's options (puzzle-demo and every app), in input-trace and in calibrate, and
/// calibrate's `--current-matrix`: six finite numbers within ±1000, not singular. Nothing traps.
struct CalibrationMatrixValidationTests {
    static let refused: [(String, String)] = [
        ("0 0 0 0 0 0", "flattens the screen onto a line"),
        ("1 2 0 2 4 0", "flattens the screen onto a line"),
        ("1 0 foo 0 1 0 0", "needs six numbers"),
        ("1 0 foo 0 1 0", "'foo' is not a number"),
        ("1e15 0 0 0 1 0", "within ±1000"),
        ("1e13 0 0 0 1 0", "within ±1000"),
        ("nan 0 0 0 1 0", "needs finite numbers"),
        ("1 0 inf 0 1 0", "needs finite numbers"),
        ("1 0 0 0 1", "needs six numbers"),
        ("", "needs six numbers")
    ]

    @Test(arguments: refused)
    func implausibleMatricesAreRefusedWithTheRuleTheyBreak(_ text: String, _ message: String) {
        do {
            let matrix = try CalibrationMatrix(validating: text)
            Issue.record("accepted \(matrix)")
        } catch { #expect(error.description.contains(message), "\(error)") }
    }

    @Test(arguments: ["1 0 0 0 1 0", "0 1 0 -1 0 1", "1.02,0,-0.01,0,0.98,0.02", "-1 0 1 0 -1 1", "999 0 0 0 0.001 0"])
    func realCalibrationsAreAccepted(_ text: String) throws {
        let matrix = try CalibrationMatrix(validating: text)
        #expect(matrix.values.count == 6)
    }

    @Test(arguments: refused)
    func theHostsOptionUsesTheSameValidation(_ text: String, _ message: String) {
        do {
            _ = try KioskOptions.parse(["--calibration", text], appName: "app", environment: { _ in nil })
            Issue.record("--calibration '\(text)' accepted")
        } catch { #expect(error.description.contains("--calibration ") && error.description.contains(message), "\(error)") }
    }

    @Test func calibratesCurrentMatrixUsesTheSameValidation() {
        do {
            _ = try CalibrateOptions.parse(["--current-matrix", "1e13 0 0 0 1 0"], environment: { _ in nil })
            Issue.record("--current-matrix 1e13 accepted")
        } catch { #expect(error.description.contains("--current-matrix needs coefficients within ±1000"), "\(error)") }
    }

    @Test func printingAnyMatrixNeverTraps() {
        let huge = CalibrationMatrix(17_592_186_044_416, 0, -3e38, 0, .infinity, .nan)  // 2^44: exact as a Float
        let text = CalibrationOutput.values(huge)
        #expect(text.hasPrefix("17592186044416.0 0.000000 "), "\(text)")
    }
}
