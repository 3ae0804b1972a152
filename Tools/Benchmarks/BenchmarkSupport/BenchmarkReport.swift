#if canImport(Glibc)
import Glibc
#endif

/// Writes "`tool`: `message`" to standard error and exits with status 1.
public func benchmarkFailure(_ tool: String, _ message: String) -> Never {
    let line = "\(tool): \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(1)
}

/// The sample at fraction `p` (0…1) of `sorted` (ascending, not empty): the nearest-rank percentile.
public func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

/// `value` rounded to one decimal, as the benchmarks print figures.
public func oneDecimal(_ value: Double) -> String { String((value * 10).rounded() / 10) }

/// The 1-minute load average from `/proc/loadavg` ("?" when unreadable): printed next to every
/// figure, since the machine may be shared.
public func oneMinuteLoad() -> String {
    guard let file = fopen("/proc/loadavg", "r") else { return "?" }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 64)
    guard fgets(&buffer, 64, file) != nil else { return "?" }
    return String(cString: buffer).split(separator: " ").first.map(String.init) ?? "?"
}
