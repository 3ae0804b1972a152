import ResponderKitTesting
import SeededGenerators
import Testing

@testable import ResponderKit

/// Shared runs (`HitCell`): a chain of nested containers with consecutive entry ids is searched in
/// the space's per-entry items instead of being copied into every cell it meets. The answers must
/// stay the reference's while the chain is edited in the middle: links moved by fractions (boxes
/// that `Float` cannot hold exactly), hidden, made delegates, given a new child, cut out and put
/// back, so ids stop being consecutive and reused ids join other chains.
@MainActor
@Suite struct SharedRunTests {
    /// Two chains of `links` containers in a window, each link inset from its parent, some by
    /// fractions; returns the window and every link, outermost first per chain.
    func chains(_ rng: inout SplitMix64, links: Int) -> (Window, [View]) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 700))
        window.isHidden = false
        var views: [View] = []
        for chain in 0..<2 {
            var parent: View = window
            var frame = Rect(x: Double(chain) * 90, y: Double(chain) * 60, width: 700 - Double(chain) * 200, height: 640 - Double(chain) * 150)
            for _ in 0..<links {
                let view = View(frame: frame)
                parent.addSubview(view)
                views.append(view)
                let inset = rng.chance(0.3) ? 1.0 / 3.0 : Double(rng.int(0...3))
                frame = Rect(
                    x: inset, y: rng.chance(0.5) ? inset : 1, width: max(1, frame.width - 2 * inset - 1),
                    height: max(1, frame.height - 2 * inset - 1))
                parent = view
            }
        }
        for (i, v) in views.enumerated() { v.tag = i + 1 }
        return (window, views)
    }

    /// Points on, one ulp either side of, and between the links' edges, and anywhere.
    func points(_ rng: inout SplitMix64, _ window: Window, _ views: [View]) -> [Point] {
        var result: [Point] = []
        for _ in 0..<1500 { result.append(Point(x: rng.unit() * 820 - 10, y: rng.unit() * 720 - 10)) }
        for view in views where view.window === window {
            let r = view.convert(view.bounds, to: window)
            for x in [r.minX, r.minX.nextDown, r.maxX, r.maxX.nextDown] { result.append(Point(x: x, y: r.midY)) }
            for y in [r.minY, r.minY.nextUp, r.maxY, r.maxY.nextDown] { result.append(Point(x: r.midX, y: y)) }
        }
        return result
    }

    /// The cell at the window's centre lists the whole chain but holds only a few items.
    @Test func aLongChainIsNotCopiedIntoItsCells() throws {
        var rng = SplitMix64(seed: 5)
        let (window, views) = chains(&rng, links: 200)
        window.buildHitIndex()
        let s = try #require(window.ownSpaceState)
        let center = window.convert(views[150].bounds, from: views[150])
        let cell = s.pointee.cells + HitSpace.column(center.midX, s) + HitSpace.row(center.midY, s) * s.pointee.columns
        #expect(cell.pointee.count >= 150, "the cell lists every link that meets it")
        #expect(cell.pointee.itemCount < 16, "the chain is searched in the shared items, not copied (\(cell.pointee.itemCount) items)")
        expectIndexAgreement(window, points(&rng, window, views), "fresh chains")
    }

    @Test(arguments: 0..<8)
    func sharedChainsAgreeThroughMutations(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 901)
        let (window, links) = chains(&rng, links: 40 + seed * 8)
        var views = links
        _ = window.hitTest(Point(x: 1, y: 1), with: nil)  // build first: the edits are incremental
        var log: [String] = []
        for step in 0..<30 {
            let link = rng.pick(views)
            switch rng.int(0...6) {
            case 0:
                link.frame = link.frame.offsetBy(dx: rng.chance(0.5) ? 0.1 : -1, dy: rng.chance(0.5) ? 1.0 / 7.0 : 2)
                log.append("shift #\(link.tag)")
            case 1:
                link.isHidden.toggle()
                log.append("hide #\(link.tag)")
            case 2:
                link.transform = link.transform.isIdentity ? AffineTransform(scaleX: 0.9, y: 0.95) : .identity
                log.append("transform #\(link.tag)")
            case 3:
                let child = View(frame: Rect(x: 0.5, y: 0.5, width: max(1, link.bounds.width - 1), height: max(1, link.bounds.height - 1)))
                child.tag = views.count + 1
                link.addSubview(child)
                views.append(child)
                log.append("child of #\(link.tag)")
            case 4:
                // Cut the link out of its chain and put it back one level up, so its old place
                // is skipped and its id range breaks.
                if let parent = link.superview, let grandparent = parent.superview {
                    link.removeFromSuperview()
                    grandparent.insertSubview(link, at: 0)
                }
                log.append("lift #\(link.tag)")
            case 5:
                link.isUserInteractionEnabled.toggle()
                log.append("interaction #\(link.tag)")
            default:
                link.removeFromSuperview()
                let host = rng.pick(views.filter { $0.window === window && !$0.isDescendant(of: link) } + [window])
                host.addSubview(link)
                log.append("move #\(link.tag) under #\(host.tag)")
            }
            expectIndexAgreement(window, points(&rng, window, views), "seed \(seed) after step \(step) (\(log.suffix(3).joined(separator: ", ")))")
        }
        window.discardHitIndex()
        expectIndexAgreement(window, points(&rng, window, views), "seed \(seed), rebuilt")
    }
    /// A space holds its per-entry run items only once a cell shares a run: a flat layout never
    /// pays for them, and a chain grown link by link after the build (no rebuild) gets them then,
    /// kept in step through later moves and through the entries growing past their capacity.
    @Test func runItemsComeWithTheFirstSharedRun() throws {
        var rng = SplitMix64(seed: 77)
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 700))
        window.isHidden = false
        var views: [View] = []
        for i in 0..<60 {
            let view = View(frame: Rect(x: Double(i % 10) * 80, y: Double(i / 10) * 110, width: 70, height: 100))
            view.tag = i + 1
            window.addSubview(view)
            views.append(view)
        }
        let flat = window.buildHitIndex()
        let s = try #require(window.ownSpaceState)
        #expect(s.pointee.runItems == nil, "60 side-by-side views share no run")

        // A chain of 24 nested containers, added one by one: the last ones make a shared run.
        var parent: View = views[0]
        var frame = Rect(x: 1, y: 1, width: 68, height: 98)
        for _ in 0..<24 {
            let link = View(frame: frame)
            link.tag = views.count + 1
            parent.addSubview(link)
            views.append(link)
            parent = link
            frame = Rect(x: 1, y: 1.0 / 3.0, width: max(1, frame.width - 2.5), height: max(1, frame.height - 3))
        }
        expectIndexAgreement(window, points(&rng, window, views), "a chain grown after the build")
        #expect(s.pointee.runItems != nil, "the chain's cells share it")
        #expect(window.buildHitIndex().bytes > flat.bytes)

        // Moves inside the chain, then enough new views to grow the entries (and run items) twice.
        for link in views[64..<80] { link.frame = link.frame.offsetBy(dx: 0.25, dy: -1.0 / 7.0) }
        expectIndexAgreement(window, points(&rng, window, views), "links moved")
        for i in 0..<200 {
            let view = View(frame: Rect(x: 100 + Double(i % 20) * 30, y: 400 + Double(i / 20) * 25, width: 20, height: 20))
            view.tag = views.count + 1
            window.addSubview(view)
            views.append(view)
        }
        for link in views[62..<84] { link.frame = link.frame.offsetBy(dx: -0.5, dy: 1.0 / 3.0) }
        expectIndexAgreement(window, points(&rng, window, views), "entries grown, links moved again")

        // Without the chain, a rebuild sheds them.
        views[60].removeFromSuperview()
        window.discardHitIndex()
        window.buildHitIndex()
        let rebuilt = try #require(window.ownSpaceState)
        #expect(rebuilt.pointee.runItems == nil, "no chain left")
        expectIndexAgreement(window, points(&rng, window, views), "rebuilt without the chain")
    }
}
