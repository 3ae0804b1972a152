@_spi(Benchmarking) import ResponderKit
import ResponderKitTesting
import SeededGenerators

/// Everything hitbench measures for one shape, in one run.
struct ShapeResult {
    var shape = ""
    /// A dependent random read's nanoseconds over each of `MemoryLatency.sizes`, measured just
    /// before the shape (empty with `--fast-only`).
    var memoryReadNs: [Double] = []

    /// `memoryReadNs[index]`, or NaN when it was not measured.
    func memoryRead(_ index: Int) -> Double { index < memoryReadNs.count ? memoryReadNs[index] : .nan }
    var views = 0
    var points = 0
    var medianNs = 0.0
    var p99Ns = 0.0
    var referenceMedianNs = 0.0
    var referenceP99Ns = 0.0
    var referenceSample = 0
    var agreePct = 0.0
    var referenceAgreePct = 0.0
    var allocsPerHit = 0.0
    var buildMs = 0.0
    var scrollStepNs = 0.0
    var scrollPromoteUs = 0.0
    var moveLeafNs = 0.0
    var toggleHiddenNs = 0.0
    var addRemoveNs = 0.0
    var reorderNs = 0.0
    var mutationAgreePct = 0.0
    var bytesPerView = 0.0
    var spaces = 0
    var dispatchEventsPerSec = 0.0
    var dispatchAllocsPerEvent = 0.0
    /// Index and naive recursion timed alternately, chunk by chunk, on the same points.
    var pairedIndexMedianNs = 0.0
    var pairedIndexP99Ns = 0.0
    var naiveMedianNs = 0.0
    var naiveP99Ns = 0.0
    var naiveSample = 0
    var naiveAgreePct = 0.0
    var ratio: Double { naiveMedianNs / pairedIndexMedianNs }
    /// The same queries through `Window.indexedHitTest` (the answer unretained): the index's own
    /// cost, without the atomic reference-count increment on the answered view that `hitTest`
    /// returns (the naive recursion returns an id and pays none either).
    var answerMedianNs = 0.0
    var answerP99Ns = 0.0
    var answerAgreePct = 0.0
    var pairedAnswerMedianNs = 0.0
    var pairedAnswerP99Ns = 0.0
    /// The answer plus a plain load from the answered view's object (`TimedMethod.read`).
    var pairedReadMedianNs = 0.0
    var answerRatio: Double { naiveMedianNs / pairedAnswerMedianNs }
    /// Each method in whole passes over the same sample, alternated (`compareSteadyState`).
    var steadySample = 0
    var steadyIndexMedianNs = 0.0
    var steadyAnswerMedianNs = 0.0
    var steadyNaiveMedianNs = 0.0
    /// The answer plus a plain load from the answered view's object (`TimedMethod.read`).
    var steadyReadMedianNs = 0.0
    var steadyRatio: Double { steadyNaiveMedianNs / steadyIndexMedianNs }
    var steadyAnswerRatio: Double { steadyNaiveMedianNs / steadyAnswerMedianNs }
    /// Per-hit ns of each timed batch, for the plot.
    var batchNs: [Double] = []
}

/// The checksum term of an unretained answer: the same address `identity` gives.
@inline(__always)
func unretainedIdentity(_ view: Unmanaged<View>?) -> Int {
    guard let view else { return 0 }
    return Int(bitPattern: view.toOpaque())
}

/// A checksum term for a hit that does not read the view (the naive recursion answers an id
/// without touching anything either; reading a field would add a miss the API does not cost).
@inline(__always)
func identity(_ view: View?) -> Int {
    guard let view else { return 0 }
    return Int(bitPattern: ObjectIdentifier(view))
}

func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

/// Runs the measurements for one shape.
@MainActor
struct ShapeBench {
    let name: String
    let tree: VTree
    let points: [Point]
    let hits: [Int]
    /// Points per timed batch: small enough that p99 still sees slow hits, large enough that the
    /// clock's own cost is negligible.
    let batchSize = 16
    var passes = 5
    /// Only the fast path (for profiling): no reference timing, no mutations.
    var fastOnly = false
    /// Which fast-path loops run: `hitTest`, the unretained answer, or both (the default).
    var timesHitTest = true
    var timesAnswer = true
    /// Nanoseconds of naive-recursion time the paired comparison may spend on one shape.
    var naiveBudgetNs: UInt64 = 1_000_000_000

