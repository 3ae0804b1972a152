import ChildProcesses
import EmulatedInput
import Prerequisites
import ResponderKit
import ResponderKitTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The calibrate tool on its Wayland target (issue 11): fullscreen under real sway, whose libinput
/// reads an emulated touchscreen. The test touches the five crosshairs as a skewed, offset, swapped
/// and mirrored panel reports them; the matrix the tool prints undoes that within 0.5 % of the
/// screen everywhere, and sway accepts the printed `input … calibration_matrix` line and applies the
/// matrix (`swaymsg`, read back over IPC).
@MainActor
@Suite(.serialized)
struct CalibrateUnderSwayTests {
    /// Output-normalized finger position → device-normalized report (the emulated range is the
    /// output's 1280×800, which sway maps 1:1 when uncalibrated).
    static let distortion: (a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) = (0.04, -0.85, 0.92, 0.88, 0.05, 0.06)

    static func distort(_ p: Point) -> Point {
        let d = distortion
        return Point(x: d.a * p.x + d.b * p.y + d.c, y: d.d * p.x + d.e * p.y + d.f)
    }

    @Test(
        .enabled(if: HeadlessCompositor.Kind.sway.shouldRun, "sway, grim or umockdev is not installed (Tools/setup.sh installs them)"),
        .enabled(if: Prerequisite.uninstrumentedBuild.isPresent, "a sanitized build: the compositor and setpriv cannot preload the instrumented shims"))
    func calibratesUnderSway() throws {
        try HeadlessCompositor.Kind.sway.requireInstalled()
        try NobodyChild.run("CalibrateUnderSwayTests", "calibratesUnderSway()") { try Self.run() }
    }

    static func run() throws {
        let kiosk = try KioskUnderCompositor(.sway, executable: "calibrate")
        defer { kiosk.stop() }
        let (testbed, touch, compositor) = (kiosk.testbed, kiosk.touch, kiosk.compositor)
        let size = Size(width: Double(kiosk.outputSize.width), height: Double(kiosk.outputSize.height))
        _ = try DemoEndToEndTests.waitForLine(compositor, after: 0, "the first presented frame") { $0.hasPrefix("presented frame ") }
        // Each announcement is printed once (the first may come before the first frame).
        var after = 0
        for i in 1...5 {
            let prefix = "calibrate: touch target \(i) of 5 at "
            after = try DemoEndToEndTests.waitForLine(compositor, after: 0, "target \(i)") { $0.hasPrefix(prefix) }
            let line = DemoEndToEndTests.lines(compositor)[after - 1]
            let target = try #require(DemoEndToEndTests.point(in: line))
            let report = distort(Point(x: target.x / size.width, y: target.y / size.height))
            try DemoEndToEndTests.tap(testbed: testbed, touch: touch, x: Int32((report.x * 1280).rounded()), y: Int32((report.y * 800).rounded()))
        }
        let prefix = "LIBINPUT_CALIBRATION_MATRIX=\""
        after = try DemoEndToEndTests.waitForLine(compositor, after: after, "the matrix") { $0.hasPrefix(prefix) }
        let lines = DemoEndToEndTests.lines(compositor)
        let values = lines[after - 1].dropFirst(prefix.count).dropLast().split(separator: " ").compactMap { Double($0) }
        try #require(values.count == 6, "\(lines[after - 1])")

        // The matrix undoes the distortion over the whole screen.
        for fy in [0.0, 0.25, 0.5, 0.75, 1.0] {
            for fx in [0.0, 0.25, 0.5, 0.75, 1.0] {
                let n = distort(Point(x: fx, y: fy))
                let x = values[0] * n.x + values[1] * n.y + values[2], y = values[3] * n.x + values[4] * n.y + values[5]
                #expect(abs(x - fx) <= 0.005 && abs(y - fy) <= 0.005, "a finger at \(fx), \(fy) lands at \(x), \(y)")
            }
        }

        // The sway line: the app (a plain Wayland client, outside umockdev) cannot see the
        // emulated device in udev, so it calibrates every touchscreen (`type:touch`); where it
        // can (one udev touchscreen), the identifier must be one sway uses. Sway's own name for
        // the emulated device follows the rule the tool writes (decimal ids, spaces as `_`).
        let swayLine = try #require(lines.first { $0.hasPrefix("input ") && $0.contains(" calibration_matrix ") }, "no sway line in \(lines)")
        let inputs = try swaymsg(compositor, ["-t", "get_inputs", "-r"])
        #expect(inputs.contains("\"identifier\": \"7531:769:ResponderKit_Wayland_Touchscreen\""), "sway's inputs: \(inputs)")
        if swayLine.hasPrefix("input \"") {
            let identifier = String(swayLine.dropFirst("input \"".count).prefix { $0 != "\"" })
            #expect(inputs.contains("\"identifier\": \"\(identifier)\""), "\(swayLine) names no input of sway's: \(inputs)")
        } else {
            #expect(swayLine.hasPrefix("input type:touch calibration_matrix "))
        }
        _ = try swaymsg(compositor, [swayLine])
        let applied = try swaymsg(compositor, ["-t", "get_inputs", "-r"])
        let first = Self.formatted(values[0])
        #expect(applied.contains("\"calibration_matrix\"") && applied.contains(first), "sway did not apply the matrix: \(applied)")
    }

    /// Runs swaymsg against the compositor's IPC socket; throws on a failure status.
    static func swaymsg(_ compositor: HeadlessCompositor, _ arguments: [String]) throws -> String {
        guard let directory = opendir(compositor.runtimeDirectory) else { throw FixtureError("no runtime directory") }
        var socket: String?
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("sway-ipc.") && name.hasSuffix(".sock") { socket = compositor.runtimeDirectory + "/" + name }
        }
        closedir(directory)
        guard let socket else { throw FixtureError("sway made no IPC socket in \(compositor.runtimeDirectory)") }
        let run = try Subprocess.run(["/usr/bin/swaymsg", "-s", socket] + arguments, environment: ["PATH=/usr/bin:/bin"], timeout: 10)
        guard run.status == 0 else { throw FixtureError("swaymsg \(arguments) failed (\(run.status)): \(run.output)") }
        return run.output
    }

    /// The first decimals of a matrix value as JSON prints a float near it ("1.1331").
    static func formatted(_ value: Double) -> String {
        let tenThousandths = Int64((value * 10_000).rounded(.towardZero))
        let magnitude = tenThousandths.magnitude
        let fraction = String(magnitude % 10_000)
        return "\(tenThousandths < 0 ? "-" : "")\(magnitude / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)"
    }
}
