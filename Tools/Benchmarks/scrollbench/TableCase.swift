// The table case of scrollbench: a 100,000-row TableView (reused cells) scrolled frame by frame.
import CMallocCounter
import Rendering
import ResponderKit
import ResponderKitTesting

/// Rows whose titles exist before the timing (the table's work is what is measured).
@MainActor
final class BenchRows: TableViewDataSource {
    let titles: [String]
    init(count: Int) { titles = (0..<count).map { "Message \($0)" } }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { titles.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = titles[indexPath.row]
        cell.accessoryType = .disclosureIndicator
        return cell
    }
}

/// Scrolls a 100,000-row table in a 480×800 window by `pointsPerFrame` a frame: the frame's
/// cost (offset change, rows in and out of the reuse pool), a hit after it, a partial redraw on
/// one frame in four, allocations per frame, and the cells the table made in all.
@MainActor
func runTable(steps: Int, pointsPerFrame: Double = 9) -> Int32 {
    Rendering.install()
    let app = Application()
    let size = Size(width: 480, height: 800)
    let scene = WindowScene(application: app, screenBounds: Rect(origin: .zero, size: size))
    let window = Window(windowScene: scene)
    window.backgroundColor = .white
    let rowCount = 100_000
    let rows = BenchRows(count: rowCount)
    let table = TableView(frame: Rect(origin: .zero, size: size), style: .plain)
    table.showsVerticalScrollIndicator = false
    table.register(TableViewCell.self, forCellReuseIdentifier: "row")
    table.dataSource = rows
    window.addSubview(table)
    window.makeKeyAndVisible()
    let r0 = nowNs()
    table.reloadData()
    let reloadMs = Double(nowNs() - r0) / 1e6
    let output = HeadlessOutput(size: size)
    let presenter = WindowPresenter(window: window, output: output)
    presenter.update()

    var points: [Point] = []
    for gy in 0..<4 { for gx in 0..<4 { points.append(Point(x: 20 + Double(gx) * 140, y: 30 + Double(gy) * 240)) } }
    let maxOffset = table.contentSize.height - size.height
    // Warm up: a stretch down and back fills the reuse pool.
    var offset = 0.0
    for _ in 0..<400 {
        offset += pointsPerFrame
        table.contentOffset = Point(x: 0, y: offset)
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
            table.contentOffset = Point(x: 0, y: offset)
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
    // Finding the row at an offset, anywhere in the 100,000.
    var lookupNs: UInt64 = 0
    let lookups = 100_000
    let l0 = nowNs()
    for i in 0..<lookups { blackHole(table.indexPathForRow(at: Point(x: 10, y: Double(i &* 7919 % rowCount) * 44 + 5))) }
    lookupNs = nowNs() - l0

    print("")
    print("scrollbench table: \(rowCount) rows (TableViewCell, title + chevron) in a 480×800 window, \(steps) frames of \(pointsPerFrame) pt")
    print("reloadData of \(rowCount) rows: \(fixed(reloadMs, 2)) ms")
    report("table frame (offset, rows in/out of the pool)", frameSamples, unit: "µs")
    report("hit after a table frame (index)", hitSamples, unit: "ns")
    report("partial redraw of a table frame", redrawSamples, unit: "µs")
    print("indexPathForRow(at:) over 100,000 rows: \(fixed(Double(lookupNs) / Double(lookups))) ns")
    print("allocations per table frame: \(fixed(Double(allocs) / Double(steps), 2))" + (mc_available() == 0 ? " (not counted: sanitizer build)" : ""))
    print("cells made: \(table.numberOfCellsMade) for \(table.visibleCells.count) visible")
    if mismatches > 0 {
        print("scrollbench table: \(mismatches) sampled hits differ from the reference recursion")
        return 1
    }
    return 0
}
