import Kiosk
import Prerequisites
import PuzzleApp
import Rendering
import ResponderKit
import ResponderKitTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The puzzle's swap glide (issue 9): the Board's model swaps at once, the tiles are drawn gliding
/// to their new slots for 0.2 s (ease-in-out), a headless `snapshot` mid-glide writes that
/// interpolated frame, and `settle` ends on the final frame.
@MainActor
@Suite("Puzzle: tiles glide on a swap", .serialized)
struct PuzzleAnimationTests {
    /// The puzzle at 1280×800 in its own application on a manual clock, presented headless.
    func puzzle(order: [Int] = [1, 0, 2, 3, 5, 4, 6, 7, 8]) -> (InputDriver, Window, Board, HeadlessOutput, WindowPresenter) {
        Rendering.install()
        let app = Application()
        let driver = InputDriver(application: app)
        let output = HeadlessOutput(size: Size(width: 1280, height: 800))
        let window = Window(windowScene: WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 1280, height: 800)))
        let controller = PuzzleViewController(board: Board(columns: 3, rows: 3, order: order))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let presenter = WindowPresenter(window: window, output: output)
        presenter.update()
        return (driver, window, controller.board, output, presenter)
    }

    /// The swap is in the model at once (slots, frames, hit testing: a tap on slot 1 finds the
    /// tile now there), while the two tiles are drawn half way at half the glide.
    @Test func theSwapIsImmediateInTheModelAndGlidesOnScreen() {
        let (driver, window, board, _, presenter) = puzzle()
        let slot0 = board.convert(board.center(column: 0, row: 0), to: window)
        let slot1 = board.convert(board.center(column: 1, row: 0), to: window)
        driver.tap(at: slot0, in: window)
        driver.tap(at: slot1, in: window)
        #expect(board.swaps == 1)
        let (first, second) = (board.slots[0], board.slots[1])
        #expect(first.piece == 0 && second.piece == 1)
        #expect(first.frame.midX < second.frame.midX, "the frames are the new slots already")
        #expect(first.hasAnimations && second.hasAnimations)
        #expect(window.hitTest(slot0, with: nil) === first, "hit testing uses the model (and the glide allows touches)")
        presenter.update()
        driver.advance(by: Board.swapDuration / 2)
        presenter.update()
        // Ease-in-out is exactly half way at half the time: both tiles are drawn on the midpoint.
        let midpoint = (first.center.x + second.center.x) / 2
        #expect(abs(first.presentation.center.x - midpoint) < 1e-6 && abs(second.presentation.center.x - midpoint) < 1e-6)
        driver.advance(by: Board.swapDuration / 2)
        presenter.update()
        #expect(!first.hasAnimations && !second.hasAnimations)
        #expect(!window.application.animator.isRunning)
        #expect(driver.isClean)
    }

    /// The main command, headless: `snapshot` mid-glide writes the interpolated frame (equal, pixel
    /// for pixel, to the same instant rendered in this process, and unlike the frames before and
    /// after), and `settle` lets the glide end before the last snapshot.
    @Test(.requires(MainCommand.program))
    func aSnapshotMidGlideShowsTheInterpolatedFrame() throws {
        let folder = try MainCommand.temporaryFolder()
        let script = folder + "/glide.puzzle"
        let file = fopen(script, "w")!
        fputs("board 3 3 order 2 1 3 4 5 6 7 8 9\ntap 0 0\ntap 1 0\nwait 0.1\nsnapshot mid\nsettle\nsnapshot end\n", file)
        fclose(file)
        let run = MainCommand.run([script], in: folder)
        #expect(run.status == 0, "stderr: \(run.errors)")
        #expect(run.output.contains("swapped Tile 2 and Tile 1"))
        #expect(run.output.contains("input clean: true"))
        let mid = try Image.loadPNG(contentsOfFile: folder + "/out/puzzle/mid.png")
        let end = try Image.loadPNG(contentsOfFile: folder + "/out/puzzle/end.png")

        // The same session in this process, frame by frame on the same 60 Hz clock.
        let (driver, window, board, output, presenter) = puzzle(order: [1, 0, 2, 3, 4, 5, 6, 7, 8])
        let start = output.image()
        driver.tap(at: board.convert(board.center(column: 0, row: 0), to: window), in: window)
        presenter.update()
        driver.tap(at: board.convert(board.center(column: 1, row: 0), to: window), in: window)
        presenter.update()
        for _ in 0..<6 {
            driver.advance(by: 1.0 / 60)
            presenter.update()
        }
        #expect(HeadlessMainCommandTests.differingPixels(mid, output.image()) == 0, "the written frame is the glide at t=0.1")
        #expect(HeadlessMainCommandTests.differingPixels(mid, start) > 1000, "tiles moved")
        #expect(HeadlessMainCommandTests.differingPixels(mid, end) > 1000, "and are not there yet")
        // Between slots 0 and 1 (the gutter) a tile is drawn mid-glide, the board after it.
        let gutter = board.convert(Point(x: board.cell, y: board.cell / 2), to: window)
        let x = Int(gutter.x), y = Int(gutter.y)
        #expect(mid.argb(x: x, y: y) != end.argb(x: x, y: y))
        #expect(end.argb(x: x, y: y) == start.argb(x: x, y: y), "the gutter shows the board again")
        while window.application.animator.isRunning {
            driver.advance(by: 1.0 / 60)
            presenter.update()
        }
        #expect(HeadlessMainCommandTests.differingPixels(end, output.image()) == 0, "settle ends on the final frame")
    }
}
