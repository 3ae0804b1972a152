import ResponderKitTesting
import SeededGenerators
import Testing

@_spi(Benchmarking) @testable import ResponderKit

/// The compact query items must answer exactly as the exact boxes do, and the unretained answer
/// (`Window.indexedHitTest`) must be `hitTest`'s.
@MainActor
@Suite struct CompactBoxTests {
    /// Points on, one ulp off and between the ends of `box`.
    func probes(_ box: HitBox) -> [Double] {
        var values: [Double] = []
        for end in [box.xlo, box.xhi, box.ylo, box.yhi] where end.isFinite {
            values += [end, end.nextUp, end.nextDown, end + 0.5, end - 0.5, end.nextUp.nextUp]
        }
        return values + [0, -1e300, 1e300]
    }

    func expectSameAnswers(_ box: HitBox, _ compact: CompactBox) {
        let values = probes(box)
        for x in values {
            for y in values {
                #expect(compact.contains(x, y) == box.contains(x, y), "box \(box) at (\(x), \(y))")
            }
        }
    }

    @Test func wholeCoordinatesAreExact() throws {
        // The index's boxes end just below the next whole coordinate: [10, 50) is xlo 10, xhi 50⁻.
        let box = HitBox(xlo: 10, xhi: Double(50).nextDown, ylo: -4, yhi: Double(30).nextDown)
        let compact = try #require(CompactBox(exactly: box))
        #expect(compact == CompactBox(xlo: 10, xEnd: 50, ylo: -4, yEnd: 30))
        expectSameAnswers(box, compact)
    }

    @Test func halvesAndInfiniteEndsAreExact() throws {
        for box in [
            HitBox(xlo: 0.5, xhi: Double(99.5).nextDown, ylo: 0.25, yhi: Double(7.75).nextDown),
            HitBox.everything,
            HitBox(xlo: -.infinity, xhi: Double(20).nextDown, ylo: 3, yhi: .infinity)
        ] {
            let compact = try #require(CompactBox(exactly: box))
            expectSameAnswers(box, compact)
        }
    }

    @Test func anEmptyBoxContainsNothing() throws {
        let compact = try #require(CompactBox(exactly: .empty))
        for v in [-1e300, -1.0, 0, 1, 1e300, .infinity, -.infinity] {
            #expect(!compact.contains(v, v))
            #expect(!compact.contains(v, 0))
        }
    }

    @Test func endsThatAreNotFloatsAreRefused() {
        #expect(CompactBox(exactly: HitBox(xlo: 0.1, xhi: 10, ylo: 0, yhi: 10)) == nil)
        #expect(CompactBox(exactly: HitBox(xlo: 0, xhi: 10.3, ylo: 0, yhi: 10)) == nil)
        // A float upper end itself is inclusive: its successor (the open end) is not a float.
        #expect(CompactBox(exactly: HitBox(xlo: 0, xhi: 10, ylo: 0, yhi: 10)) == nil)
        #expect(CompactBox(exactly: HitBox(xlo: 0, xhi: Double(10).nextDown, ylo: 1e39, yhi: 2e39)) == nil)
    }

