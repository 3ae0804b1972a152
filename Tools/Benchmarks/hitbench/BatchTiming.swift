@_spi(Benchmarking) import ResponderKit

/// The ways the comparisons answer a point: the API, the index's unretained answer, the naive
/// recursion, and `read`, which takes `hitTest`'s cost apart: the answer, then one plain load from
/// the answered view's object (the word its reference count lives in), so the object's cache miss
/// without the atomic increment that returning a `View?` (+1) costs.
enum TimedMethod {
    case hitTest, answer, naive, read
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
            case .read:
                for i in start..<end {
                    guard let view = window.indexedHitTest(points[i]) else { continue }
                    checksum &+= view.toOpaque().load(fromByteOffset: MemoryLayout<Int>.size, as: Int.self)
                }
            }
            let batch = nowNs() - t
            spent += batch
            batches.append(Double(batch) / Double(end - start))
            start = end
        }
        return spent
    }
}
