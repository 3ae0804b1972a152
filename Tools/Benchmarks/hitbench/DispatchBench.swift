import ResponderKit
import ResponderKitTesting

/// The last link of the chain: counts the moves that travelled all the way up.
private final class CountingDelegate: Responder, ApplicationDelegate {
    var moves = 0
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { moves += 1 }
}

/// Routed touch moves per second, from `InputEvent` through `Application.handle`, the touch table,
/// the hit view's `touchesMoved` and the whole responder chain; and heap allocations per event.
@MainActor
struct DispatchBench {
    let tree: VTree
    let points: [Point]
    let hits: [Int]

    func run() -> (eventsPerSecond: Double, allocsPerEvent: Double, delivered: Bool) {
        let built = tree.makeWindow()
        let app = Application()
        let delegate = CountingDelegate()
        app.delegate = delegate
        let scene = WindowScene(application: app)
        let window = built.window
        window.windowScene = scene
        window.makeKey()
        // A point that hits a real view (not the window).
        guard let index = hits.firstIndex(where: { $0 > 0 }) else { return (0, 0, false) }
        let p = points[index]
        var time = 1.0
        app.handle(InputEvent(.touchDown(slot: 0, location: p, majorRadius: nil), timestamp: time, window: window))
        app.handle(InputEvent(.touchFrame, timestamp: time, window: window))
        let moved = [p, Point(x: p.x + 0.25, y: p.y)]
        // Warm up, then measure.
        for i in 0..<1_000 {
            time += 0.001
            app.handle(InputEvent(.touchMotion(slot: 0, location: moved[i & 1], majorRadius: nil), timestamp: time, window: window))
            app.handle(InputEvent(.touchFrame, timestamp: time, window: window))
        }
        let count = 200_000
        let before = delegate.moves
        let allocs0 = allocationsSoFar()
        let t0 = nowNs()
        for i in 0..<count {
            time += 0.001
            app.handle(InputEvent(.touchMotion(slot: 0, location: moved[i & 1], majorRadius: nil), timestamp: time, window: window))
            app.handle(InputEvent(.touchFrame, timestamp: time, window: window))
        }
        let elapsed = Double(nowNs() - t0) / 1e9
        let allocs = allocationsSoFar() - allocs0
        let delivered = delegate.moves - before == count
        app.handle(InputEvent(.touchUp(slot: 0), timestamp: time, window: window))
        app.handle(InputEvent(.touchFrame, timestamp: time, window: window))
        return (Double(count) / elapsed, Double(allocs) / Double(count), delivered)
    }
}
