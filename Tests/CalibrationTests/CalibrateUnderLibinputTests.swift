import ChildProcesses
import EmulatedInput
import FakeFramebuffer
import LibinputBackend
import Prerequisites
import ResponderKit
import ResponderKitTesting
import TestHelpers
import Testing
import TouchCalibration

#if canImport(Glibc)
import Glibc
#endif

/// The calibrate tool end to end: on a fake panel (framebuffer target) with real libinput reading
/// an emulated touchscreen whose reports are skewed, offset, swapped (x/y) and mirrored, the test
/// touches each crosshair the tool announces as a finger would — reported through the distortion —
/// and checks that the matrix the tool prints brings every touch within 0.5 % of the screen of
/// where the finger was, through libinput's config API and through the udev rule it wrote, loaded
/// as the device's udev property.
///
/// Each case runs in a child of the test binary under umockdev's preload (one testbed per process).
@Suite(.serialized)
struct CalibrateUnderLibinputTests {
    /// Where the finger is (panel-normalized) → what the device reports (device-normalized): x
    /// follows the finger's y mirrored, y follows its x, both skewed and offset. It keeps the
    /// whole panel inside the axis range (a controller never reports outside it).
    static let distortion = PlaneAffineMap(a: 0.04, b: -0.85, c: 0.92, d: 0.88, e: 0.05, f: 0.06)
    static let axisMaximum: Int32 = 4095
    /// An earlier, wrong calibration the device already carries as its udev property.
    static let earlierMatrix = CalibrationMatrix(1.05, 0.02, -0.03, 0.01, 0.97, 0.02)
    static let tolerance = 0.005