    func run() -> ShapeResult {
        var result = ShapeResult()
        result.shape = name
        result.views = tree.nodes.count
        result.points = points.count
        let built = tree.makeWindow()
        let window = built.window

        // Index build.
        window.discardHitIndex()
        let t0 = nowNs()
        let stats = window.buildHitIndex()
        result.buildMs = Double(nowNs() - t0) / 1e6
        result.bytesPerView = Double(stats.bytes) / Double(tree.nodes.count)
        result.spaces = stats.spaces

        // Agreement of the fast path with the generator's answers, on every point.
        var agree = 0
        for (i, p) in points.enumerated() where built.answer(for: window.hitTest(p, with: nil)) == hits[i] { agree += 1 }
        result.agreePct = 100 * Double(agree) / Double(max(1, points.count))

        // The unretained answer must be hitTest's, on every point.
        var sameAnswer = 0
        for p in points where identity(window.hitTest(p, with: nil)) == unretainedIdentity(window.indexedHitTest(p)) { sameAnswer += 1 }
        result.answerAgreePct = 100 * Double(sameAnswer) / Double(max(1, points.count))

        // Fast path timing and allocations: `hitTest` and the unretained answer, pass by pass.
        var batches: [Double] = [], answerBatches: [Double] = []
        batches.reserveCapacity(passes * (points.count / batchSize + 1))
        answerBatches.reserveCapacity(passes * (points.count / batchSize + 1))
        var checksum = 0
        let allocs0 = allocationsSoFar()
        for _ in 0..<passes {
            var start = timesHitTest ? 0 : points.count
            while start < points.count {
                let end = min(points.count, start + batchSize)
                let t = nowNs()
                for i in start..<end { checksum &+= identity(window.hitTest(points[i], with: nil)) }
                batches.append(Double(nowNs() - t) / Double(end - start))
                start = end
            }
            start = timesAnswer ? 0 : points.count
            while start < points.count {
                let end = min(points.count, start + batchSize)
                let t = nowNs()
                for i in start..<end { checksum &+= unretainedIdentity(window.indexedHitTest(points[i])) }
                answerBatches.append(Double(nowNs() - t) / Double(end - start))
                start = end
            }
        }
        let allocs = allocationsSoFar() - allocs0
        blackHole(checksum)
        let timedLoops = (timesHitTest ? 1 : 0) + (timesAnswer ? 1 : 0)
        result.allocsPerHit = Double(allocs) / Double(max(1, timedLoops * passes * points.count))
        let fast = Distribution(batches)
        result.medianNs = fast.median
        result.p99Ns = fast.p99
        result.batchNs = batches
        let answers = Distribution(answerBatches)
        result.answerMedianNs = answers.median
        result.answerP99Ns = answers.p99

        if fastOnly { return result }
        comparePaired(window, built, into: &result)
        compareSteadyState(window, into: &result)
        // Reference recursion, on as many points as fit about half a second.
        var refBatches: [Double] = []
        var refAgree = 0, refCount = 0
        let budget = nowNs() + 500_000_000
        var start = 0
        while start < points.count, nowNs() < budget {
            let end = min(points.count, start + batchSize)
            var answers = [Int](repeating: 0, count: end - start)
            let t = nowNs()
            for i in start..<end { answers[i - start] = built.answer(for: window.referenceHitTest(points[i], with: nil)) }
            refBatches.append(Double(nowNs() - t) / Double(end - start))
            for i in start..<end { refCount += 1; if answers[i - start] == hits[i] { refAgree += 1 } }
            start = end
        }
        let ref = Distribution(refBatches)
        result.referenceMedianNs = ref.median
        result.referenceP99Ns = ref.p99
        result.referenceSample = refCount
        result.referenceAgreePct = 100 * Double(refAgree) / Double(max(1, refCount))

        measureMutations(built, into: &result)
        return result
    }

    /// The index against the naive recursion (`NaiveRecursion`) in one run, on the same points and
    /// CPU: the points are cut into chunks of 2,048, and each chunk is timed with `hitTest`, with
    /// the unretained answer (`indexedHitTest`), with the naive recursion and with `read` (see
    /// `TimedMethod`), in batches of 16 as above. The first method on a chunk finds its lines
    /// cold, the next ones may find some warmed by the method before (the answer right after
    /// `hitTest` on the same points measured about half its time after the naive recursion on
    /// wide-37k), so the chunks go through `orders` in turn: each method comes first, and right
    /// after each other one, equally often. (A turning order, `hitTest` → answer → naive shifted by
    /// one a chunk, did not: `hitTest` came right after the naive recursion in two chunks of three
    /// and the answer right after `hitTest`, so the cold misses fell mostly on `hitTest`.) Chunks
    /// are taken spread over the whole file until the naive recursion has used its budget
    /// (grid-10k's 35 µs per hit does not fit 100,000 points).
    private func comparePaired(_ window: Window, _ built: VTreeWindow, into result: inout ShapeResult) {
        let naive = NaiveRecursion(tree)
        let chunk = 2_048
        let chunks = (points.count + chunk - 1) / chunk
        guard chunks > 0 else { return }
        // A stride coprime with the chunk count visits every chunk once, spread over the file.
        var stride = max(1, chunks * 5 / 8)
        while gcd(stride, chunks) != 1 { stride += 1 }
        var batches: [TimedMethod: [Double]] = [:]
        var checksum = 0
        var naiveNs: UInt64 = 0
        var timed: [Range<Int>] = []
        var c = 0
        for n in 0..<chunks {
            guard naiveNs < naiveBudgetNs else { break }
            let lo = c * chunk, hi = min(points.count, lo + chunk)
            c = (c + stride) % chunks
            for method in ShapeBench.orders[n % ShapeBench.orders.count] {
                let spent = time(method, points, lo..<hi, window: window, naive: naive, into: &batches[method, default: []], checksum: &checksum)
                if method == .naive { naiveNs += spent }
            }
            timed.append(lo..<hi)
        }
        var agree = 0, sample = 0
        for range in timed {
            for i in range where Int(naive.hit(points[i].x, points[i].y)) == hits[i] { agree += 1 }
            sample += range.count
        }
        blackHole(checksum)
        let index = Distribution(batches[.hitTest] ?? []), plain = Distribution(batches[.naive] ?? [])
        let answers = Distribution(batches[.answer] ?? [])
        result.pairedIndexMedianNs = index.median
        result.pairedIndexP99Ns = index.p99
        result.pairedAnswerMedianNs = answers.median
        result.pairedAnswerP99Ns = answers.p99
        result.pairedReadMedianNs = Distribution(batches[.read] ?? []).median
        result.naiveMedianNs = plain.median
        result.naiveP99Ns = plain.p99
        result.naiveSample = sample
        result.naiveAgreePct = 100 * Double(agree) / Double(max(1, sample))
    }

