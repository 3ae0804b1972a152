import SeededGenerators

/// What one dependent random read costs on this machine now: a pointer chase through a random
/// cycle over every 64-byte line of a working set, each read's address in the line read before it.
///
/// Why: a cold hit test is a few such reads in a row (a grid cell, then the line holding the
/// answering item), and on a shared VM their latency moves between processes by half or more. With
/// the chase measured just before each shape, the shape's median reads as a count of those latencies
/// (`answer p50 / the chase`), which compares across runs and machines where nanoseconds do not.
struct MemoryLatency {
    /// The working sets: 2 MB, within what this VM's caches hold (dependent reads there took
    /// 9–18 ns up to 3 MB, 92 ns at 4 MB); 8 MB, about twice what wide-37k's queries touch (4.4 MB:
    /// its cells and items); and 128 MB, well beyond any cache (main memory).
    static let sizes = [2 << 20, 8 << 20, 128 << 20]

    /// The index of the 8 MB working set in `sizes`, the read a shape's answer is counted in.
    static let reference = 1

    /// Nanoseconds per dependent read over each of `sizes`, in order.
    let nanoseconds: [Double]

    /// Chases each working set: one warm-up lap of the cycle (the pages are touched, the lines
    /// not cached beyond what fits), then `reads` timed reads, three times; the median.
    /// - Complexity: O(size / 64 + reads) per working set; about 0.4 s for the three here.
    static func measure(reads: Int = 1 << 20) -> MemoryLatency {
        MemoryLatency(nanoseconds: sizes.map { chase(bytes: $0, reads: reads) })
    }

    private static func chase(bytes: Int, reads: Int) -> Double {
        let lines = bytes / 64
        let base = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { base.deallocate() }
        // Sattolo's shuffle: one cycle through every line, in random order.
        var order = Array(0..<lines)
        var rng = SplitMix64(state: 0x5eed)
        for i in stride(from: lines - 1, to: 0, by: -1) {
            let j = Int(rng.next() % UInt64(i))
            order.swapAt(i, j)
        }
        for k in 0..<lines {
            let next = base + order[(k + 1) % lines] * 64
            (base + order[k] * 64).storeBytes(of: UnsafeRawPointer(next), as: UnsafeRawPointer.self)
        }
        var p = UnsafeRawPointer(base + order[0] * 64)
        for _ in 0..<lines { p = p.load(as: UnsafeRawPointer.self) }
        var rounds: [Double] = []
        for _ in 0..<3 {
            let t = nowNs()
            for _ in 0..<reads { p = p.load(as: UnsafeRawPointer.self) }
            rounds.append(Double(nowNs() - t) / Double(reads))
        }
        blackHole(p)
        return Distribution(rounds).median
    }

    /// "2 MB 17.9 ns, 8 MB 95.2 ns, 128 MB 131.0 ns".
    var description: String {
        zip(Self.sizes, nanoseconds).map { "\($0 >> 20) MB \(formatNumber($1)) ns" }.joined(separator: ", ")
    }
}
