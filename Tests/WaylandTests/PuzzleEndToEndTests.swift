import ChildProcesses
import EmulatedInput
import Prerequisites
import PuzzleApp
import Rendering
import ResponderKit
import ResponderKitTesting
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The main command under both real compositors (issue 8): `puzzle-demo` picks Wayland on its own
/// (the compositor sets WAYLAND_DISPLAY for it), opens fullscreen, and a user solves the puzzle
/// with four taps on an emulated touchscreen read by the compositor's libinput. After each tap the
/// compositor's screenshot (`grim`) equals the app's own rendering of the presented frame, and the
/// last one is the solved board.
@MainActor
@Suite(.serialized)
struct PuzzleEndToEndTests {
    @Test(
        .enabled(if: HeadlessCompositor.Kind.sway.shouldRun, "sway, grim or umockdev is not installed (Tools/setup.sh installs them)"),
        .enabled(if: Prerequisite.uninstrumentedBuild.isPresent, "a sanitized build: the compositor and setpriv cannot preload the instrumented shims"))
    func swaySolvesThePuzzleByTouch() throws {
        try HeadlessCompositor.Kind.sway.requireInstalled()
        try NobodyChild.run("PuzzleEndToEndTests", "swaySolvesThePuzzleByTouch()") { try Self.run(.sway) }
    }

    @Test(
        .enabled(if: HeadlessCompositor.Kind.cage.shouldRun, "cage, Xwayland, grim or umockdev is not installed (Tools/setup.sh installs them)"),
        .enabled(if: Prerequisite.uninstrumentedBuild.isPresent, "a sanitized build: the compositor and setpriv cannot preload the instrumented shims"))
    func cageSolvesThePuzzleByTouch() throws {
        try HeadlessCompositor.Kind.cage.requireInstalled()
        try NobodyChild.run("PuzzleEndToEndTests", "cageSolvesThePuzzleByTouch()") { try Self.run(.cage) }
    }

    static func run(_ kind: HeadlessCompositor.Kind) throws {
        Rendering.install()
        let kiosk = try KioskUnderCompositor(kind, executable: "puzzle-demo")
        defer { kiosk.stop() }
        let (testbed, touch, compositor, snapshotPath) = (kiosk.testbed, kiosk.touch, kiosk.compositor, kiosk.snapshotPath)
        let output = kiosk.outputSize

        // The same app in this process, laid out at the output's size, says where the tiles are
        // and what each state must look like.
        let reference = Reference(width: Double(output.width), height: Double(output.height))
        var after = try DemoEndToEndTests.waitForLine(compositor, after: 0, "the first presented frame") { $0.hasPrefix("presented frame ") }
        try expectScreen(compositor, equals: reference.snapshot(), snapshotPath: snapshotPath, "the first frame")

        // Tile 2 at (0,0) and tile 1 at (1,0) swap; tile 6 at (1,1) and tile 5 at (2,1) swap.
        for (column, row) in [(0, 0), (1, 0), (1, 1), (2, 1)] {
            let point = reference.tileCenter(column: column, row: row)
            let (x, y) = kiosk.devicePoint(point)
            try DemoEndToEndTests.tap(testbed: testbed, touch: touch, x: x, y: y)
            reference.tap(column: column, row: row)
            after = try waitForFrame(compositor, after: after, snapshotPath: snapshotPath, equalTo: reference.snapshot(), "tap on (\(column),\(row))")
        }
        #expect(reference.controller.board.isSolved)
        #expect(!reference.controller.screen.solvedBanner.isHidden)
        if let keep = getenv("RESPONDERKIT_KEEP_SCREENSHOTS").map({ String(cString: $0) }) {
            try compositor.savePNG(keep + "/puzzle-\(kind)-grim.png")
        }
    }

    /// Waits for presented frames until the app's snapshot equals `expected` (a tap can take a
    /// frame or two to show), then checks the compositor's screenshot equals it too.
    static func waitForFrame(
        _ compositor: HeadlessCompositor, after: Int, snapshotPath: String, equalTo expected: Image,
        _ what: String
    ) throws -> Int {
        var index = after
        let deadline = HeadlessCompositor.now + 10
        while true {
            index = try DemoEndToEndTests.waitForLine(compositor, after: index, "a frame after the \(what)") { $0.hasPrefix("presented frame ") }
            let snapshot = try Image.loadPNG(contentsOfFile: snapshotPath)
            if differing(snapshot, expected) == 0 {
                try expectScreen(compositor, equals: expected, snapshotPath: snapshotPath, what)
                return index
            }
            guard HeadlessCompositor.now < deadline else {
                throw FixtureError("after the \(what) the app never showed the expected frame (\(differing(snapshot, expected)) pixels differ)")
            }
        }
    }

    /// The compositor may show a presented frame a moment later (its own repaint cycle), so the
    /// screenshot is taken again for up to 3 s until it matches.
    static func expectScreen(_ compositor: HeadlessCompositor, equals expected: Image, snapshotPath: String, _ what: String) throws {
        let deadline = HeadlessCompositor.now + 3
        var comparison = ScreenComparison(screen: try compositor.screenshot(), image: expected, tolerance: DemoEndToEndTests.tolerance)
        while comparison.differing != 0, HeadlessCompositor.now < deadline {
            var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
            nanosleep(&pause, nil)
            comparison = ScreenComparison(screen: try compositor.screenshot(), image: expected, tolerance: DemoEndToEndTests.tolerance)
        }
        #expect(comparison.differing == 0, "\(what): \(comparison)")
    }

    /// Pixels that differ at all (`PixelDiff`, tolerance 0).
    @MainActor
    static func differing(_ a: Image, _ b: Image) -> Int { PixelDiff(a, b, tolerance: 0).differing }

    /// The puzzle app in this process at the compositor's output size, driven like the user.
    @MainActor
    final class Reference {
        let application = Application()
        let driver: InputDriver
        let window: Window
        let controller: PuzzleViewController

        init(width: Double, height: Double) {
            driver = InputDriver(application: application)
            let scene = WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: width, height: height))
            window = Window(windowScene: scene)
            controller = PuzzleViewController(board: Board(columns: 3, rows: 3, order: [1, 0, 2, 3, 5, 4, 6, 7, 8]))
            window.rootViewController = controller
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
        }

        func tileCenter(column: Int, row: Int) -> Point {
            controller.board.convert(controller.board.center(column: column, row: row), to: window)
        }

        /// Taps like the user, then plays the swap's glide to its end on the manual clock: the
        /// app's frames keep coming until it settles, so its last frame is the settled one.
        func tap(column: Int, row: Int) {
            driver.tap(at: tileCenter(column: column, row: row), in: window)
            window.layoutIfNeeded()
            var frames = 0
            while application.animator.isRunning, frames < 600 {
                driver.advance(by: 1.0 / 60)
                application.animator.tick(now: driver.now)
                window.layoutIfNeeded()
                frames += 1
            }
        }

        func snapshot() -> Image { window.snapshot() }
    }
}
