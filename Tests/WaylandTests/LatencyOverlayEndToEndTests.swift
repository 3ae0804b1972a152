import ChildProcesses
import EmulatedInput
import Prerequisites
import Rendering
import ResponderKit
import ResponderKitTesting
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 12 under a real compositor: `puzzle-demo --latency-overlay --hit-dump DIR` under sway.
/// The screen is the app's own rendering but for the overlay's corner, where the panel is drawn;
/// `SIGUSR1` writes the live window and the two touches it received for hitbench; at exit the
/// app prints its figures, with input → pixels measured from sway's frame callbacks.
@MainActor
@Suite(.serialized)
struct LatencyOverlayEndToEndTests {
    @Test(
        .enabled(if: HeadlessCompositor.Kind.sway.shouldRun, "sway, grim or umockdev is not installed (Tools/setup.sh installs them)"),
        .enabled(if: Prerequisite.uninstrumentedBuild.isPresent, "a sanitized build: the compositor and setpriv cannot preload the instrumented shims"))
    func swayShowsTheOverlayAndDumpsOnSIGUSR1() throws {
        try HeadlessCompositor.Kind.sway.requireInstalled()
        try NobodyChild.run("LatencyOverlayEndToEndTests", "swayShowsTheOverlayAndDumpsOnSIGUSR1()") { try Self.run() }
    }

    static func run() throws {
        Rendering.install()
        let dumps = try TemporaryFolder.make("dumps")
        defer { TemporaryFolder.remove(dumps) }
        let kiosk = try KioskUnderCompositor(.sway, executable: "puzzle-demo", arguments: ["--latency-overlay", "--hit-dump", dumps])
        defer { kiosk.stop() }
        let (testbed, touch, compositor, snapshotPath) = (kiosk.testbed, kiosk.touch, kiosk.compositor, kiosk.snapshotPath)
        let output = kiosk.outputSize
        var after = try DemoEndToEndTests.waitForLine(compositor, after: 0, "the first presented frame") { $0.hasPrefix("presented frame ") }

        // Two taps on tiles (the board's centre and the tile left of it).
        let centre = Point(x: Double(output.width) / 2, y: Double(output.height) / 2)
        for point in [centre, Point(x: centre.x - 180, y: centre.y)] {
            let (x, y) = kiosk.devicePoint(point)
            try DemoEndToEndTests.tap(testbed: testbed, touch: touch, x: x, y: y)
            after = try DemoEndToEndTests.waitForLine(compositor, after: after, "a frame after a tap") { $0.hasPrefix("presented frame ") }
        }
        // Let the overlay's last refresh (≤ 0.25 s later) reach the screen.
        var pause = timespec(tv_sec: 0, tv_nsec: 600_000_000)
        nanosleep(&pause, nil)

        // Outside the panel the screen is the app's own rendering; inside it, the dark panel.
        let panel = LatencyOverlayView.frame(in: Size(width: Double(output.width), height: Double(output.height)))
        let box = PixelRect(x: Int(panel.minX), y: Int(panel.minY), width: Int(panel.width), height: Int(panel.height))
        let screen = try compositor.screenshot()
        if let keep = getenv("RESPONDERKIT_KEEP_SCREENSHOTS").map({ String(cString: $0) }) {
            try compositor.savePNG(keep + "/latency-overlay-sway-grim.png")
        }
        let app = try Image.loadPNG(contentsOfFile: snapshotPath)
        let outside = ScreenComparison(screen: screen, image: app, tolerance: DemoEndToEndTests.tolerance, excluding: box)
        #expect(outside.differing == 0, "\(outside)")
        var dark = 0
        for y in box.y + 4..<box.maxY - 4 {
            for x in box.x + 4..<box.maxX - 4 {
                let i = (y * screen.width + x) * 3
                if Int(screen.rgb[i]) + Int(screen.rgb[i + 1]) + Int(screen.rgb[i + 2]) < 200 { dark += 1 }
            }
        }
        #expect(dark > (box.width - 8) * (box.height - 8) / 2, "\(dark) dark pixels in the panel")

        // SIGUSR1: the dump, with the two touches.
        let app0 = try #require(compositor.app)
        app0.send(SIGUSR1)
        _ = try DemoEndToEndTests.waitForLine(compositor, after: 0, "the dump") { $0.contains("time them with: hitbench") }
        let tree = try VTree.load(dumps + "/puzzle-1.vtree")
        let points = try VTree.parsePoints(try TextFile.read(dumps + "/puzzle-1.points"))
        let hits = try VTree.parseHits(try TextFile.read(dumps + "/puzzle-1.hits"))
        #expect(tree.nodes.count > 10 && points.count == 2 && hits.count == 2)
        #expect(abs(points[0].x - centre.x) < 2 && abs(points[0].y - centre.y) < 2, "\(points)")

        // At exit the figures, input → pixels included (sway reports presentation).
        app0.send(SIGTERM)
        _ = try DemoEndToEndTests.waitForLine(compositor, after: 0, "the latency summary") { $0.contains("latency: input n=") }
        let summary = DemoEndToEndTests.lines(compositor).first { $0.contains("latency: input n=") } ?? ""
        #expect(summary.contains("hit test n=2") && summary.contains("→ pixels n="), "\(summary)")
    }
}
