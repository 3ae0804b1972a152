import Glibc
import ResponderKit
import RoutingFuzz

/// fuzz-routing: hostile input and a world that changes under it, against the routing core.
///
///     fuzz-routing [--seed N] [--seeds K] [--events M] [--no-minimize]
///
/// Runs M events (default 1,000,000) for each of K seeds starting at N (defaults 1 and 1), checking
/// the invariants of `FuzzRun` after every event. Reproducible: the same seed and event count
/// replay the same run. A failure prints the seed and a minimized event sequence and exits 1; bad
/// arguments exit 2.
struct StandardError: TextOutputStream {
    /// Writes all of `string`'s bytes (a key's characters may hold NUL, which `strlen` would stop at).
    mutating func write(_ string: String) {
        var text = string
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

@MainActor
func fuzzRouting(_ arguments: [String]) -> Int32 {
    var err = StandardError()
    var seed: UInt64 = 1, seeds = 1, events = 1_000_000, minimize = true
    var i = 0
    func value(_ name: String) -> String? {
        guard i + 1 < arguments.count else { print("fuzz-routing: \(name) needs a value", to: &err); return nil }
        i += 1
        return arguments[i]
    }
    while i < arguments.count {
        switch arguments[i] {
        case "--seed":
            guard let text = value("--seed"), let n = UInt64(text) else { print("fuzz-routing: --seed needs a non-negative integer", to: &err); return 2 }
            seed = n
        case "--seeds":
            guard let text = value("--seeds"), let n = Int(text), n > 0 else { print("fuzz-routing: --seeds needs a positive integer", to: &err); return 2 }
            seeds = n
        case "--events":
            guard let text = value("--events"), let n = Int(text), n > 0 else { print("fuzz-routing: --events needs a positive integer", to: &err); return 2 }
            events = n
        case "--no-minimize": minimize = false
        case "-h", "--help":
            print("usage: fuzz-routing [--seed N] [--seeds K] [--events M] [--no-minimize]")
            return 0
        default:
            print("fuzz-routing: unknown argument \(arguments[i]) (usage: fuzz-routing [--seed N] [--seeds K] [--events M] [--no-minimize])", to: &err)
            return 2
        }
        i += 1
    }
    for s in seed..<(seed + UInt64(seeds)) {
        let start = MonotonicClock().now
        switch FuzzRun.fuzz(seed: s, count: events, minimize: minimize) {
        case let .success(stats):
            let seconds = MonotonicClock().now - start
            print(
                "seed \(s): \(stats.events) events, every invariant held (\(stats.diagnostics) inputs dropped with a diagnostic), \(Int(Double(stats.events) / max(seconds, 1e-9))) events/s"
            )
        case let .failure(failure):
            print(failure, to: &err)
            return 1
        }
    }
    return 0
}

exit(MainActor.assumeIsolated { fuzzRouting(Array(CommandLine.arguments.dropFirst())) })
