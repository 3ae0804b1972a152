@_spi(Diagnostics) import ResponderKit
import SeededGenerators

/// The rules checked after every event (and at the end of a run) — see `FuzzRun`.
@MainActor
enum FuzzInvariants {
    /// The touch ledger, the recognizers and the hit index, after one event. Nil when they hold.
    static func check(_ world: FuzzWorld, _ rng: inout SplitMix64) -> FuzzFailure.Kind? {
        if let violation = world.ledger.violation { return .touchLifecycle(violation) }
        for recognizer in world.recognizers {
            let gone = recognizer.trackedTouches.filter { $0.phase == .ended || $0.phase == .cancelled }
            if !gone.isEmpty {
                return .recognizer("\(type(of: recognizer)) still tracks \(gone.count) finished touch(es) in state \(recognizer.state)")
            }
            // A recognizer that also follows a touchpad or scroll stream waits for that stream to
            // end before it resets, as it waits for its touches.
            if recognizer.trackedTouches.isEmpty, !recognizer.isFollowingIndirectInput, recognizer.stage != .possible,
                !isWaitingOnAnUndecidedRecognizer(recognizer, in: world)
            {
                return .recognizer(
                    "\(type(of: recognizer)) is stuck in stage \(recognizer.stage) with no touches"
                        + (recognizer.view == nil ? " (removed from its view)" : ""))
            }
        }
        for window in world.windowsEverMade {
            for _ in 0..<3 {
                let p = Point(x: rng.unit() * 440 - 20, y: rng.unit() * 340 - 20)
                let indexed = window.hitTest(p, with: nil)
                let reference = window.referenceHitTest(p, with: nil)
                if indexed !== reference {
                    return .hitIndex("at \(p) the index answers \(describe(indexed)), the reference \(describe(reference))")
                }
            }
        }
        return nil
    }

    /// A recognizer whose touches are gone may still wait (`waitingToRecognize`/`waitingToBegin`)
    /// for a recognizer it requires to fail that is itself still deciding — a single tap waiting
    /// out a double tap's timer. Anything else without touches must be back at `possible`.
    static func isWaitingOnAnUndecidedRecognizer(_ recognizer: GestureRecognizer, in world: FuzzWorld) -> Bool {
        guard recognizer.stage == .waitingToRecognize || recognizer.stage == .waitingToBegin else { return false }
        return world.requiredToFail(by: recognizer).contains { other in
            other.stage == .possible || other.stage == .waitingToBegin || other.stage == .waitingToRecognize
                || other.stage == .began || other.stage == .changed
        }
    }

    /// After every slot, key and button input used was released properly and every timer had
    /// time to fire: nothing may be open, and every recognizer is back at `possible`.
    static func checkClean(_ world: FuzzWorld) -> FuzzFailure.Kind? {
        for recognizer in world.recognizers where recognizer.stage != .possible {
            return .recognizer(
                "\(type(of: recognizer)) is stuck in stage \(recognizer.stage) at the end, with \(recognizer.trackedTouches.count) touch(es)"
                    + (recognizer.view == nil ? " (removed from its view)" : ""))
        }
        if world.ledger.openTouches > 0 { return .notClean("\(world.ledger.openTouches) touch(es) began on a view and never ended there") }
        if world.application.hasOpenInput { return .notClean("the application still has open touches, presses or buttons") }
        if !world.driver.isClean { return .notClean("a timer is still pending") }
        return check(world, &dummy)
    }

    private static var dummy = SplitMix64(seed: 0)

    static func describe(_ view: View?) -> String {
        guard let view else { return "nil" }
        return "\(type(of: view)) \(view.frame)"
    }
}
