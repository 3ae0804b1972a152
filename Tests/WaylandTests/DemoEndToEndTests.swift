import ChildProcesses
import EmulatedInput
import Prerequisites
import Rendering
import ResponderKit
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The same end-to-end run under both real compositors: `wayland-demo` (four tiles with text
/// labels) runs as a real client — cage's kiosk child, or a client of sway — the compositor reads
/// a tap from an emulated touchscreen, the tile the finger landed on reports the touch, and a
/// `grim` screenshot of the output matches, pixel for pixel within a small tolerance, the demo's
/// own `Window.snapshot()` of the frame the compositor presented last.
@MainActor
@Suite(.serialized)
struct DemoEndToEndTests {
    @Test(
        .enabled(if: HeadlessCompositor.Kind.cage.shouldRun, "cage, Xwayland, grim or umockdev is not installed (Tools/setup.sh installs them)"),
        .enabled(if: Prerequisite.uninstrumentedBuild.isPresent, "a sanitized build: the compositor and setpriv cannot preload the instrumented shims"))
    func cageRunsTheDemoDeliversATapAndShowsTheDemosOwnPixels() throws {
        try HeadlessCompositor.Kind.cage.requireInstalled()
        try NobodyChild.run("DemoEndToEndTests", "cageRunsTheDemoDeliversATapAndShowsTheDemosOwnPixels()") {
            try Self.run(.cage)
        }
    }

    @Test(
        .enabled(if: HeadlessCompositor.Kind.sway.shouldRun, "sway, grim or umockdev is not installed (Tools/setup.sh installs them)"),
        .enabled(if: Prerequisite.uninstrumentedBuild.isPresent, "a sanitized build: the compositor and setpriv cannot preload the instrumented shims"))
    func swayRunsTheDemoDeliversATapAndShowsTheDemosOwnPixels() throws {
        try HeadlessCompositor.Kind.sway.requireInstalled()
        try NobodyChild.run("DemoEndToEndTests", "swayRunsTheDemoDeliversATapAndShowsTheDemosOwnPixels()") {
            try Self.run(.sway)
        }
    }

    /// The largest per-channel difference allowed between the screenshot and the snapshot (the
    /// compositor copies opaque ARGB8888 pixels: in practice they are equal).
    static let tolerance = 2

    static func run(_ kind: HeadlessCompositor.Kind) throws {
        Rendering.install()
        let demo = Subprocess.buildFolder + "wayland-demo"
        guard access(demo, X_OK) == 0 else { throw FixtureError("\(demo) is not built (swift build --build-tests builds it)") }
        let folder = try TemporaryFolder.make("demo")
        let snapshotPath = folder + "/snapshot.png"
        defer { unlink(snapshotPath); unlink(snapshotPath + ".part"); rmdir(folder) }

        let testbed = try Testbed()
        let touch = try testbed.add(NobodyChild.device("touchscreen.desc"), event: 20)
        let compositor = try HeadlessCompositor(
            kind, testbedRoot: testbed.root,
            app: [demo, "--seconds", "60", "--snapshot", snapshotPath])
        defer { compositor.stop() }
        let output = compositor.kind.outputSize

        // 1. The first presented frame: the compositor shows the board (inject only after it).
        let first = try waitForLine(compositor, after: 0, "the first presented frame") { $0.hasPrefix("presented frame ") }

        // 2. A tap on the red tile at (200, 300) of the touchscreen (its range is 1280×800, which
        //    the compositor maps onto the output, whatever its size).
        try tap(testbed: testbed, touch: touch, x: 200, y: 300)
        let began = try waitForLine(compositor, after: first, "the touch") { $0.hasPrefix("red: touch began at ") }
        let ended = try waitForLine(compositor, after: began, "the touch to end") { $0 == "red: touch ended" }
        let line = lines(compositor)[began - 1]
        #expect(line.hasSuffix("(direct)"), "\(line)")
        let expected = Point(x: 200 * Double(output.width) / 1280 - 8, y: 300 * Double(output.height) / 800 - 8)  // in the tile
        let location = Self.point(in: line)
        #expect(
            location.map { abs($0.x - expected.x) <= 1 && abs($0.y - expected.y) <= 1 } == true,
            "touch at \(String(describing: location)), expected \(expected): \(line)")

        // 3. The label now counts the touch: wait for that frame to be presented, then compare the
        //    compositor's output with the demo's own rendering of it.
        _ = try waitForLine(compositor, after: ended, "the frame after the touch") { $0.hasPrefix("presented frame ") }
        let screen = try compositor.screenshot()
        let snapshot = try Image.loadPNG(contentsOfFile: snapshotPath)
        // For people to look at: RESPONDERKIT_KEEP_SCREENSHOTS=<folder nobody can write to>.
        if let keep = getenv("RESPONDERKIT_KEEP_SCREENSHOTS").map({ String(cString: $0) }) {
            try compositor.savePNG(keep + "/demo-\(kind)-grim.png")
            try snapshot.writePNG(to: keep + "/demo-\(kind)-snapshot.png")
        }
        #expect(screen.width == output.width && screen.height == output.height)
        #expect(snapshot.width == output.width && snapshot.height == output.height)
        let comparison = ScreenComparison(screen: screen, image: snapshot, tolerance: tolerance)
        #expect(comparison.differing == 0, "\(comparison)")

        // The snapshot shows the board (not a blank grey one): the four tiles and their text.
        let w = output.width, h = output.height
        #expect(snapshot.argb(x: 40, y: 40) == 0xFFFF_0000)  // red tile
        #expect(snapshot.argb(x: w - 40, y: 40) == 0xFF00_FF00)  // green
        #expect(snapshot.argb(x: 40, y: h - 40) == 0xFF00_00FF)  // blue
        #expect(snapshot.argb(x: w - 40, y: h - 40) == 0xFFFF_FF00)  // yellow
        #expect(snapshot.argb(x: w / 2, y: 4) == 0xFF55_5555)  // the board (dark grey) between them
        let redLabel = (8..<(w / 2 - 8)).flatMap { x in ((h / 4 - 30)..<(h / 4 + 30)).map { (x, $0) } }
        let inked = redLabel.filter { snapshot.argb(x: $0.0, y: $0.1) == 0xFFFF_FFFF }.count
        #expect(inked > 200, "white label pixels in the red tile: \(inked)")
    }

    static func tap(testbed: Testbed, touch: Testbed.Device, x: Int32, y: Int32) throws {
        let (abs, key) = (EvdevCode.EV_ABS, EvdevCode.EV_KEY)
        func frame(_ events: [(Int, Int, Int32)]) throws {
            try testbed.write(
                events.map { EvdevEvent(type: $0.0, code: $0.1, value: $0.2) }
                    + [EvdevEvent(type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0)], to: touch)
        }
        try frame([
            (abs, EvdevCode.ABS_MT_SLOT, 0), (abs, EvdevCode.ABS_MT_TRACKING_ID, 11),
            (abs, EvdevCode.ABS_MT_POSITION_X, x), (abs, EvdevCode.ABS_MT_POSITION_Y, y),
            (key, EvdevCode.BTN_TOUCH, 1), (abs, EvdevCode.ABS_X, x), (abs, EvdevCode.ABS_Y, y)
        ])
        try frame([(abs, EvdevCode.ABS_MT_TRACKING_ID, -1), (key, EvdevCode.BTN_TOUCH, 0)])
    }

    static func lines(_ compositor: HeadlessCompositor) -> [String] {
        compositor.appOutput.split(separator: "\n").map(String.init)
    }

    /// Waits (≤ 10 s, polling the app's output) for a line at index ≥ `after` that matches;
    /// returns the index just past it. Fails at once when the app exits.
    static func waitForLine(
        _ compositor: HeadlessCompositor, after: Int, _ what: String,
        _ matches: (String) -> Bool
    ) throws -> Int {
        let deadline = HeadlessCompositor.now + 10
        while true {
            let all = lines(compositor)
            if after < all.count, let i = all[after...].firstIndex(where: matches) { return i + 1 }
            guard compositor.appIsRunning else { throw FixtureError("the demo exited waiting for \(what): \(all.suffix(30))") }
            guard HeadlessCompositor.now < deadline else { throw FixtureError("timed out waiting for \(what): \(all.suffix(30))") }
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)  // the app's output is a file: poll it
            nanosleep(&pause, nil)
        }
    }

    /// The first "(x, y)"-like pair of numbers after "at " in a demo line.
    static func point(in line: String) -> Point? {
        let parts = line.split(separator: " at ", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let numbers = parts[1].split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
        return numbers.count >= 2 ? Point(x: numbers[0], y: numbers[1]) : nil
    }
}

