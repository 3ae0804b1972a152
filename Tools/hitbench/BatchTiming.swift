@_spi(Benchmarking) import ResponderKit

/// The three ways the comparisons answer a point: the API, the index's unretained answer, and the
/// naive recursion.
enum TimedMethod {
    case hitTest, answer, naive
}

extension ShapeBench {
    /// Times `method` on `points[range]` in batches of `batchSize`, appending each batch's
    /// nanoseconds per hit to `batches`; returns the nanoseconds spent.
    func time(
        _ method: TimedMethod, _ points: [Point], _ range: Range<Int>, window: Window, naive: borrowing NaiveRecursion,
        into batches: inout [Double], checksum: inout Int
    ) -> UInt64 {
        var spent: UInt64 = 0
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(range.upperBound, start + batchSize)
            let t = nowNs()
            switch method {
            case .hitTest: for i in start..<end { checksum &+= identity(window.hitTest(points[i], with: nil)) }
            case .answer: for i in start..<end { checksum &+= unretainedIdentity(window.indexedHitTest(points[i])) }
            case .naive: for i in start..<end { checksum &+= Int(naive.hit(points[i].x, points[i].y)) }
            }
            let batch = nowNs() - t
            spent += batch
            batches.append(Double(batch) / Double(end - start))
            start = end
        }
        return spent
    }
}