    @Test(arguments: 0..<4)
    func randomBoxesAgreeWheneverCompact(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) + 77)
        var compacted = 0
        for _ in 0..<1000 {
            // Three in five ends are floats (whole, quarter), the rest are not (hundredths, any).
            func end() -> Double {
                let base = rng.unit() * 4000 - 1000
                switch rng.int(0...4) {
                case 0, 1: return base.rounded()
                case 2: return (base * 4).rounded() / 4
                case 3: return base
                default: return (base * 100).rounded() / 100
                }
            }
            let a = end(), b = end(), c = end(), d = end()
            let box = HitBox(xlo: min(a, b), xhi: max(a, b).nextDown, ylo: min(c, d), yhi: max(c, d).nextDown)
            guard let compact = CompactBox(exactly: box) else { continue }
            compacted += 1
            expectSameAnswers(box, compact)
        }
        #expect(compacted > 60)
    }

    /// A box the reference's rounding put a few ulps off whole numbers (as under scrolled parents):
    /// rounded inward, it never claims a point outside, never excludes a point inside, and leaves
    /// only points within a float step of an end undecided.
    @Test(arguments: 0..<4)
    func inwardRoundedBoxesNeverDecideWrongly(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) + 300)
        var undecided = 0, decided = 0
        for _ in 0..<500 {
            func end() -> Double {
                let base = (rng.unit() * 4000 - 1000).rounded()
                switch rng.int(0...3) {
                case 0: return base.nextDown
                case 1: return base.nextUp
                case 2: return base + 0.1
                default: return base
                }
            }
            let a = end(), b = end(), c = end(), d = end()
            let box = HitBox(xlo: min(a, b), xhi: max(a, b), ylo: min(c, d), yhi: max(c, d))
            var isExact = false
            let compact = CompactBox(box, isExact: &isExact)
            // The ends and their ulps, and points anywhere (every one of those must be decided).
            let xs = probes(box) + (0..<8).map { _ in rng.unit() * 4200 - 1100 }
            let ys = probes(box) + (0..<8).map { _ in rng.unit() * 4200 - 1100 }
            for x in xs {
                for y in ys {
                    let truth = box.contains(x, y)
                    if compact.contains(x, y) {
                        #expect(truth, "box \(box) claims (\(x), \(y))")
                        decided += 1
                    } else if isExact || compact.surelyExcludes(x, y) {
                        #expect(!truth, "box \(box) excludes (\(x), \(y))")
                        decided += 1
                    } else {
                        undecided += 1
                        let near = [box.xlo, box.xhi, box.ylo, box.yhi].contains { abs($0 - x) < 1e-3 || abs($0 - y) < 1e-3 }
                        #expect(near, "box \(box) leaves (\(x), \(y)) undecided far from its ends")
                    }
                }
            }
        }
        #expect(decided > 0 && undecided > 0, "the probes reach both outcomes")
    }

    /// A window whose class answers hit tests its own way: the unretained answer goes through it.
    final class RedirectingWindow: Window {
        var target: View?
        override func hitTest(_ point: Point, with event: Event?) -> View? {
            if point.x < 5, let target { return target }
            return super.hitTest(point, with: event)
        }
    }

    @Test(arguments: 0..<6)
    func theUnretainedAnswerIsHitTests(seed: Int) {
        let (window, views) = RandomTrees.make(seed: UInt64(seed) + 500, size: 80 + seed * 20)
        var rng = SplitMix64(seed: UInt64(seed) + 900)
        let points = RandomTrees.points(&rng, window: window, views: views, count: 2000)
        var differing = 0
        for p in points where window.indexedHitTest(p).map({ $0.takeUnretainedValue() }) !== window.hitTest(p, with: nil) { differing += 1 }
        #expect(differing == 0, "seed \(seed): \(differing) of \(points.count) points differ")
    }

    @Test func aCustomWindowAnswersItsOwnWay() {
        let window = RedirectingWindow(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.isHidden = false
        let target = View(frame: Rect(x: 50, y: 50, width: 10, height: 10))
        let other = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        window.addSubview(target)
        window.addSubview(other)
        window.target = target
        #expect(window.indexedHitTest(Point(x: 2, y: 2))?.takeUnretainedValue() === target)
        #expect(window.indexedHitTest(Point(x: 20, y: 20))?.takeUnretainedValue() === other)
        #expect(window.indexedHitTest(Point(x: 80, y: 80))?.takeUnretainedValue() === window)
        window.isHidden = true
        #expect(window.indexedHitTest(Point(x: 80, y: 80)) == nil)
        #expect(window.indexedHitTest(Point(x: .nan, y: 1)).map { $0.takeUnretainedValue() } === window.hitTest(Point(x: .nan, y: 1), with: nil))
    }
}
