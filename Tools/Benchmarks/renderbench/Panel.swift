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
/// and a button each: `PanelFixtures.messageList`, as `scrollbench`'s) moved by 3 points, which
/// damages the whole list. Each
/// line gives wall time and this thread's CPU time (the machine may be shared).
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
        measure("full redraw (puzzle, whole window damaged)", frames: frames) {
            puzzle.addDamage(puzzle.bounds)
            puzzlePresenter.update()
        }

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
        measure("scroll frame (list moved 3 pt, list damaged)", frames: frames) {
            offset += 3
            if offset > maxOffset { offset = 0 }
            list.contentOffset = Point(x: 0, y: offset)
            presenter.update()
        }
    }

    static func measure(_ name: String, frames: Int, _ body: () -> Void) {
        let clock = MonotonicClock()
        var samples: [Double] = [], cpu: [Double] = []
        samples.reserveCapacity(frames)
        cpu.reserveCapacity(frames)
        for _ in 0..<frames {
            let start = clock.now, cpuStart = threadCPUTime()
            body()
            samples.append(clock.now - start)
            cpu.append(threadCPUTime() - cpuStart)
        }
        samples.sort()
        cpu.sort()
        let median = samples[samples.count / 2], p99 = samples[min(samples.count - 1, samples.count * 99 / 100)]
        print(
            name + String(repeating: " ", count: max(1, 46 - name.count))
                + "median \(format(median))  p99 \(format(p99))  (CPU median \(format(cpu[cpu.count / 2])))")
    }
}