    /// Scroll steps, leaf moves, hidden toggles, add/remove and reorder, each followed by a hit
    /// test (so lazy work is counted); then fast and reference must still agree.
    private func measureMutations(_ built: VTreeWindow, into result: inout ShapeResult) {
        let window = built.window
        let root = built.views[0]
        let probe = points.isEmpty ? Point(x: 1, y: 1) : points[0]

        // Scrolling the root view, whose subtree is every other view.
        var t = nowNs()
        root.bounds.origin = Point(x: 0, y: 1)
        _ = window.hitTest(probe, with: nil)
        result.scrollPromoteUs = Double(nowNs() - t) / 1e3
        let steps = 10_000
        t = nowNs()
        for i in 0..<steps {
            root.bounds.origin = Point(x: 0, y: Double(i & 1))
            _ = window.hitTest(probe, with: nil)
        }
        result.scrollStepNs = Double(nowNs() - t) / Double(steps)
        root.bounds.origin = .zero

        // A leaf that is visible and hittable, to move, hide, remove and reorder.
        let leaves = built.views.dropFirst().filter { $0.subviews.isEmpty }
        if !leaves.isEmpty { measureLeafMutations(leaves, window: window, probe: probe, into: &result) }

        // After all that (tree restored), the index must still answer as the reference does.
        var agree = 0
        let sample = Swift.min(points.count, 2_000)
        for i in 0..<sample {
            let p = points[(i * 7919) % points.count]
            if built.answer(for: window.hitTest(p, with: nil)) == built.answer(for: window.referenceHitTest(p, with: nil)) { agree += 1 }
        }
        result.mutationAgreePct = sample == 0 ? 100 : 100 * Double(agree) / Double(sample)
    }

    /// Leaf moves, hides, remove + insert and reorders, each followed by one hit test.
    private func measureLeafMutations(_ leaves: [View], window: Window, probe: Point, into result: inout ShapeResult) {
        var t: UInt64
        var rng = SplitMix64(state: 42)
        let rounds = 1_000
        var total: UInt64 = 0
        for _ in 0..<rounds {
            let leaf = leaves[Int(rng.next() % UInt64(leaves.count))]
            let old = leaf.frame
            t = nowNs()
            leaf.frame = old.offsetBy(dx: 3, dy: -2)
            _ = window.hitTest(probe, with: nil)
            total += nowNs() - t
            leaf.frame = old
        }
        result.moveLeafNs = Double(total) / Double(rounds)

        total = 0
        for _ in 0..<rounds {
            let leaf = leaves[Int(rng.next() % UInt64(leaves.count))]
            t = nowNs()
            leaf.isHidden.toggle()
            _ = window.hitTest(probe, with: nil)
            total += nowNs() - t
            leaf.isHidden.toggle()
        }
        result.toggleHiddenNs = Double(total) / Double(rounds)

        total = 0
        for _ in 0..<rounds {
            let leaf = leaves[Int(rng.next() % UInt64(leaves.count))]
            guard let parent = leaf.superview, let index = parent.subviews.firstIndex(where: { $0 === leaf }) else { continue }
            t = nowNs()
            leaf.removeFromSuperview()
            _ = window.hitTest(probe, with: nil)
            parent.insertSubview(leaf, at: index)
            _ = window.hitTest(probe, with: nil)
            total += nowNs() - t
        }
        result.addRemoveNs = Double(total) / Double(rounds)

        total = 0
        for _ in 0..<rounds {
            let leaf = leaves[Int(rng.next() % UInt64(leaves.count))]
            guard let parent = leaf.superview, let index = parent.subviews.firstIndex(where: { $0 === leaf }) else { continue }
            t = nowNs()
            parent.bringSubviewToFront(leaf)
            _ = window.hitTest(probe, with: nil)
            total += nowNs() - t
            parent.insertSubview(leaf, at: index)
        }
        result.reorderNs = Double(total) / Double(rounds)
    }
}
