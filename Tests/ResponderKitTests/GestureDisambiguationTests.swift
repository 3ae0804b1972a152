import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// How recognizers decide between themselves: require(toFail:) as a dependency graph (a single
// tap waiting for a double; a chain of three; cycles refused; no stuck wait when the other's view
// goes away), failure requirements from subclasses and delegates (and a cycle they build at run
// time), simultaneous recognition, and UIKit's default exclusion with canPrevent/canBePrevented.

/// A pan that nobody can prevent.
@MainActor
final class UnpreventablePan: PanGestureRecognizer {
    override func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { false }
}

/// A tap that waits for any long press taking part to fail (the subclass form of the rule).
@MainActor
final class PatientTap: TapGestureRecognizer {
    override func shouldRequireFailure(of otherGestureRecognizer: GestureRecognizer) -> Bool {
        otherGestureRecognizer is LongPressGestureRecognizer
    }
}

@MainActor
@Suite("Gestures: disambiguation")
struct GestureDisambiguationTests {
    func taps(_ h: Harness, on pad: View, _ counts: [Int]) -> [TapGestureRecognizer] {
        let names = [1: "Single", 2: "Double", 3: "Triple"]
        return counts.map { count in
            let tap = logActions(TapGestureRecognizer(), names[count]!, h.log)
            tap.numberOfTapsRequired = count
            pad.addGestureRecognizer(tap)
            return tap
        }
    }

