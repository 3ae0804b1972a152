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
    /// The orders the four methods are timed in, one a round here and one a chunk in
    /// `comparePaired`: a balanced Latin square, so each method comes first once and right after
    /// each other method once. A method's first points find what the one before left in cache,
    /// and `read` and `hitTest` touch the same views' objects.
    nonisolated static let orders: [[TimedMethod]] = [
        [.hitTest, .answer, .read, .naive], [.answer, .naive, .hitTest, .read],
        [.naive, .read, .answer, .hitTest], [.read, .hitTest, .naive, .answer]
    ]
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
        var batches: [TimedMethod: [Double]] = [:]
        var checksum = 0
        for order in ShapeBench.orders {
            for method in order {
                _ = time(method, sample, 0..<sample.count, window: window, naive: naive, into: &batches[method, default: []], checksum: &checksum)
            }
        }
        blackHole(checksum)
        result.steadySample = sample.count
        result.steadyIndexMedianNs = Distribution(batches[.hitTest] ?? []).median
        result.steadyAnswerMedianNs = Distribution(batches[.answer] ?? []).median
        result.steadyNaiveMedianNs = Distribution(batches[.naive] ?? []).median
        result.steadyReadMedianNs = Distribution(batches[.read] ?? []).median
    }
}
