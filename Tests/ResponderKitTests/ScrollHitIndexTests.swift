import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Issue 9, scrolling and hit testing: a scroll changes only `bounds.origin`, so the hit index
/// is neither rebuilt nor updated per step (the scroll view roots its own space after its first
/// scroll), and every hit after scrolling is the reference recursion's.
@MainActor
@Suite("ScrollView: hit testing while scrolling")
struct ScrollHitIndexTests {
    /// 10,000 rows with a button each: 200 scroll steps rebuild nothing and touch no entry;
    /// hits at sampled points equal `referenceHitTest` (every tenth step, and on a grid at the end).
    @Test func scrollStepsDoNotRebuildTheIndex() {
        let s = ScrollStage()
        s.scroll.showsVerticalScrollIndicator = false
        _ = addRows(10_000, to: s.scroll, log: s.log, buttons: true)
        s.scroll.contentOffset = Point(x: 0, y: 1)
        _ = s.window.hitTest(Point(x: 100, y: 100), with: nil)
        let builds = HitIndex.fullBuilds, updates = HitIndex.memberUpdates
        var mismatches = 0
        for step in 1...200 {
            s.scroll.contentOffset = Point(x: 0, y: 1 + Double(step) * 37.3)
            // The recursion visits all 10,000 rows per hit: compared on every tenth step.
            guard step % 10 == 0 else { continue }
            for p in [Point(x: 10, y: 5), Point(x: 150, y: 20), Point(x: 190, y: 150), Point(x: 60, y: 299), Point(x: 199.9, y: 0)] {
                if s.window.hitTest(p, with: nil) !== s.window.referenceHitTest(p, with: nil) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        #expect(HitIndex.fullBuilds == builds, "full builds: \(HitIndex.fullBuilds - builds)")
        #expect(HitIndex.memberUpdates == updates, "member updates: \(HitIndex.memberUpdates - updates)")
        #expect(s.hitTestsMatchReference(step: 23))
        #expect(s.driver.isClean)
    }

    /// While dragging, the indicator moves too: at most one entry update per step, no rebuild,
    /// and the indicator is never hit.
    @Test func dragMovesOnlyTheIndicator() {
        let s = ScrollStage()
        _ = addRows(2_000, to: s.scroll, log: s.log, buttons: true)
        s.scroll.contentOffset = Point(x: 0, y: 1)
        s.down(100, 280)
        s.move(100, 260)
        _ = s.window.hitTest(Point(x: 100, y: 100), with: nil)
        let builds = HitIndex.fullBuilds, updates = HitIndex.memberUpdates
        for i in 1...50 {
            s.move(100, 260 - Double(i) * 5)
            let indicator = s.scroll.verticalIndicator!
            let onIndicator = indicator.convert(Point(x: 1.5, y: 10), to: nil)
            #expect(s.window.hitTest(onIndicator, with: nil) !== indicator)
            #expect(s.window.hitTest(onIndicator, with: nil) === s.window.referenceHitTest(onIndicator, with: nil))
        }
        #expect(HitIndex.fullBuilds == builds)
        #expect(HitIndex.memberUpdates - updates <= 50, "member updates: \(HitIndex.memberUpdates - updates)")
        s.up()
        s.settle()
        #expect(s.hitTestsMatchReference(step: 9))
        #expect(s.driver.isClean)
    }
}
