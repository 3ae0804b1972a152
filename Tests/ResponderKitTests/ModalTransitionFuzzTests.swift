import RecordingViews
import ResponderKitTesting
import SeededGenerators
import Testing

@testable import ResponderKit

/// Random sequences of animated and immediate presents and dismisses from random controllers,
/// frames at random times and taps, replayable from a seed: every completion runs at most once,
/// and once all frames have been drawn, each one has run unless its call was refused with a
/// diagnostic; the presentation links stay two-way, hit testing agrees with the reference
/// recursion and holds touches off exactly while a transition runs, and nothing stays mid-way.
@MainActor
@Suite("Modal transitions: random sequences")
struct ModalTransitionFuzzTests {
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomPresentsAndDismissesSettleCleanly(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let log = Log()
        let root = TransitionLoggingController("Root", log: log)
        let h = Harness(root: root, log: log)
        let pool = (0..<5).map { i in
            TransitionLoggingController("C\(i)", log: log, style: i % 2 == 0 ? .coverVertical : .crossDissolve)
        }
        let everyone = [root] + pool
        /// Completions run per call (a main-actor box: the completions escape into the
        /// transitions), and whether the call was refused.
        let completions = CompletionCounts()
        var refused: [Bool] = []
        var overlaps = 0

        @MainActor func call(_ body: @MainActor (_ completion: @escaping @MainActor () -> Void) -> Void) {
            let id = completions.runs.count
            completions.runs.append(0)
            let messages = collectDiagnostics { body { completions.runs[id] += 1 } }
            refused.append(messages.contains { $0.contains("refused") || $0.contains("not in a window") })
            overlaps += messages.filter { $0.contains("at once first") || $0.contains("joining") }.count
        }

        func checkInvariants(_ step: Int) {
            #expect(completions.runs.allSatisfy { $0 <= 1 }, "seed \(seed) step \(step): a completion ran twice")
            for c in everyone {
                if let p = c.presentedViewController { #expect(p.presentingViewController === c, "seed \(seed) step \(step)") }
                if let p = c.presentingViewController { #expect(p.presentedViewController === c, "seed \(seed) step \(step)") }
            }
            for _ in 0..<3 {
                let p = Point(x: Double(rng.int(0...399)), y: Double(rng.int(0...799)))
                let hit = h.window.hitTest(p, with: nil)
                #expect(hit === h.window.referenceHitTest(p, with: nil), "seed \(seed) step \(step)")
                if h.window.modalTransitionsRunning > 0 { #expect(hit == nil, "seed \(seed) step \(step): a touch got through") }
            }
        }

        for step in 0..<300 {
            switch rng.int(0...9) {
            case 0...2:
                let from = everyone[rng.int(0...everyone.count - 1)]
                let target = pool[rng.int(0...pool.count - 1)]
                let animated = rng.chance(0.7)
                call { done in from.present(target, animated: animated, completion: done) }
            case 3...4:
                let from = everyone[rng.int(0...everyone.count - 1)]
                let animated = rng.chance(0.7)
                call { done in from.dismiss(animated: animated, completion: done) }
            case 5...7:
                h.driver.advance(by: Double(rng.int(0...20)) / 60)
                h.app.animator.tick(now: h.driver.now)
            default:
                h.driver.tap(at: Point(x: Double(rng.int(0...399)), y: Double(rng.int(0...799))), in: h.window)
            }
            checkInvariants(step)
        }

        for _ in 0..<4 {
            h.driver.advance(by: 0.5)
            h.app.animator.tick(now: h.driver.now)
        }
        #expect(refused.contains(true) && refused.contains(false) && overlaps > 0, "seed \(seed) exercised too little")
        #expect(!h.app.animator.isRunning)
        #expect(h.window.modalTransitionsRunning == 0)
        for (id, count) in completions.runs.enumerated() {
            #expect(count == (refused[id] ? 0 : 1), "seed \(seed) call \(id): \(count) completions, refused: \(refused[id])")
        }
        for c in everyone {
            #expect(!c.isBeingPresented && !c.isBeingDismissed, "seed \(seed): \(c.name) stuck in a transition")
        }
        var shown: [TransitionLoggingController] = [root]
        while let next = shown.last!.presentedViewController as? TransitionLoggingController { shown.append(next) }
        for c in pool {
            let isShown = shown.contains { $0 === c }
            #expect(c.appearanceState == (isShown ? .appeared : .disappeared), "seed \(seed): \(c.name)")
            #expect((c.viewIfLoaded?.window === h.window) == isShown, "seed \(seed): \(c.name)")
        }
        #expect(h.window.hitTest(Point(x: 10, y: 10), with: nil) === shown.last!.view, "the top of the stack takes touches")
        #expect(h.driver.isClean)
    }
}

/// How many times each call's completion ran, shared with the completions themselves.
@MainActor
private final class CompletionCounts {
    var runs: [Int] = []
}
