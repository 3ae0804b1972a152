// scrollbench: what scrolling a 10,000-row list costs, in release.
//
//     scrollbench [STEPS]        (default 2000 scroll steps; redraws are measured on 1 in 4)
//
// A 480×800 window holds a full-window ScrollView of 10,000 rows (a label and a button each).
// Per step the list scrolls by 3 pt and is hit-tested at 16 sampled points; every fourth step
// the damaged region is redrawn offscreen (Rendering's WindowPresenter into a HeadlessOutput).
// Printed: median and p99 over batches of 50 steps (per-step means) for the scroll step (the hit
// index's bounds-origin path; between hits and redraws, and back to back), a hit after scrolling (index, and the reference recursion in the
// same run), the partial redraw, a routed touch move that drags the list (touch → pan → offset),
// and heap allocations per scroll step and per routed move (CMallocCounter). Then the table case
// (TableCase.swift): a 100,000-row TableView scrolled 9 pt a frame, its per-frame cost with rows
// going in and out of the reuse pool, allocations per frame and the cells made; and the collection
// case (CollectionCase.swift), a 100,000-item compositional grid of tiles measured the same way
// (ListCase.swift). Agreement of the
// index with the recursion is checked at every sampled hit; a mismatch is reported and the exit
// status is 1. Build it in release: `swift build -c release --product scrollbench`.
import CMallocCounter
import PanelFixtures
import Rendering
import ResponderKit
import ResponderKitTesting

#if canImport(Glibc)
import Glibc
#endif

@inline(__always)
func nowNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// Keeps a value alive for the optimizer.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// Median and p99 of per-step samples, in the unit the caller gives.
func summary(_ samples: [Double]) -> (median: Double, p99: Double) {
    guard !samples.isEmpty else { return (.nan, .nan) }
    let sorted = samples.sorted()
    let p99 = sorted[min(sorted.count - 1, Int((0.99 * Double(sorted.count - 1)).rounded()))]
    return (sorted[sorted.count / 2], p99)
}

func fixed(_ value: Double, _ digits: Int = 1) -> String {
    guard value.isFinite else { return "n/a" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    var text = String((value * scale).rounded() / scale)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        text += String(repeating: "0", count: max(0, digits - decimals))
    }
    return String(repeating: " ", count: max(0, 9 - text.count)) + text
}

func report(_ name: String, _ samples: [Double], unit: String) {
    let (median, p99) = summary(samples)
    print(name + String(repeating: " ", count: max(1, 44 - name.count)) + "median \(fixed(median)) \(unit)  p99 \(fixed(p99)) \(unit)")
}

