import CMallocCounter
import Testing

@testable import ResponderKit

/// Rebuilding an index gives back every byte it took: allocations minus frees over many rebuilds
/// stay flat (LeakSanitizer found a one-cell grid lost at every rebuild).
@MainActor
@Suite(.enabled(if: mc_available() != 0, "a sanitizer owns malloc in this build, so allocations are not counted"))
struct IndexMemoryTests {
    @Test func rebuildingTheIndexKeepsNoMemory() {
        let (window, _) = RandomTrees.make(seed: 21, size: 200)
        window.buildHitIndex()
        window.discardHitIndex()
        window.buildHitIndex()
        let kept0 = mc_thread_allocs() &- mc_thread_frees()
        for _ in 0..<200 {
            window.discardHitIndex()
            window.buildHitIndex()
        }
        let kept = Int64(bitPattern: (mc_thread_allocs() &- mc_thread_frees()) &- kept0)
        #expect(kept < 20, "200 rebuilds kept \(kept) allocations")
    }
}
