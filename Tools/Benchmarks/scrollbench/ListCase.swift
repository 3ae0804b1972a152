// The list cases of scrollbench: a reusing list (TableCase.swift, CollectionCase.swift) of
// 100,000 elements scrolled frame by frame, measured the same way.
import CMallocCounter
import Rendering
import ResponderKit
import ResponderKitTesting

/// A list that reuses its cells (a table, a collection view) as the list cases measure it.
@MainActor
struct ReusingListCase {
    /// The case's name in the report ("table", "collection").
    let name: String
    /// What the list shows, for the report's first line.
    let description: String
    /// The list, already given its data, not yet loaded.
    let list: ScrollView
    /// Loads the data (`reloadData`).
    let reload: () -> Void
    /// Finds the element at the `i`th pseudo-random place (the O(log n) lookup measured).
    let lookup: (_ i: Int) -> Void
    /// The lookup's name in the report.
    let lookupName: String
    /// The cells the list made and the cells on screen.
    let cells: () -> (made: Int, visible: Int)
}

/// Scrolls a reusing list in a 480×800 window by `pointsPerFrame` a frame: the frame's cost
/// (offset change, cells in and out of the reuse pool), a hit after it, a partial redraw on one
/// frame in four, allocations per frame, and the cells the list made in all.
@MainActor
func runReusingList(_ bench: ReusingListCase, window: Window, steps: Int, pointsPerFrame: Double = 9) -> Int32 {
    let size = window.bounds.size
    let list = bench.list
    window.addSubview(list)
    window.makeKeyAndVisible()
    let r0 = nowNs()
    bench.reload()
    let reloadMs = Double(nowNs() - r0) / 1e6
    let output = HeadlessOutput(size: size)
    let presenter = WindowPresenter(window: window, output: output)
    presenter.update()

    var points: [Point] = []
    for gy in 0..<4 { for gx in 0..<4 { points.append(Point(x: 20 + Double(gx) * 140, y: 30 + Double(gy) * 240)) } }
    let maxOffset = list.contentSize.height - size.height
    // Warm up: a stretch down and back fills the reuse pool.
    var offset = 0.0
    for _ in 0..<400 {
        offset += pointsPerFrame
        list.contentOffset = Point(x: 0, y: offset)
    }
    _ = window.hitTest(points[0], with: nil)
    presenter.update()

    let batch = 50
    var frameSamples: [Double] = [], hitSamples: [Double] = [], redrawSamples: [Double] = []
    var allocs: UInt64 = 0
    var mismatches = 0
    var step = 0
    while step < steps {
        var frameNs: UInt64 = 0, hitNs: UInt64 = 0, redrawNs: UInt64 = 0
        var redraws = 0
        for _ in 0..<batch {
            offset += pointsPerFrame
            if offset > maxOffset { offset = 0 }
            let a0 = mc_thread_allocs()
            let t0 = nowNs()
            list.contentOffset = Point(x: 0, y: offset)
            let t1 = nowNs()
            allocs += mc_thread_allocs() - a0
            frameNs += t1 - t0
            let h0 = nowNs()
            for p in points { blackHole(window.hitTest(p, with: nil)) }
            hitNs += nowNs() - h0
            for p in points where window.hitTest(p, with: nil) !== window.referenceHitTest(p, with: nil) { mismatches += 1 }
            if step % 4 == 0 {
                let d0 = nowNs()
                presenter.update()
                redrawNs += nowNs() - d0
                redraws += 1
            } else {
                _ = window.takeDamage()
            }
            step += 1
        }
        frameSamples.append(Double(frameNs) / Double(batch) / 1000)
        hitSamples.append(Double(hitNs) / Double(batch * points.count))
        if redraws > 0 { redrawSamples.append(Double(redrawNs) / Double(redraws) / 1000) }
    }
    // Finding the element at an offset, anywhere in the 100,000.
    let lookups = 100_000
    let l0 = nowNs()
    for i in 0..<lookups { bench.lookup(i) }
    let lookupNs = nowNs() - l0

    let name = bench.name
    print("")
    print("scrollbench \(name): \(bench.description) in a 480×800 window, \(steps) frames of \(pointsPerFrame) pt")
    print("reloadData: \(fixed(reloadMs, 2)) ms")
    report("\(name) frame (offset, cells in/out of the pool)", frameSamples, unit: "µs")
    report("hit after a \(name) frame (index)", hitSamples, unit: "ns")
    report("partial redraw of a \(name) frame", redrawSamples, unit: "µs")
    print("\(bench.lookupName) over 100,000: \(fixed(Double(lookupNs) / Double(lookups))) ns")
    print("allocations per \(name) frame: \(fixed(Double(allocs) / Double(steps), 2))" + (mc_available() == 0 ? " (not counted: sanitizer build)" : ""))
    let cells = bench.cells()
    print("cells made: \(cells.made) for \(cells.visible) visible")
    if mismatches > 0 {
        print("scrollbench \(name): \(mismatches) sampled hits differ from the reference recursion")
        return 1
    }
    return 0
}
