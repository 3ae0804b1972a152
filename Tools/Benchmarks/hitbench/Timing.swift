import CMallocCounter
import Glibc

/// Monotonic nanoseconds (`clock_gettime(CLOCK_MONOTONIC)`, ~20–40 ns a call: always time batches).
@inline(__always)
func nowNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// Heap allocations made by this thread so far (the malloc-interposing `CMallocCounter` target).
@inline(__always)
func allocationsSoFar() -> UInt64 { mc_thread_allocs() }

/// Keeps a value alive for the optimizer.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// Order statistics of a sample.
struct Distribution {
    let sorted: [Double]
    init(_ values: [Double]) { sorted = values.sorted() }
    func quantile(_ q: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let index = min(sorted.count - 1, max(0, Int((q * Double(sorted.count - 1)).rounded())))
        return sorted[index]
    }
    var median: Double { quantile(0.5) }
    var p99: Double { quantile(0.99) }
}

func formatNumber(_ v: Double, decimals: Int = 1) -> String {
    guard v.isFinite else { return "n/a" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let r = (v * scale).rounded() / scale
    if decimals == 0 { return String(Int64(r)) }
    var s = String(r)
    if let dot = s.firstIndex(of: ".") {
        let fraction = s[s.index(after: dot)...]
        if fraction.count < decimals { s += String(repeating: "0", count: decimals - fraction.count) }
    }
    return s
}
