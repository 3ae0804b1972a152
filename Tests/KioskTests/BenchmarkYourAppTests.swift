import ChildProcesses
import Kiosk
import Prerequisites
import Rendering
import ResponderKit
import ResponderKitTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 12 from the user's side: the main command with `--hit-dump` writes the live window and
/// the touches it received as a benchmark case that `hitbench` times with full agreement, and
/// `--latency-overlay` (or `RK_LATENCY_OVERLAY=1`) draws the figures into the frames.
@MainActor
@Suite("Main command, benchmark your own app", .serialized, .requires(MainCommand.program))
struct BenchmarkYourAppTests {
    @Test(.requires(MainCommand.hitbench))
    func theHeadlessSessionDumpsItsTreeAndTouchesForHitbench() throws {
        try Prerequisite.check([MainCommand.hitbench])
        let folder = try MainCommand.temporaryFolder()
        let run = MainCommand.run(["--target", "headless", "--hit-dump", "dumps"], in: folder)
        #expect(run.status == 0, "stderr: \(run.errors)")
        #expect(run.output.contains("time them with: hitbench dumps/puzzle-1.vtree dumps/puzzle-1.points dumps/puzzle-1.hits"), "\(run.output)")
        let base = folder + "/dumps/puzzle-1"
        let tree = try VTree.load(base + ".vtree")
        let points = try VTree.parsePoints(try TextFile.read(base + ".points"))
        let hits = try VTree.parseHits(try TextFile.read(base + ".hits"))
        // The puzzle's window: the board with its nine tiles, the labels; every tap of the
        // embedded session is a point.
        #expect(tree.nodes.count > 10)
        // (The session's taps, its tap between tiles and its click.)
        let taps = run.output.split(separator: "\n").filter { $0.contains("ms tap") || $0.contains("ms click") }.count
        #expect(points.count == taps && taps > 0, "\(points.count) points for \(taps) taps")
        #expect(hits.count == points.count && hits.allSatisfy { $0 >= 0 })
        // hitbench times the index against the reference on it, in full agreement.
        let bench = try Subprocess.run([MainCommand.buildFolder + "hitbench", "--passes", "1", base + ".vtree", base + ".points", base + ".hits"])
        #expect(bench.status == 0, "hitbench: \(bench.output)")
        #expect(bench.output.contains("puzzle-1"), "\(bench.output)")
        #expect(!bench.output.contains("DISAGREEMENT"), "\(bench.output)")
    }

    @Test func aDumpWithNothingToWriteOrNowhereToWriteIsAClearError() throws {
        let folder = try MainCommand.temporaryFolder()
        // A folder that cannot be made: a file stands in its way.
        #expect(creat(folder + "/taken", 0o600) >= 0)
        let run = MainCommand.run(["--target", "headless", "--hit-dump", "taken/dumps"], in: folder)
        #expect(run.status == 73 && run.errors.contains("taken/dumps"), "stderr: \(run.errors)")
        let usage = MainCommand.run(["--target", "headless", "--hit-dump"], in: folder)
        #expect(usage.status == 2 && usage.errors.contains("--hit-dump needs a value"), "stderr: \(usage.errors)")
    }

    /// Dark and light (text) pixels inside the overlay's panel at `corner` of a frame, 4 pixels in
    /// from its edges, and how many pixels that is. The puzzle's own corners are its dark
    /// background (the bottom left) or hold its light text (the move counter, top right).
    func panelPixels(_ image: Image, corner: LatencyOverlayView.Corner = .topRight) -> (dark: Int, light: Int, area: Int) {
        let panel = LatencyOverlayView.frame(in: Size(width: Double(image.width), height: Double(image.height)), corner: corner)
        var dark = 0, light = 0
        for y in Int(panel.minY) + 4..<Int(panel.maxY) - 4 {
            for x in Int(panel.minX) + 4..<Int(panel.maxX) - 4 {
                let c = image.color(x: x, y: y)
                if c.red + c.green + c.blue < 0.9 { dark += 1 } else if c.red > 0.6 && c.green > 0.6 { light += 1 }
            }
        }
        return (dark, light, Int(panel.width - 8) * Int(panel.height - 8))
    }

    @Test func theOverlayGoesToTheCornerAskedFor() throws {
        Rendering.install()
        let folder = try MainCommand.temporaryFolder()
        let plain = MainCommand.run(["--target", "headless"], in: folder)
        #expect(plain.status == 0, "stderr: \(plain.errors)")
        let without = try Image.loadPNG(contentsOfFile: folder + "/out/puzzle/solved.png")
        #expect(panelPixels(without, corner: .bottomLeft).light == 0, "the puzzle's bottom-left corner is empty")
        for (arguments, environment) in [(["--latency-overlay-corner", "bottom-left"], [String: String]()), ([], ["RK_LATENCY_OVERLAY": "bottom-left"])] {
            let folder = try MainCommand.temporaryFolder()
            let run = MainCommand.run(["--target", "headless"] + arguments, environment: environment, in: folder)
            #expect(run.status == 0, "stderr: \(run.errors)")
            let solved = try Image.loadPNG(contentsOfFile: folder + "/out/puzzle/solved.png")
            #expect(panelPixels(solved, corner: .bottomLeft).light > 50, "\(arguments) \(environment): the figures at the bottom left")
            // A headless script's events are stamped by its own clock: no input latency to give.
            #expect(run.output.contains("puzzle: latency: input n="), "\(run.output)")
            #expect(run.output.contains(" n/a (scripted); hit test n="), "\(run.output)")
            // The top-right corner is the app's own again: the move counter as drawn without the overlay.
            #expect(panelPixels(solved).light == panelPixels(without).light, "\(arguments) \(environment)")
        }
        let bad = MainCommand.run(["--target", "headless", "--latency-overlay-corner", "middle"], in: folder)
        #expect(bad.status == 2 && bad.errors.contains("--latency-overlay-corner must be one of"), "stderr: \(bad.errors)")
    }

    @Test func theOverlayIsDrawnIntoTheFramesByOptionOrEnvironment() throws {
        Rendering.install()
        for (arguments, environment) in [(["--latency-overlay"], [String: String]()), ([], ["RK_LATENCY_OVERLAY": "1"])] {
            let folder = try MainCommand.temporaryFolder()
            let run = MainCommand.run(["--target", "headless"] + arguments, environment: environment, in: folder)
            #expect(run.status == 0, "stderr: \(run.errors)")
            let solved = try Image.loadPNG(contentsOfFile: folder + "/out/puzzle/solved.png")
            // The panel in the top-right corner: dark, with light text in it.
            let (dark, light, area) = panelPixels(solved)
            #expect(dark > area / 2 && light > 50, "\(arguments) \(environment): \(dark) dark and \(light) light of \(area) pixels")
        }
        // Without it, the corner is the app's own.
        let folder = try MainCommand.temporaryFolder()
        let plain = MainCommand.run(["--target", "headless"], in: folder)
        #expect(plain.status == 0)
        let bad = MainCommand.run(["--target", "headless"], environment: ["RK_LATENCY_OVERLAY": "yes"], in: folder)
        #expect(bad.status == 2 && bad.errors.contains("RK_LATENCY_OVERLAY='yes' must be 1, 0 or a corner"), "stderr: \(bad.errors)")
    }
}