    @MainActor @Test(.requires(.umockdev))
    func calibratesASkewedSwappedMirroredPanel() throws {
        if Preload.isActive {
            try Self.calibrate(rotation: .none, earlier: nil)
            ChildTestRun.markRan(#function)
        } else {
            try ChildTestRun.run(
                suite: "CalibrateUnderLibinputTests", test: "calibratesASkewedSwappedMirroredPanel",
                environment: try Preload.environment(), timeout: 120)
        }
    }

    /// The same panel turned a quarter (`--rotation 90`) and already carrying a wrong
    /// `LIBINPUT_CALIBRATION_MATRIX`: the new matrix replaces it and accounts for the turn.
    @MainActor @Test(.requires(.umockdev))
    func calibratesATurnedPanelWithAnEarlierMatrix() throws {
        if Preload.isActive {
            try Self.calibrate(rotation: .clockwise90, earlier: Self.earlierMatrix)
            ChildTestRun.markRan(#function)
        } else {
            try ChildTestRun.run(
                suite: "CalibrateUnderLibinputTests", test: "calibratesATurnedPanelWithAnEarlierMatrix",
                environment: try Preload.environment(), timeout: 120)
        }
    }

    /// The emulated controller: 12-bit axes, a vendor and product of its own, and — when given —
    /// the udev calibration property (as a udev rule would set it).
    static func touchscreen(calibration: CalibrationMatrix?) -> EvdevDeviceSpec {
        let axis = EvdevDeviceSpec.AbsInfo(minimum: 0, maximum: axisMaximum, resolution: 10)
        var udev = ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"]
        if let calibration { udev.append("LIBINPUT_CALIBRATION_MATRIX=\(CalibrationOutput.values(calibration))") }
        return EvdevDeviceSpec(
            name: "ResponderKit Skewed Touchscreen", bus: 3, vendor: 0x0eef, product: 0x7224, version: 1, properties: [1],
            events: [
                0: [], EvdevCode.EV_KEY: [EvdevCode.BTN_TOUCH],
                EvdevCode.EV_ABS: [
                    0, 1, EvdevCode.ABS_MT_SLOT, EvdevCode.ABS_MT_POSITION_X, EvdevCode.ABS_MT_POSITION_Y,
                    EvdevCode.ABS_MT_TRACKING_ID
                ]
            ],
            axes: [
                0: axis, 1: axis, EvdevCode.ABS_MT_SLOT: .init(minimum: 0, maximum: 9),
                EvdevCode.ABS_MT_POSITION_X: axis, EvdevCode.ABS_MT_POSITION_Y: axis,
                EvdevCode.ABS_MT_TRACKING_ID: .init(minimum: 0, maximum: 65535)
            ],
            udevProperties: udev)
    }

    /// The geometry of one case: the window (the panel turned by the rotation) and the device
    /// coordinates a finger at a window point produces.
    struct Panel {
        let rotation: DisplayRotation
        let windowSize: Size

        init(width: Int, height: Int, rotation: DisplayRotation) {
            self.rotation = rotation
            let quarter = rotation == .clockwise90 || rotation == .clockwise270
            windowSize = quarter ? Size(width: Double(height), height: Double(width)) : Size(width: Double(width), height: Double(height))
        }

        /// Device coordinates of a finger at window point `p`.
        func device(_ p: Point) -> (x: Int32, y: Int32) {
            let windowNormalized = Point(x: p.x / windowSize.width, y: p.y / windowSize.height)
            let finger = PlaneAffineMap.rotation(rotation).inverted()!.apply(windowNormalized)
            let n = distortion.apply(finger)
            let range = Double(axisMaximum) + 1
            func clamp(_ v: Double) -> Int32 { Int32(min(Double(axisMaximum), max(0, (v * range).rounded(.down)))) }
            return (clamp(n.x), clamp(n.y))
        }

        /// The panel pixel showing window point `p`.
        func panelPixel(_ p: Point) -> (x: Int, y: Int) {
            let n = PlaneAffineMap.rotation(rotation).inverted()!.apply(Point(x: p.x / windowSize.width, y: p.y / windowSize.height))
            let quarter = rotation == .clockwise90 || rotation == .clockwise270
            let (w, h) = quarter ? (windowSize.height, windowSize.width) : (windowSize.width, windowSize.height)
            return (Int(n.x * w), Int(n.y * h))
        }

        /// Where the host puts a touch libinput reports at panel-normalized `n`.
        func window(_ n: Point) -> Point { rotation.map(u: n.x, v: n.y, into: windowSize) }

        /// A 5×5 grid over the whole window, edges included (a little inside, where a finger fits).
        var grid: [Point] {
            let steps = [0.02, 0.25, 0.5, 0.75, 0.98]
            return steps.flatMap { fy in steps.map { fx in Point(x: fx * windowSize.width, y: fy * windowSize.height) } }
        }

        /// The larger per-axis distance from `got` to `want`, as a fraction of that side.
        func error(_ got: Point, _ want: Point) -> Double {
            max(abs(got.x - want.x) / windowSize.width, abs(got.y - want.y) / windowSize.height)
        }

        /// Whether `got` is within 0.5 % of the screen of `want` on each axis.
        func isClose(_ got: Point, _ want: Point) -> Bool {
            abs(got.x - want.x) <= tolerance * windowSize.width && abs(got.y - want.y) <= tolerance * windowSize.height
        }
    }

    @MainActor
    static func calibrate(rotation: DisplayRotation, earlier: CalibrationMatrix?) throws {
        let tool = Subprocess.buildFolder + "calibrate"
        guard access(tool, X_OK) == 0 else { throw Subprocess.Failure("\(tool) is not built: run `swift build --build-tests`") }
        let folder = try TemporaryFolder.make("calibrate")
        defer { TemporaryFolder.remove(folder) }
        var fake = FakeFramebuffer(width: 640, height: 400, bitsPerPixel: 32)
        fake.folder = folder
        try fake.create()
        let panel = Panel(width: fake.width, height: fake.height, rotation: rotation)
        let testbed = try Testbed()
        let touchscreen = try testbed.add(Self.touchscreen(calibration: earlier), event: 43)
        let rulePath = folder + "/99-touchscreen-calibration.rules"
        let arguments = [
            "--target", "framebuffer", "--fb", fake.node, "--device", touchscreen.node, "--console", fake.terminal,
            "--rotation", String(rotation.rawValue), "--seconds", "60", "--write-udev-rule", rulePath
        ]
        let kiosk = try PanelKiosk(
            executable: tool, arguments: arguments, fake: fake,
            preloads: PanelKiosk.preloads(umockdev: true, besides: Preload.executablePath),
            testbedRoot: testbed.root)
        defer { kiosk.process.kill() }
        func line(startingWith prefix: String, occurrence: Int = 1) throws -> String {
            var found: String?
            try kiosk.wait(for: "a line starting '\(prefix)'", timeout: 20) {
                let lines = kiosk.process.output.split(separator: "\n").filter { $0.hasPrefix(prefix) }
                if lines.count >= occurrence { found = String(lines[occurrence - 1]) }
                return found != nil
            }
            return found!
        }
        func numbers(after prefix: String, in text: String) -> [Double] {
            text.dropFirst(prefix.count).split(separator: " ").compactMap { Double($0) }
        }
        var trackingID: Int32 = 0
        func touch(_ p: Point) throws {
            trackingID += 1
            let d = panel.device(p)
            let (down, up) = Frames.tap(x: d.x, y: d.y, trackingID: trackingID)
            try testbed.write(down, to: touchscreen)
            try testbed.write(up, to: touchscreen)
        }

        // 1. The five crosshairs, each touched where the tool says it is.
        var targets: [Point] = []
        for i in 1...5 {
            let prefix = "calibrate: touch target \(i) of 5 at "
            let xy = numbers(after: prefix, in: try line(startingWith: prefix))
            try #require(xy.count == 2)
            targets.append(Point(x: xy[0], y: xy[1]))
            try touch(targets[i - 1])
        }
        #expect(targets == CalibrationTargets.points(in: panel.windowSize))
        let prefix = "LIBINPUT_CALIBRATION_MATRIX=\""
        let printed = try line(startingWith: prefix)
        let matrix = try #require(CalibrationMatrix(parsing: String(printed.dropFirst(prefix.count).dropLast())), "\(printed)")
        _ = try line(startingWith: "calibrate: wrote the udev rule to \(rulePath)")
        let output = kiosk.process.output
        #expect(output.contains("input \"3823:29220:ResponderKit_Skewed_Touchscreen\" calibration_matrix \(CalibrationOutput.values(matrix))"))
        #expect(output.contains("--calibration \"\(CalibrationOutput.values(matrix))\""))
        if let earlier {
            #expect(output.contains("matrix in use was \(CalibrationOutput.values(earlier))"), "the earlier udev matrix was not composed")
        }

        // 2. The check screen: the dot goes where the new matrix puts the finger.
        _ = try line(startingWith: "calibrate: check screen")
        for (i, target) in targets.enumerated() {
            try touch(target)
            let prefix = "calibrate: check touch at "
            let xy = numbers(after: prefix, in: try line(startingWith: prefix, occurrence: i + 1))
            try #require(xy.count == 2)
            #expect(panel.isClose(Point(x: xy[0], y: xy[1]), target), "check touch \(i + 1) at \(xy), target \(target)")
            // …and the panel shows the dot there (a few points off the centre, inside the dot,
            // outside the crosshair's lines).
            let spot = panel.panelPixel(Point(x: target.x + 3, y: target.y + 3))
            try kiosk.wait(for: "the check dot on the panel at target \(i + 1)", timeout: 10) {
                let (r, g, b) = fake.rgb(fake.pixel(try fake.bytes(), x: spot.x, y: spot.y + fake.shownPageY()))
                return abs(r - 25) <= 12 && abs(g - 229) <= 12 && abs(b - 76) <= 12
            }
        }
        kiosk.process.send(SIGTERM)
        #expect(kiosk.process.wait(timeout: 10) == 0, "\(kiosk.transcript)")

        // 3. Real libinput with the new matrix (config API): every touch of a grid lands within
        //    0.5 % of the screen of the finger.
        var worstWithConfig = 0.0
        do {
            let probe = try LibinputProbe(testbed: testbed, node: touchscreen)
            let uncalibrated = panel.window(try probe.tap(x: panel.device(panel.grid[0]).x, y: panel.device(panel.grid[0]).y))
            #expect(!panel.isClose(uncalibrated, panel.grid[0]), "the distortion should be visible before calibrating")
            try probe.setMatrix(matrix)
            for p in panel.grid {
                let d = panel.device(p)
                let got = panel.window(try probe.tap(x: d.x, y: d.y))
                worstWithConfig = max(worstWithConfig, panel.error(got, p))
                #expect(panel.isClose(got, p), "with the new matrix a finger at \(p) lands at \(got)")
            }
        }

        // 4. The rule: it matches this device (vendor, product, name), and its matrix, loaded as the
        //    device's udev property, is applied by libinput itself.
        let rule = try TextFile.read(rulePath)
        let active = try #require(rule.split(separator: "\n").first { !$0.hasPrefix("#") && !$0.isEmpty }.map(String.init))
        #expect(Self.value(of: "ATTRS{id/vendor}==", in: active) == "0eef")
        #expect(Self.value(of: "ATTRS{id/product}==", in: active) == "7224")
        #expect(Self.value(of: "ATTRS{name}==", in: active) == "ResponderKit Skewed Touchscreen")
        #expect(Self.value(of: "SUBSYSTEM==", in: active) == "input")
        let property = try #require(Self.value(of: "ENV{LIBINPUT_CALIBRATION_MATRIX}=", in: active))
        let ruled = try #require(CalibrationMatrix(parsing: property))
        let rebooted = try testbed.add(Self.touchscreen(calibration: ruled), event: 44)
        let probe = try LibinputProbe(testbed: testbed, node: rebooted)
        #expect(probe.defaultMatrix == ruled && probe.matrix == ruled, "libinput did not take the udev property")
        var worstWithRule = 0.0
        for p in panel.grid {
            let d = panel.device(p)
            let got = panel.window(try probe.tap(x: d.x, y: d.y))
            worstWithRule = max(worstWithRule, panel.error(got, p))
            #expect(panel.isClose(got, p), "with the rule's matrix a finger at \(p) lands at \(got)")
        }
        print(
            "CalibrateUnderLibinputTests: rotation \(rotation.rawValue)°, matrix \(CalibrationOutput.values(matrix)); largest error over a 5×5 grid: \(worstWithConfig * 100) % (config API), \(worstWithRule * 100) % (udev rule)"
        )
    }

    /// The quoted value after `key` in a udev rule line (`KEY=="value"`).
    static func value(of key: String, in line: String) -> String? {
        let pattern = Array(key + "\"")
        let characters = Array(line)
        guard characters.count >= pattern.count else { return nil }
        for start in 0...(characters.count - pattern.count) where Array(characters[start..<start + pattern.count]) == pattern {
            return String(characters[(start + pattern.count)...].prefix { $0 != "\"" })
        }
        return nil
    }
}