@MainActor
func run(steps: Int) -> Int32 {
    Rendering.install()
    let app = Application()
    let driver = InputDriver(application: app)
    driver.framesPerSecond = 0  // the bench places its own frames (presenter.update); none inside the timed calls
    driver.runsFrameBeforeEachEvent = false  // nor the host's frame the driver runs before each event
    let size = Size(width: 480, height: 800)
    let scene = WindowScene(application: app, screenBounds: Rect(origin: .zero, size: size))
    let window = Window(windowScene: scene)
    window.backgroundColor = .white
    let list = PanelFixtures.messageList(size: size)
    window.addSubview(list)
    window.makeKeyAndVisible()
    let output = HeadlessOutput(size: size)
    let presenter = WindowPresenter(window: window, output: output)
    presenter.update()

    // Sampled points: a 4×4 grid across the window.
    var points: [Point] = []
    for gy in 0..<4 { for gx in 0..<4 { points.append(Point(x: 20 + Double(gx) * 140, y: 30 + Double(gy) * 240)) } }

    // Warm up: the first scroll makes the list the root of its own index space; the first hit
    // builds it.
    list.contentOffset = Point(x: 0, y: 1)
    _ = window.hitTest(points[0], with: nil)
    presenter.update()
    let buildsBefore = HitIndex.fullBuilds, updatesBefore = HitIndex.memberUpdates

    let batch = 50
    let maxOffset = list.contentSize.height - size.height
    var offset = 1.0
    var scrollSamples: [Double] = [], hitSamples: [Double] = [], referenceSamples: [Double] = [], redrawSamples: [Double] = []
    var scrollAllocs: UInt64 = 0
    var mismatches = 0
    var step = 0
    while step < steps {
        var scrollNs: UInt64 = 0, hitNs: UInt64 = 0, referenceNs: UInt64 = 0, redrawNs: UInt64 = 0
        var redraws = 0
        for _ in 0..<batch {
            offset += 3
            if offset > maxOffset { offset = 1 }
            let a0 = mc_thread_allocs()
            let t0 = nowNs()
            list.contentOffset = Point(x: 0, y: offset)
            let t1 = nowNs()
            scrollAllocs += mc_thread_allocs() - a0
            scrollNs += t1 - t0
            let h0 = nowNs()
            for p in points { blackHole(window.hitTest(p, with: nil)) }
            let h1 = nowNs()
            for p in points { blackHole(window.referenceHitTest(p, with: nil)) }
            let h2 = nowNs()
            hitNs += h1 - h0
            referenceNs += h2 - h1
            for p in points where window.hitTest(p, with: nil) !== window.referenceHitTest(p, with: nil) { mismatches += 1 }
            if step % 4 == 0 {
                let r0 = nowNs()
                presenter.update()
                redrawNs += nowNs() - r0
                redraws += 1
            } else {
                _ = window.takeDamage()
            }
            step += 1
        }
        scrollSamples.append(Double(scrollNs) / Double(batch))
        hitSamples.append(Double(hitNs) / Double(batch * points.count))
        referenceSamples.append(Double(referenceNs) / Double(batch * points.count))
        if redraws > 0 { redrawSamples.append(Double(redrawNs) / Double(redraws) / 1000) }
    }
    let builds = HitIndex.fullBuilds - buildsBefore, updates = HitIndex.memberUpdates - updatesBefore

    // Scroll steps back to back (warm caches; the damage is taken once per batch).
    var warmSamples: [Double] = []
    for _ in 0..<max(1, steps / batch) {
        let t0 = nowNs()
        for _ in 0..<batch {
            offset += 3
            if offset > maxOffset { offset = 1 }
            list.contentOffset = Point(x: 0, y: offset)
        }
        warmSamples.append(Double(nowNs() - t0) / Double(batch))
        _ = window.takeDamage()
    }

    // Routed drags: touch moves through Application.handle → the pan → contentOffset.
    list.contentOffset = Point(x: 0, y: 20_000)
    var moveSamples: [Double] = []
    var moveAllocs: UInt64 = 0, moves = 0
    var y = 700.0
    driver.touchDown(0, at: Point(x: 200, y: y), in: window)
    for _ in 0..<max(1, steps / batch) {
        let t0 = nowNs()
        for _ in 0..<batch {
            driver.advance(by: 0.008)
            y -= 2
            if y < 100 {
                driver.touchUp(0, in: window)
                list.contentOffset = Point(x: 0, y: 20_000)
                y = 700
                driver.touchDown(0, at: Point(x: 200, y: y), in: window)
                continue
            }
            let a0 = mc_thread_allocs()
            driver.touchMove(0, to: Point(x: 200, y: y), in: window)
            moveAllocs += mc_thread_allocs() - a0
            moves += 1
        }
        moveSamples.append(Double(nowNs() - t0) / Double(batch) / 1000)
    }
    driver.touchUp(0, in: window)

    print("scrollbench: 10,000 rows (label + button) in a 480×800 window, \(steps) steps of 3 pt, batches of \(batch)")
    report("scroll step (contentOffset, index path)", scrollSamples, unit: "ns")
    report("scroll step, back to back", warmSamples, unit: "ns")
    report("hit after scroll (index)", hitSamples, unit: "ns")
    report("hit after scroll (reference recursion)", referenceSamples, unit: "ns")
    report("partial redraw (damage of one step)", redrawSamples, unit: "µs")
    report("routed touch move dragging the list", moveSamples, unit: "µs")
    print("allocations per scroll step: \(fixed(Double(scrollAllocs) / Double(steps), 2))" + (mc_available() == 0 ? " (not counted: sanitizer build)" : ""))
    print("allocations per routed drag move: \(fixed(Double(moveAllocs) / Double(max(1, moves)), 2))")
    print(
        "index during the steps: \(builds) full builds, \(updates) member updates; damage of the last redraw: "
            + output.lastRepainted.rects.map(\.description).joined(separator: ", "))
    if mismatches > 0 {
        print("scrollbench: \(mismatches) sampled hits differ from the reference recursion")
        return 1
    }
    print("index agrees with the reference recursion at all \(steps * points.count) sampled hits")
    return 0
}

let arguments = CommandLine.arguments.dropFirst()
var steps = 2000
if let first = arguments.first {
    guard arguments.count == 1, let n = Int(first), n > 0, n <= 10_000_000 else {
        print("usage: scrollbench [STEPS]   (a positive number of scroll steps, default 2000)")
        exit(2)
    }
    steps = n
}
exit(MainActor.assumeIsolated { max(run(steps: steps), runTable(steps: steps), runCollection(steps: steps)) })
