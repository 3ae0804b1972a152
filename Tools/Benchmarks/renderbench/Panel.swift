import Kiosk
import PanelFixtures
import PuzzleApp
import Rendering
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// `renderbench panel WxH [FRAMES]`: what a frame costs on a big panel (signage runs 4K, issue 27
/// goal 5), at scale 1 into a `HeadlessOutput` of that size: a full redraw of the puzzle screen
/// (the whole window damaged), and a scroll frame of a full-window list of 10,000 rows (a label
/// and a button each, `PanelFixtures.messageList`, as `scrollbench`'s) moved by 3 points, which
/// damages the whole list. Each is measured in one band (`BandRendering.never`) and in two bands
/// on two cores (`.always`), alternating frame by frame so both see the same machine load, and
/// the two are checked to give the same pixels. Each line gives wall time and the process's CPU
/// time per frame (both threads; the machine may be shared).
@MainActor
enum Panel {
    static func run(width: Int, height: Int, frames: Int) {
        Rendering.install()
        let size = Size(width: Double(width), height: Double(height))
        print("renderbench panel \(width)×\(height) at scale 1, \(frames) frames each")

        let puzzleApp = Application()
        let puzzleScene = WindowScene(application: puzzleApp, screenBounds: Rect(origin: .zero, size: size))
        let puzzle = Window(windowScene: puzzleScene)
        puzzle.rootViewController = PuzzleViewController(board: Board(columns: 3, rows: 3, order: [1, 0, 2, 3, 5, 4, 6, 7, 8]))
        puzzle.makeKeyAndVisible()
        let puzzlePresenter = WindowPresenter(window: puzzle, output: HeadlessOutput(size: size))
        puzzlePresenter.update()
        compare("full redraw (puzzle, whole window damaged)", frames: frames, renderer: puzzlePresenter.renderer) {
            puzzle.addDamage(puzzle.bounds)
            puzzlePresenter.update()
        }
        let puzzleSame = samePixels(puzzlePresenter, damaging: puzzle)

        let listApp = Application()
        let listScene = WindowScene(application: listApp, screenBounds: Rect(origin: .zero, size: size))
        let window = Window(windowScene: listScene)
        window.backgroundColor = .white
        let list = PanelFixtures.messageList(size: size)
        window.addSubview(list)
        window.makeKeyAndVisible()
        let presenter = WindowPresenter(window: window, output: HeadlessOutput(size: size))
        presenter.update()
        let maxOffset = list.contentSize.height - size.height
        var offset = 0.0
        compare("scroll frame (list moved 3 pt, list damaged)", frames: frames, renderer: presenter.renderer) {
            offset += 3
            if offset > maxOffset { offset = 0 }
            list.contentOffset = Point(x: 0, y: offset)
            presenter.update()
        }
        let listSame = samePixels(presenter, damaging: window)
        print("bands give the same pixels as one band: puzzle \(puzzleSame ? "yes" : "NO"), list \(listSame ? "yes" : "NO")")
        if !puzzleSame || !listSame { exit(1) }
    }

    /// Times `body` in one band and in two, alternating, and prints both.
    static func compare(_ name: String, frames: Int, renderer: Renderer, _ body: () -> Void) {
        var single = Samples(frames), banded = Samples(frames)
        for frame in 0..<2 * frames {
            let useBands = frame % 2 == 1
            renderer.bandRendering = useBands ? .always : .never
            if useBands { banded.time(body) } else { single.time(body) }
        }
        renderer.bandRendering = .automatic
        single.print(name + ", 1 band")
        banded.print(name + ", 2 bands")
    }

    /// Whether a whole frame drawn in two bands equals the same frame drawn in one, byte for byte.
    static func samePixels(_ presenter: WindowPresenter, damaging window: Window) -> Bool {
        guard let output = presenter.output as? HeadlessOutput else { return false }
        presenter.renderer.bandRendering = .never
        window.addDamage(window.bounds)
        presenter.update()
        let single = output.image().pixels
        presenter.renderer.bandRendering = .always
        window.addDamage(window.bounds)
        presenter.update()
        let banded = output.image().pixels
        presenter.renderer.bandRendering = .automatic
        return single == banded && presenter.renderer.lastFrameStatistics.bands == 2
    }

    /// Wall and process CPU time per frame.
    @MainActor
    struct Samples {
        var wall: [Double] = [], cpu: [Double] = []
        let clock = MonotonicClock()

        init(_ frames: Int) {
            wall.reserveCapacity(frames)
            cpu.reserveCapacity(frames)
        }

        mutating func time(_ body: () -> Void) {
            let start = clock.now, cpuStart = processCPUTime()
            body()
            wall.append(clock.now - start)
            cpu.append(processCPUTime() - cpuStart)
        }

        func print(_ name: String) {
            let wall = self.wall.sorted(), cpu = self.cpu.sorted()
            let median = wall[wall.count / 2], p99 = wall[min(wall.count - 1, wall.count * 99 / 100)]
            Swift.print(
                name + String(repeating: " ", count: max(1, 56 - name.count))
                    + "median \(format(median))  p99 \(format(p99))  (CPU median \(format(cpu[cpu.count / 2])))")
        }
    }

}

/// CPU time of the whole process (`CLOCK_PROCESS_CPUTIME_ID`): the main thread and the band worker.
func processCPUTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