    /// The classic pair: a double tap fires the double only; a single tap fires the single once
    /// the double failed, 0.35 s after the tap (10 ms before: nothing yet). The view's touch is
    /// held meanwhile and cancelled when the single recognizes.
    @Test func singleWaitsForDouble() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let t = taps(h, on: pad, [1, 2])
        t[0].require(toFail: t[1])
        h.tap(10, 10)
        h.advance(0.1)
        h.tap(10, 10)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesBegan", "Double.ended", "Pad.touchesCancelled"])
        #expect(h.driver.isClean)
        h.log.clear()
        h.advance(1)
        h.tap(10, 10)
        #expect(t[0].stage == .waitingToRecognize && t[0].state == .possible)
        h.advance(0.34)
        #expect(h.log.entries == ["Pad.touchesBegan"])
        h.advance(0.01)
        #expect(h.log.entries == ["Pad.touchesBegan", "Single.ended", "Pad.touchesCancelled"])
        #expect(h.driver.isClean)
    }

    /// single → double → triple: each waits for the next to fail.
    @Test func chainOfThree() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let t = taps(h, on: pad, [1, 2, 3])
        t[0].require(toFail: t[1])
        t[1].require(toFail: t[2])
        func tapTimes(_ n: Int) {
            for i in 0..<n {
                if i > 0 { h.advance(0.1) }
                h.tap(10, 10)
            }
        }
        let lines = traceTransitions { tapTimes(3) }
        #expect(h.log.entries.filter { !$0.hasPrefix("Pad") } == ["Triple.ended"])
        #expect(lines.contains("Double possible → waiting to recognize"))
        #expect(lines.contains("Double waiting to recognize → failed"))
        #expect(h.driver.isClean)
        h.log.clear()
        h.advance(1)
        tapTimes(2)
        #expect(h.log.entries.filter { !$0.hasPrefix("Pad") }.isEmpty, "the double waits for the triple")
        h.advance(0.35)
        #expect(h.log.entries.filter { !$0.hasPrefix("Pad") } == ["Double.ended"])
        #expect(h.driver.isClean)
        h.log.clear()
        h.advance(1)
        tapTimes(1)
        h.advance(0.35)
        #expect(h.log.entries.filter { !$0.hasPrefix("Pad") } == ["Single.ended"])
        #expect(h.driver.isClean)
    }

    /// Requirements that would close a cycle, or name the recognizer itself, are refused with a
    /// diagnostic; the graph stays acyclic.
    @Test func cyclesAreRefused() {
        let a = TapGestureRecognizer(), b = TapGestureRecognizer(), c = TapGestureRecognizer()
        let messages = collectDiagnostics {
            a.require(toFail: b)
            b.require(toFail: c)
            c.require(toFail: a)
            a.require(toFail: a)
        }
        #expect(messages.count == 2)
        #expect(messages.allSatisfy { $0.contains("cycle") || $0.contains("itself") })
        #expect(a.requiresFailure(of: c) && !c.requiresFailure(of: a))
    }

    /// The recognizer waited for is on a view that leaves the window: it is abandoned and the
    /// waiting one proceeds at once, with no timer left behind.
    @Test func noStuckWaitWhenTheOthersViewGoesAway() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let single = logActions(TapGestureRecognizer(), "Single", h.log)
        h.window.addGestureRecognizer(single)
        let double = logActions(TapGestureRecognizer(), "Double", h.log)
        double.numberOfTapsRequired = 2
        pad.addGestureRecognizer(double)
        single.require(toFail: double)
        h.tap(10, 10)
        #expect(h.log.entries == ["Pad.touchesBegan"])
        pad.removeFromSuperview()
        #expect(h.log.entries == ["Pad.touchesBegan", "Single.ended", "Pad.touchesCancelled"])
        #expect(h.driver.isClean)
    }

    /// Failure requirements from a delegate (shouldRequireFailureOf from the waiting side,
    /// shouldBeRequiredToFailBy from the other) and from a subclass (shouldRequireFailure(of:))
    /// make a tap wait while a long press takes part; it goes ahead when the press fails at the
    /// lift. Without one, the tap wins at once and the press fails.
    @Test func dynamicRequirements() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let tap = logActions(TapGestureRecognizer(), "Tap", h.log)
        let long = logActions(LongPressGestureRecognizer(), "LongPress", h.log)
        pad.addGestureRecognizer(tap)
        pad.addGestureRecognizer(long)
        func quickTap() -> [String] {
            h.log.clear()
            h.advance(1)
            return traceTransitions { h.tap(10, 10) }
        }
        var lines = quickTap()
        #expect(!lines.contains("Tap possible → waiting to recognize"))
        #expect(lines.contains("LongPress possible → failed"))
        #expect(h.log.entries.filter { !$0.hasPrefix("Pad") } == ["Tap.ended"])
        let delegate = RuleDelegate()
        delegate.requireFailure = [(tap, long)]
        tap.delegate = delegate
        lines = quickTap()
        #expect(
            Array(lines.prefix(3)) == [
                "Tap possible → waiting to recognize", "LongPress possible → failed",
                "Tap waiting to recognize → ended"
            ])
        #expect(h.log.entries.filter { !$0.hasPrefix("Pad") } == ["Tap.ended"])
        tap.delegate = nil
        delegate.requireFailure = []
        delegate.beRequiredToFail = [(long, tap)]
        long.delegate = delegate
        lines = quickTap()
        #expect(lines.first == "Tap possible → waiting to recognize")
        #expect(h.log.entries.filter { !$0.hasPrefix("Pad") } == ["Tap.ended"])
        long.delegate = nil
        pad.removeGestureRecognizer(tap)
        let patient = logActions(PatientTap(), "Patient", h.log)
        pad.removeGestureRecognizer(long)
        pad.addGestureRecognizer(patient)
        pad.addGestureRecognizer(long)
        lines = quickTap()
        #expect(lines.first == "Patient possible → waiting to recognize")
        #expect(h.log.entries.filter { !$0.hasPrefix("Pad") } == ["Patient.ended"])
        // A press held long enough wins, and the waiting tap fails.
        h.log.clear()
        h.advance(1)
        h.down(10, 10)
        h.advance(0.5)
        h.up()
        #expect(h.log.entries.filter { !$0.hasPrefix("Pad") } == ["LongPress.began", "LongPress.ended"])
        #expect(h.driver.isClean)
    }

    /// Two delegates that make each recognizer wait for the other: reported once, and the second
    /// to ask goes ahead instead of both waiting forever.
    @Test func runTimeCycleThroughDelegates() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let a = logActions(TapGestureRecognizer(), "A", h.log)
        let b = logActions(TapGestureRecognizer(), "B", h.log)
        let delegate = RuleDelegate()
        delegate.requireFailure = [(a, b), (b, a)]
        a.delegate = delegate
        b.delegate = delegate
        pad.addGestureRecognizer(a)
        pad.addGestureRecognizer(b)
        let messages = collectDiagnostics { h.tap(10, 10) }
        #expect(messages.count == 1 && messages[0].contains("wait for the other"))
        #expect(h.log.entries.filter { !$0.hasPrefix("Pad") } == ["B.ended"])
        #expect(h.driver.isClean)
    }

    /// Default exclusion: the inner pan begins first and the outer fails; with simultaneous
    /// recognition allowed both pan; a recognizer that cannot be prevented pans regardless.
    @Test func exclusionAndSimultaneity() {
        let h = Harness(log: Log())
        let outer = h.pad("Outer", frame: Rect(0, 0, 300, 300))
        let inner = h.pad("Inner", frame: Rect(0, 0, 100, 100), in: outer)
        let innerPan = logActions(PanGestureRecognizer(), "InnerPan", h.log)
        let outerPan = logActions(PanGestureRecognizer(), "OuterPan", h.log)
        inner.addGestureRecognizer(innerPan)
        outer.addGestureRecognizer(outerPan)
        h.down(10, 10)
        h.move(40, 10)
        #expect(innerPan.state == .began && outerPan.state == .failed)
        h.up()
        let delegate = RuleDelegate()
        delegate.simultaneous = [(outerPan, innerPan)]
        outerPan.delegate = delegate
        h.advance(1)
        h.down(10, 10)
        h.move(40, 10)
        #expect(innerPan.state == .began && outerPan.state == .began)
        h.up()
        outerPan.delegate = nil
        outer.removeGestureRecognizer(outerPan)
        let stubborn = logActions(UnpreventablePan(), "Stubborn", h.log)
        outer.addGestureRecognizer(stubborn)
        h.advance(1)
        h.down(10, 10)
        h.move(40, 10)
        #expect(innerPan.state == .began && stubborn.state == .began)
        h.up()
        #expect(h.driver.isClean)
    }

    /// Two fingers on two views, each with its own pan: they share no touch, so both pan.
    @Test func separateTouchesDoNotExclude() {
        let h = Harness(log: Log())
        let left = h.pad("Left", frame: Rect(0, 0, 150, 300))
        let right = h.pad("Right", frame: Rect(200, 0, 150, 300))
        let leftPan = PanGestureRecognizer(), rightPan = PanGestureRecognizer()
        left.addGestureRecognizer(leftPan)
        right.addGestureRecognizer(rightPan)
        h.down(0, 10, 10)
        h.down(1, 210, 10)
        h.move(0, 10, 60)
        h.move(1, 210, 60)
        #expect(leftPan.state == .changed || leftPan.state == .began)
        #expect(rightPan.state == .began)
        h.up(0)
        h.up(1)
        #expect(h.driver.isClean)
    }
}
