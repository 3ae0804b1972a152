import Kiosk
import PuzzleApp
import Rendering
import ResponderKit
import ResponderKitTesting

#if canImport(Glibc)
import Glibc
#endif

/// `renderbench first-touch [--cold] [TAPS]`: the first touch against the hundredth, in one fresh
/// process (the first is first only once per process: run it several times, alternating with
/// `--cold`). The puzzle runs in the host's session (`KioskSession`) on a 1280×800 headless output;
/// after its first frame the session warms up (`KioskSession.warmUp()`, what the main loop runs
/// once it is idle) unless `--cold`. Then TAPS taps alternate between two diagonal tiles, as the
/// kiosk bench's clicks do (the selection moves, nothing swaps). Each tap is two timed steps, the
/// finger's down then its frame, and its up then its frame: event → routed → drawn, the
/// host's share of event → commit.
@MainActor
enum FirstTouch {
    static func run(taps: Int, cold: Bool) {
        Rendering.install()
        let application = Application.shared
        let driver = InputDriver(application: application)
        driver.framesPerSecond = 0
        driver.runsFrameBeforeEachEvent = false
        let backend = HeadlessBackend(size: Size(width: 1280, height: 800))
        let board = Board(columns: 3, rows: 3, order: [1, 0, 2, 3, 5, 4, 6, 7, 8])
        let session = KioskSession(backend: backend, rootViewController: PuzzleViewController(board: board))
        let window = session.window
        let clock = MonotonicClock()
        let firstFrameStart = clock.now
        session.frame()
        let firstFrame = clock.now - firstFrameStart
        var warmUp = 0.0
        var parts = ""
        if !cold {
            let start = clock.now, cpuStart = threadCPUTime()
            let report = session.warmUp()
            warmUp = clock.now - start
            parts =
                ", CPU \(format(threadCPUTime() - cpuStart)) (hit tests \(format(report.hitTestSeconds)), stage \(format(report.stageSeconds)), glyphs of \(report.fonts) fonts \(format(report.glyphSeconds)))"
        }
        let points = [board.center(column: 0, row: 0), board.center(column: 1, row: 1)].map { board.convert($0, to: window) }
        var downs: [Double] = [], ups: [Double] = []
        downs.reserveCapacity(taps)
        ups.reserveCapacity(taps)
        for i in 0..<taps {
            var start = clock.now
            driver.touchDown(0, at: points[i % 2], in: window)
            session.frame()
            downs.append(clock.now - start)
            start = clock.now
            driver.touchUp(0, in: window)
            session.frame()
            ups.append(clock.now - start)
        }
        func summary(_ samples: [Double]) -> String {
            let rest = samples.dropFirst().sorted()
            let hundredth = samples.count >= 100 ? format(samples[99]) : "   —"
            return
                "first \(format(samples[0]))  100th \(hundredth)  rest p50 \(format(rest[rest.count / 2]))  p99 \(format(rest[min(rest.count - 1, rest.count * 99 / 100)]))"
        }
        print(
            "renderbench first-touch (\(cold ? "cold" : "warmed up"), \(taps) taps, 1280×800): first frame \(format(firstFrame)), warm-up \(format(warmUp))\(parts)"
        )
        print("  down → frame  " + summary(downs))
        print("  up → frame    " + summary(ups))
        print("  frames drawn: \(session.presenter.presentedFrames); moves \(board.swaps)")
    }
}

/// This thread's CPU time in seconds (`CLOCK_THREAD_CPUTIME_ID`): on a loaded machine the warm-up's
/// own cost, without the time other processes had the core.
func threadCPUTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
