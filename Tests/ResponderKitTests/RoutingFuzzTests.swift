import ResponderKit
import RoutingFuzz
import Testing

/// A short run of the routing fuzzer inside the suite (`fuzz-routing` runs millions): hostile
/// input through `Application.handle` on the manual clock, handlers changing the world while it
/// is delivered, every invariant checked after every event, a clean end and no leak.
@MainActor
@Suite struct RoutingFuzzTests {
    @Test(arguments: [101, 202, 303] as [UInt64])
    func twentyThousandHostileEventsKeepEveryInvariant(seed: UInt64) {
        switch FuzzRun.fuzz(seed: seed, count: 20_000) {
        case let .success(stats):
            #expect(stats.events == 20_000)
            #expect(stats.diagnostics > 1_000, "the generator should produce plenty of bad input")
        case let .failure(failure):
            Issue.record("\(failure)")
        }
    }

    @Test func aSeedReplaysTheSameRun() {
        var a = FuzzEventGenerator(seed: 9), b = FuzzEventGenerator(seed: 9)
        let first = (0..<500).map { _ in a.next().description }
        #expect(first == (0..<500).map { _ in b.next().description })
        var c = FuzzEventGenerator(seed: 10)
        #expect(first != (0..<500).map { _ in c.next().description })
        guard case let .success(one) = FuzzRun.fuzz(seed: 9, count: 2_000),
            case let .success(two) = FuzzRun.fuzz(seed: 9, count: 2_000)
        else {
            Issue.record("seed 9 failed")
            return
        }
        #expect(one.diagnostics == two.diagnostics)
    }
}
