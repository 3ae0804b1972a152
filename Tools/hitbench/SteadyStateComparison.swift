@_spi(Benchmarking) import ResponderKit
import ResponderKitTesting

/// The index against the naive recursion in each method's steady state: whole passes over the same
/// points, one method at a time, as a benchmark loop (and the naive harness the peers were
/// measured with) runs them, alternated over rounds so drift in the machine falls on all of them.
///
/// A fourth pass takes `hitTest`'s cost apart: `read` (`TimedMethod.read`), the answer plus one
/// plain load from the answered view's object. `read` − answer is that object's cache miss, and
/// `hitTest` − `read` what the atomic reference-count increment of the returned `View?` adds to it.
///
/// This complements `comparePaired`, whose chunks of 2,048 points interleave the methods: there
/// each method starts every chunk on caches the other two just used. A 2,048-point chunk reads
/// about 6,000 of wide-37k's index lines, a small part of its 5 MB, while the naive recursion's hot
/// upper levels fit in a few KB, so the interleaved figure is close to a cold-cache comparison and
/// depends on which method ran just before (on wide-37k the answer measured 125–150 ns after
/// `hitTest` on the same points and 280–320 ns after the naive recursion). Reporting both keeps
/// that visible instead of picking one.
extension ShapeBench {
    /// The orders the four methods are timed in (0 `hitTest`, 1 answer, 2 naive, 3 read), one a
    /// round here and one a chunk in `comparePaired`: a balanced Latin square, so each method
    /// comes first once and right after each other method once. A method's first points find what
    /// the one before left in cache, and `read` and `hitTest` touch the same views' objects.
    nonisolated static let orders: [[Int]] = [[0, 1, 3, 2], [1, 2, 0, 3], [2, 3, 1, 0], [3, 0, 2, 1]]
    nonisolated static var steadyRounds: Int { orders.count }

    func compareSteadyState(_ window: Window, into result: inout ShapeResult) {
        guard !points.isEmpty, result.naiveMedianNs > 0 else { return }
        let naive = NaiveRecursion(tree)
        // As many points as fit the naive budget (grid-10k's 30 µs per hit does not fit 100,000
        // points four times), spread over the file.
        let perPass = Double(naiveBudgetNs) / (result.naiveMedianNs * Double(ShapeBench.steadyRounds))
        let sampleCount = max(1, min(points.count, Int(perPass)))
        let step = max(1, points.count / sampleCount)
        var sample: [Point] = []
        sample.reserveCapacity(sampleCount)
        var i = 0
        while i < points.count && sample.count < sampleCount {
            sample.append(points[i])
            i += step
        }
        var index: [Double] = [], answer: [Double] = [], plain: [Double] = [], read: [Double] = []
        var checksum = 0
        func pass(_ turn: Int) {
            let all = 0..<sample.count
            switch turn {
            case 0: _ = time(.hitTest, sample, all, window: window, naive: naive, into: &index, checksum: &checksum)
            case 1: _ = time(.answer, sample, all, window: window, naive: naive, into: &answer, checksum: &checksum)
            case 2: _ = time(.naive, sample, all, window: window, naive: naive, into: &plain, checksum: &checksum)
            default: _ = time(.read, sample, all, window: window, naive: naive, into: &read, checksum: &checksum)
            }
        }
        for order in ShapeBench.orders {
            for turn in order { pass(turn) }
        }
        blackHole(checksum)
        result.steadySample = sample.count
        result.steadyIndexMedianNs = Distribution(index).median
        result.steadyAnswerMedianNs = Distribution(answer).median
        result.steadyNaiveMedianNs = Distribution(plain).median
        result.steadyReadMedianNs = Distribution(read).median
    }
}
