import ChildProcesses
import LibinputBackend
import ResponderKit
import ResponderKitTesting
import TestHelpers
import Testing
import TouchCalibration

#if canImport(Glibc)
import Glibc
#endif

/// The calibrate command as a user runs it, headless (scripted touches in window points): the
/// whole flow to the printed matrix and the check screen, and its exit status and message for each
/// kind of bad input.
struct CalibrateCommandTests {
    static var tool: String { Subprocess.buildFolder + "calibrate" }
    static let size = Size(width: 640, height: 400)

    /// Runs `calibrate --target headless --size 640x400` with `script` (one command per line) and
    /// `arguments`; returns its status and output (standard output and error).
    static func run(script: [String], _ arguments: [String] = []) throws -> Subprocess.Result {
        try #require(access(tool, X_OK) == 0, "\(tool) is not built: run `swift build --build-tests`")
        let folder = try TemporaryFolder.make("calibrate")
        defer { TemporaryFolder.remove(folder) }
        try TextFile.write(script.joined(separator: "\n") + "\n", to: folder + "/script")
        let environment = Subprocess.environment([]).filter { !$0.hasPrefix("WAYLAND_") && !$0.hasPrefix("RK_TARGET=") }
        return try Subprocess.run(
            [
                tool, "--target", "headless", "--size", "640x400", "--script", folder + "/script",
                "--output", folder
            ] + arguments, environment: environment, timeout: 60)
    }

    /// Taps on the five targets as a panel that shifts, scales and skews them would report them.
    static func distortedTaps(_ distortion: PlaneAffineMap) -> [String] {
        CalibrationTargets.points(in: size).map {
            let p = distortion.apply($0)
            return "tap-at \(p.x) \(p.y)"
        }
    }

    static let distortion = PlaneAffineMap(a: 0.9, b: 0.05, c: 30, d: -0.03, e: 0.85, f: 25)

    @Test func fitsPrintsAndChecks() throws {
        let correction = Self.distortion.inverted()!
        // Expected: the window-space correction in libinput's normalized space.
        let normalized = PlaneAffineMap.scale(1 / 640, 1 / 400).after(correction).after(.scale(640, 400))
        let check = Self.distortion.apply(Point(x: 560, y: 150))  // clear of the buttons and the words
        let run = try Self.run(script: Self.distortedTaps(Self.distortion) + ["tap-at \(check.x) \(check.y)"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("calibrate: touch target 5 of 5 at 320.0 200.0"))
        #expect(run.output.contains(CalibrationOutput.environmentLine(normalized.calibrationMatrix)), "\(run.output)")
        #expect(run.output.contains("input type:touch calibration_matrix \(CalibrationOutput.values(normalized.calibrationMatrix))"))
        #expect(run.output.contains("largest error 0.0 % of the screen"))
        // The check screen puts the dot where the finger is.
        #expect(run.output.contains("calibrate: check touch at 560.0 150.0"), "\(run.output)")
    }

    @Test func tooFewTouchesEndWithoutACalibration() throws {
        let run = try Self.run(script: Array(Self.distortedTaps(.identity).prefix(3)))
        #expect(run.status == 1)
        #expect(run.output.contains("calibrate: ended before all five targets were touched; no calibration was made"))
        #expect(!run.output.contains("LIBINPUT_CALIBRATION_MATRIX"))
    }

    /// Touches along one line (a controller reporting one axis): the tool says so and starts over.
    @Test func collinearTouchesAreRefusedAndCollectedAgain() throws {
        let line = (0..<5).map { "tap-at \(100 + 100 * $0) \(100 + 40 * $0)" }
        let run = try Self.run(script: line + Self.distortedTaps(.identity))
        #expect(run.output.contains("calibrate: the touches lie on one line (degenerate)"), "\(run.output)")
        #expect(run.output.split(separator: "\n").filter { $0.hasPrefix("calibrate: touch target 1 of 5") }.count == 2)
        #expect(run.status == 0)
        #expect(run.output.contains(CalibrationOutput.environmentLine(.identity)))
    }

    @Test func aMissedCrosshairIsRefused() throws {
        var taps = Self.distortedTaps(.identity)
        taps[1] = "tap-at 300 300"
        let run = try Self.run(script: taps)
        #expect(run.status == 1)
        #expect(run.output.contains("calibrate: touch 2 landed"), "\(run.output)")
    }

    /// Scripted touches come from no udev device: the rule has nothing to match, and says so.
    @Test func aRuleWithoutADeviceIsAClearError() throws {
        let run = try Self.run(script: Self.distortedTaps(.identity), ["--write-udev-rule", "/nonexistent-folder/x.rules"])
        #expect(run.status == 73)
        #expect(
            run.output.contains("calibrate: cannot write the udev rule to /nonexistent-folder/x.rules: the touches came from no udev touchscreen"),
            "\(run.output)")
    }

    @Test(arguments: [
        (["--write-udev-rule"], "--write-udev-rule needs a file name"),
        (["--current-matrix", "1 0 0"], "--current-matrix needs six numbers, got '1 0 0'"),
        (["--current-matrix", "1 2 0 2 4 0"], "flattens the screen onto a line"),
        (["--calibration", "0 0 0 0 0 0"], "flattens the screen onto a line"),
        (["--rotation", "45"], "--rotation must be 0, 90, 180 or 270")
    ])
    func badUsageExits2(_ arguments: [String], _ message: String) throws {
        let run = try Self.run(script: [], arguments)
        #expect(run.status == 2)
        #expect(run.output.contains(message), "\(run.output)")
    }

    /// A matrix given as already applied is composed: the result is the whole correction.
    @Test func composesWithTheGivenCurrentMatrix() throws {
        let current = CalibrationMatrix(0.5, 0, 0.25, 0, 0.5, 0.25)
        let run = try Self.run(script: Self.distortedTaps(.identity), ["--current-matrix", "0.5 0 0.25 0 0.5 0.25", "--no-check"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains(CalibrationOutput.environmentLine(current)), "\(run.output)")
        #expect(!run.output.contains("check screen"))
    }
}
