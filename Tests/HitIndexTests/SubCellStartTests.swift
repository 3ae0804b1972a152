import ResponderKitTesting
import SeededGenerators
import Testing

@testable import ResponderKit

/// Sub-cell starts (`HitCell.subStart`): a scan begins at the first item that meets the point's
/// quarter-cell, which is exact only if the query and the binning map coordinates to quarter-cells
/// the same way. These tests put views' edges and query points on, and a few ulps around, the
/// quarter-cell lines of a built grid, under small disjoint leaves as on wide-37k, and edit the
/// tree without a rebuild so the starts are recomputed cell by cell.
@MainActor
@Suite struct SubCellStartTests {
    /// A window of `groups` × `groups` containers, each with 4 × 4 small leaves and 1-point gaps.
    func leafGrid(groups: Int) -> (Window, [View]) {
        let window = Window(frame: Rect(x: 0, y: 0, width: Double(groups) * 27, height: Double(groups) * 27))
        window.isHidden = false
        var views: [View] = []
        for gy in 0..<groups {
            for gx in 0..<groups {
                let group = View(frame: Rect(x: Double(gx) * 27, y: Double(gy) * 27, width: 26, height: 26))
                window.addSubview(group)
                views.append(group)
                for ly in 0..<4 {
                    for lx in 0..<4 {
                        let leaf = View(frame: Rect(x: 1 + Double(lx) * 6.25, y: 1 + Double(ly) * 6.25, width: 5.25, height: 5.5))
                        group.addSubview(leaf)
                        views.append(leaf)
                    }
                }
            }
        }
        for (i, v) in views.enumerated() { v.tag = i + 1 }
        return (window, views)
    }

    /// The quarter-cell lines of the window's grid on one axis, in window coordinates (each within
    /// an ulp or two of where the mapping actually switches).
    func lines(_ origin: Double, _ scale: Double, _ count: Int) -> [Double] {
        (0...(4 * count)).map { origin + Double($0) / (4 * scale) }
    }

    func around(_ v: Double) -> [Double] {
        [v.nextDown.nextDown, v.nextDown, v, v.nextUp, v.nextUp.nextUp]
    }

    @Test func pointsOnQuarterCellLinesAgree() throws {
        let (window, _) = leafGrid(groups: 12)
        window.buildHitIndex()
        let s = try #require(window.ownSpaceState)
        let xs = lines(s.pointee.originX, s.pointee.scaleX, s.pointee.columns)
        let ys = lines(s.pointee.originY, s.pointee.scaleY, s.pointee.rows)
        var points: [Point] = []
        var rng = SplitMix64(seed: 11)
        for x in xs { for vx in around(x) { points.append(Point(x: vx, y: rng.unit() * window.bounds.height)) } }
        for y in ys { for vy in around(y) { points.append(Point(x: rng.unit() * window.bounds.width, y: vy)) } }
        for _ in 0..<400 { points.append(Point(x: rng.pick(xs), y: rng.pick(ys))) }
        expectIndexAgreement(window, points, "quarter-cell lines")
        // The starts are in use: some sub-cell of some cell starts past the first item.
        var skipping = 0
        for i in 0..<(s.pointee.columns * s.pointee.rows) where s.pointee.cells[i].itemCount > 1 {
            for sub in 0..<16 where s.pointee.cells[i].subStart(sub) > 0 { skipping += 1 }
        }
        #expect(skipping > 0, "no sub-cell starts past its cell's first item")
    }

    /// Views whose edges lie exactly on (and an ulp off) quarter-cell lines, added and moved after
    /// the grid was built, so each start is recomputed by the incremental update.
    @Test(arguments: 0..<4)
    func edgesOnQuarterCellLinesAgree(seed: Int) throws {
        let (window, initial) = leafGrid(groups: 10)
        var views = initial
        window.buildHitIndex()
        let s = try #require(window.ownSpaceState)
        let xs = lines(s.pointee.originX, s.pointee.scaleX, s.pointee.columns)
        let ys = lines(s.pointee.originY, s.pointee.scaleY, s.pointee.rows)
        let builds = HitIndex.fullBuilds
        var rng = SplitMix64(seed: UInt64(seed) &+ 400)
        for step in 0..<40 {
            let x0 = rng.pick(around(rng.pick(xs))), y0 = rng.pick(around(rng.pick(ys)))
            let x1 = rng.pick(around(rng.pick(xs))), y1 = rng.pick(around(rng.pick(ys)))
            let frame = Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
            if rng.chance(0.5) || views.count < 2 {
                let view = View(frame: frame)
                view.tag = views.count + 1
                let host = rng.chance(0.7) ? window : rng.pick(views)
                host.insertSubview(view, at: rng.int(0...host.subviews.count))
                if host !== window { view.frame = host.convert(frame, from: window) }
                views.append(view)
            } else {
                let view = rng.pick(views)
                view.frame = view.superview.map { $0.convert(frame, from: window) } ?? frame
            }
            var points: [Point] = []
            for _ in 0..<300 { points.append(Point(x: rng.pick(around(rng.pick(xs))), y: rng.pick(around(rng.pick(ys))))) }
            expectIndexAgreement(window, points, "seed \(seed) after step \(step)")
        }
        #expect(HitIndex.fullBuilds == builds, "the edits were to be incremental, not rebuilds")
    }
}
