import CMallocCounter
import ResponderKitTesting
import SeededGenerators
import Testing

@testable import ResponderKit

/// Issue 3: zero heap allocations per hit test and per routed touch move in steady state,
/// counted by interposing malloc (the CMallocCounter target), not with mallinfo.
///
/// Only meaningful in an optimized build: at -Onone the standard library's generic code is not
/// specialized and boxes values (an `Array` subscript allocates), in the test and the library
/// alike. `Tools/test.sh` runs this suite again with `swift test -c release`.
#if DEBUG
let optimizedBuild = false
#else
let optimizedBuild = true
#endif

@MainActor
@Suite(
    .enabled(if: optimizedBuild, "allocation counts need an optimized build (swift test -c release)"),
    .enabled(if: mc_available() != 0, "a sanitizer owns malloc in this build, so allocations are not counted"))
struct ZeroAllocationTests {
    @Test func hitTestsAllocateNothing() {
        let (window, _) = RandomTrees.make(seed: 11, size: 300)
        var rng = SplitMix64(seed: 4)
        let points = (0..<5000).map { _ in Point(x: rng.unit() * RandomTrees.width, y: rng.unit() * RandomTrees.height) }
        for p in points { _ = window.hitTest(p, with: nil) }  // warm up: builds the index
        let base = UnsafeMutablePointer<Point>.allocate(capacity: points.count)
        base.initialize(from: points, count: points.count)
        defer { base.deallocate() }
        let count = points.count
        let before = mc_thread_allocs()
        var hits = 0
        var i = 0
        while i < count {
            if window.hitTest(base[i], with: nil) != nil { hits += 1 }
            i += 1
        }
        let allocations = mc_thread_allocs() - before
        #expect(hits > 0)
        #expect(allocations == 0, "\(allocations) allocations over \(points.count) hit tests")
    }

    @Test func routedTouchMovesAllocateNothing() {
        final class Sink: View {
            var moves = 0
            override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
                moves += 1
                super.touchesMoved(touches, with: event)
            }
        }
        let app = Application()
        let driver = InputDriver(application: app)
        let scene = WindowScene(application: app)
        let window = Window(windowScene: scene, frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let sink = Sink(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(sink)
        window.makeKeyAndVisible()
        driver.touchDown(0, at: Point(x: 60, y: 60), in: window)
        for i in 0..<200 { driver.touchMove(0, to: Point(x: 60 + Double(i % 2), y: 60), in: window) }
        // The driver keeps a log of what it injected; feed the application directly for the count.
        let before = mc_thread_allocs()
        var i = 0
        while i < 2000 {
            let time = 1 + Double(i) * 0.001
            app.handle(
                InputEvent(
                    .touchMotion(slot: 0, location: Point(x: 61 + Double(i & 1), y: 60), majorRadius: nil),
                    timestamp: time, window: window))
            app.handle(InputEvent(.touchFrame, timestamp: time, window: window))
            i += 1
        }
        let allocations = mc_thread_allocs() - before
        #expect(sink.moves == 2200)
        #expect(allocations == 0, "\(allocations) allocations over 2000 routed moves")
        driver.touchUp(0, in: window)
        #expect(driver.isClean)
    }

    /// The same routed moves with an idle handler and a screen blanker installed: noting the
    /// activity and asking the blanker allocate nothing either (input only stores its time).
    @Test func routedTouchMovesWithIdleResetAndBlankingAllocateNothing() {
        final class Sink: View {
            var moves = 0
            override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
                moves += 1
                super.touchesMoved(touches, with: event)
            }
        }
        let app = Application()
        let driver = InputDriver(application: app)
        let scene = WindowScene(application: app)
        let window = Window(windowScene: scene, frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let sink = Sink(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(sink)
        window.makeKeyAndVisible()
        var resets = 0
        let reset = app.addIdleHandler(after: 60) { resets += 1 }
        let blanker = ScreenBlanker(application: app, after: 30) { _ in }
        driver.touchDown(0, at: Point(x: 60, y: 60), in: window)
        for i in 0..<200 { driver.touchMove(0, to: Point(x: 60 + Double(i % 2), y: 60), in: window) }
        let before = mc_thread_allocs()
        var i = 0
        while i < 2000 {
            let time = 1 + Double(i) * 0.001
            app.handle(
                InputEvent(
                    .touchMotion(slot: 0, location: Point(x: 61 + Double(i & 1), y: 60), majorRadius: nil),
                    timestamp: time, window: window))
            app.handle(InputEvent(.touchFrame, timestamp: time, window: window))
            i += 1
        }
        let allocations = mc_thread_allocs() - before
        #expect(sink.moves == 2200)
        #expect(allocations == 0, "\(allocations) allocations over 2000 routed moves with idle reset and blanking on")
        driver.touchUp(0, in: window)
        #expect(driver.isClean && resets == 0 && !blanker.isBlanked)
        reset.cancel()
        blanker.stop()
        #expect(app.timers.isEmpty)
    }

    /// With the latency monitor installed (the overlay's figures) and the hit points of a dump
    /// being recorded, touch downs, moves and ups allocate exactly what they allocate without
    /// them: each figure lands in a bucket reserved up front, each point in reserved storage.
    @Test func routedTouchesWithTheLatencyMonitorAndHitRecorderAllocateNothingMore() {
        let app = Application()
        let driver = InputDriver(application: app)
        let scene = WindowScene(application: app)
        let window = Window(windowScene: scene, frame: Rect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(View(frame: Rect(x: 50, y: 50, width: 100, height: 100)))
        window.makeKeyAndVisible()
        driver.touchDown(0, at: Point(x: 60, y: 60), in: window)
        for i in 0..<200 { driver.touchMove(0, to: Point(x: 60 + Double(i % 2), y: 60), in: window) }
        driver.touchUp(0, in: window)
        func taps(from start: Double) -> UInt64 {
            let before = mc_thread_allocs()
            var i = 0
            while i < 1000 {
                let time = start + Double(i) * 0.001
                let p = Point(x: 61 + Double(i & 1), y: 60)
                app.handle(InputEvent(.touchDown(slot: 1, location: p, majorRadius: nil), timestamp: time, window: window))
                app.handle(InputEvent(.touchFrame, timestamp: time, window: window))
                app.handle(InputEvent(.touchMotion(slot: 1, location: p, majorRadius: nil), timestamp: time, window: window))
                app.handle(InputEvent(.touchFrame, timestamp: time, window: window))
                app.handle(InputEvent(.touchUp(slot: 1), timestamp: time, window: window))
                app.handle(InputEvent(.touchFrame, timestamp: time, window: window))
                i += 1
            }
            return mc_thread_allocs() - before
        }
        _ = taps(from: 1)  // warm up
        let baseline = taps(from: 3)
        let monitor = LatencyMonitor()
        app.latencyMonitor = monitor
        let recorder = HitPointRecorder(window: window, capacity: 4096)
        // The manual clock past the events' timestamps (5…6 s), so each input latency is a
        // positive duration the monitor records (it ignores negative ones).
        driver.advance(by: 10)
        let measured = taps(from: 5)
        #expect(monitor.hitTest.count == 1000 && monitor.input.count == 3000 && recorder.points.count == 1000)
        #expect(measured == baseline, "\(measured) allocations with the monitor and recorder, \(baseline) without")
        #expect(driver.isClean)
    }
}
