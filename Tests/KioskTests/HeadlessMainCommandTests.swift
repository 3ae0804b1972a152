import Kiosk
import Prerequisites
import PuzzleApp
import Rendering
import ResponderKit
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The README's main command with no compositor and no devices (the case on build machines and in
/// CI): it plays the embedded session headless, prints the per-tap trace, reaches "solved", writes
/// the PNG frames and prints their paths — and the last PNG shows the solved board.
@MainActor
@Suite("Main command, headless", .serialized, .requires(MainCommand.program))
struct HeadlessMainCommandTests {
    @Test func theEmbeddedSessionSolvesThePuzzleAndWritesFrames() throws {
        Rendering.install()
        let folder = try MainCommand.temporaryFolder()
        let run = MainCommand.run([], in: folder)
        #expect(run.status == 0, "stderr: \(run.errors)")
        // The choice of target is explained.
        #expect(run.errors.contains("running headless"))
        #expect(run.errors.contains("WAYLAND_DISPLAY"))
        #expect(run.errors.contains("/dev/fb0"))
        // The trace: each tap's hit view and the chain it travelled, through the controller.
        #expect(run.output.contains("tap cell (0,0) at"))
        #expect(run.output.contains("hit Tile 2; chain Tile 2 > Board"))
        #expect(run.output.contains("swapped Tile 2 and Tile 1"))
        #expect(run.output.contains("hit Board; chain Board"))
        #expect(run.output.contains("— solved!"))
        #expect(run.output.contains("input clean: true"))
        for name in ["start", "swap-1", "not-adjacent", "solved"] {
            #expect(run.output.contains("wrote out/puzzle/\(name).png"))
            #expect(access(folder + "/out/puzzle/\(name).png", R_OK) == 0)
        }
        // The solved frame, by pixels: it equals the app drawn solved by the same renderer.
        let solved = try Image.loadPNG(contentsOfFile: folder + "/out/puzzle/solved.png")
        let (expected, counter) = Self.render(order: Array(0..<9))
        #expect(solved.width == 1280 && solved.height == 800)
        // Everything but the move counter (2 moves there, 0 here) is the same, pixel for pixel:
        // the frame built from damage-only repaints equals a full render of the same state.
        #expect(Self.differingPixels(solved, expected, outside: counter) == 0)
        #expect(Self.differingPixels(solved, expected) > 0)
        // And not the start: the first frame differs from the solved board where tiles 1 and 2 sit.
        let start = try Image.loadPNG(contentsOfFile: folder + "/out/puzzle/start.png")
        #expect(Self.differingPixels(start, expected, outside: counter) > 1000)
        #expect(Self.differingPixels(start, Self.render(order: [1, 0, 2, 3, 5, 4, 6, 7, 8], solvedBanner: false).image) == 0)
    }

    /// With the screen reader on, the embedded script's taps are the reader's: the last one focuses a
    /// tile after the double-tap interval and its hint follows 1.5 s later. `settle` lets both pass
    /// (they once stayed pending, so the run ended "input left open" with status 1); the script then
    /// ends clean.
    @Test func theEmbeddedSessionWithTheScreenReaderOnEndsClean() throws {
        let folder = try MainCommand.temporaryFolder()
        let run = MainCommand.run(["--screen-reader", "on", "--speech", "none"], in: folder)
        #expect(run.status == 0, "stdout: \(run.output.suffix(1500))\nstderr: \(run.errors)")
        #expect(run.output.contains("input clean: true"))
        #expect(!run.errors.contains("timer(s) still pending"))
    }

    @Test func aBadScriptLineIsReportedWithItsNumber() throws {
        let folder = try MainCommand.temporaryFolder()
        let script = folder + "/bad.puzzle"
        let file = fopen(script, "w")!
        fputs("board 3 3 shuffle 1\ntap 0 0\ntap 5 0\n", file)
        fclose(file)
        let run = MainCommand.run([script], in: folder)
        #expect(run.status == 2)
        #expect(run.errors.contains("script line 3"))
        #expect(run.errors.contains("COLUMN must be a whole number in 0…2"))
    }

    @Test func anUnwritableOutputFolderIsAClearError() throws {
        let folder = try MainCommand.temporaryFolder()
        let blocker = folder + "/file"
        fclose(fopen(blocker, "w"))
        let run = MainCommand.run(["--output", blocker + "/frames"], in: folder)
        #expect(run.status == 73)
        #expect(run.errors.contains("cannot create the output folder '\(blocker)/frames'"))
    }

    @Test func aForcedTargetThatIsMissingSaysWhyAndWhatToDo() throws {
        let folder = try MainCommand.temporaryFolder()
        let fb = MainCommand.run(["--target", "framebuffer", "--fb", folder + "/no-fb"], in: folder)
        #expect(fb.status == 69)
        #expect(fb.errors.contains("no framebuffer at \(folder)/no-fb"))
        let wayland = MainCommand.run([], environment: ["RK_TARGET": "wayland", "XDG_RUNTIME_DIR": folder], in: folder)
        #expect(wayland.status != 0)
        #expect(wayland.errors.contains("Wayland"))
        let bad = MainCommand.run(["--target", "moon"], in: folder)
        #expect(bad.status == 2)
        #expect(bad.errors.contains("--target must be auto, wayland, drm, framebuffer or headless"))
    }

    /// The puzzle screen at 1280×800 with the pieces in `order`, drawn in this process.
    static func render(order: [Int], solvedBanner: Bool = true) -> (image: Image, counter: Rect) {
        let app = Application()
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 1280, height: 800))
        let window = Window(windowScene: scene)
        let controller = PuzzleViewController(board: Board(columns: 3, rows: 3, order: order))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        #expect(controller.screen.solvedBanner.isHidden == !solvedBanner)
        return (window.snapshot(), controller.screen.moves.frame)
    }

    /// Pixels whose channels differ by more than 2/255 outside `excluded` (`PixelDiff`).
    static func differingPixels(_ a: Image, _ b: Image, outside excluded: Rect = .null) -> Int {
        PixelDiff(a, b, tolerance: 2) { x, y in excluded.contains(Point(x: Double(x), y: Double(y))) }.differing
    }
}