/// A compositor screenshot (packed RGB) against an image (premultiplied ARGB32, opaque), as a
/// `PixelDiff` over the colour channels (the screenshot has no alpha: both sides compare as opaque).
struct ScreenComparison: CustomStringConvertible {
    let diff: PixelDiff

    /// Pixels differing by more than the tolerance.
    var differing: Int { diff.differing }

    /// Pixels inside `excluding` (e.g. a cursor the compositor draws) are not compared.
    @MainActor
    init(screen: (width: Int, height: Int, rgb: [UInt8]), image: Image, tolerance: Int, excluding: PixelRect = .empty) {
        guard screen.width == image.width, screen.height == image.height else {
            diff = PixelDiff(mismatchedSize: (screen.width, screen.height), expected: (image.width, image.height), tolerance: tolerance)
            return
        }
        let (rgb, pixels, width) = (screen.rgb, image.pixels, image.width)
        diff = PixelDiff(
            width: width, height: screen.height, tolerance: tolerance,
            skip: { x, y in x >= excluding.x && x < excluding.maxX && y >= excluding.y && y < excluding.maxY },
            pixel: { x, y in
                let i = (y * width + x) * 3
                let shown = 0xFF00_0000 | UInt32(rgb[i]) << 16 | UInt32(rgb[i + 1]) << 8 | UInt32(rgb[i + 2])
                return (shown, pixels[y * width + x] | 0xFF00_0000)
            })
    }

    var description: String { "screen against image: \(diff)" }
}
