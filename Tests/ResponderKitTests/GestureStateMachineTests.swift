import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// API.md "Gestures and controls": the recognizer state machine (possible → began/changed/ended/
// cancelled for continuous, recognized (= ended) for discrete, failed), one transition function
// over an explicit table with illegal changes reported (never a trap), transitions logged through
// GestureTrace, reset() once finished and the touches are gone, targets, the closure initializer,
// location and numberOfTouches.

/// A recognizer whose hooks set whatever state the test scripts.
@MainActor
final class ScriptedRecognizer: GestureRecognizer {
    var onBegan: [State] = []
    var onMoved: [State] = []
    var onEnded: [State] = []
    var resets = 0
    var ignoreSecondTouch = false
    var movedTouches: [Int] = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if ignoreSecondTouch {
            for touch in touches where touch.identifier.slot == 1 { ignore(touch, for: event) }
        }
        for s in onBegan { state = s }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        movedTouches.append(contentsOf: touches.map(\.identifier.slot).sorted())
        for s in onMoved { state = s }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        for s in onEnded { state = s }
    }
    override func reset() { resets += 1 }
}

@MainActor
@Suite("Gestures: the state machine")
struct GestureStateMachineTests {
    /// The table lists exactly UIKit's moves plus waiting on failure requirements and the reset;
    /// `isLegal` answers from it for every pair.
    @Test func transitionTable() {
        let table = GestureStage.legalTransitions
        #expect(table.count == 19)
        for from in GestureStage.allCases {
            for to in GestureStage.allCases {
                let listed = table.contains { $0.from == from && $0.to == to }
                #expect(GestureStage.isLegal(from: from, to: to) == listed, "\(from) → \(to)")
            }
        }
        #expect(GestureStage.isLegal(from: .possible, to: .ended), "discrete recognition")
        #expect(!GestureStage.isLegal(from: .began, to: .failed))
        #expect(!GestureStage.isLegal(from: .possible, to: .changed))
        #expect(!GestureStage.isLegal(from: .ended, to: .began), "only a reset leaves a finished stage")
        #expect(!GestureStage.isLegal(from: .possible, to: .cancelled))
    }

    /// An illegal request from a subclass is reported and ignored; nothing traps and the view keeps
    /// its touch.
    @Test func illegalRequestsAreReportedNotTrapped() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let r = ScriptedRecognizer()
        r.onBegan = [.changed]  // possible → changed: illegal
        r.onMoved = [.began, .began]  // began twice: the second is illegal
        pad.addGestureRecognizer(r)
        let messages = collectDiagnostics {
            h.down(10, 10)
            #expect(r.state == .possible)
            h.move(20, 10)
            #expect(r.state == .began)
        }
        #expect(messages.count == 2)
        #expect(messages.allSatisfy { $0.contains("not a legal transition") })
        r.onEnded = [.ended]
        h.up()
        #expect(r.state == .possible, "the ended request is legal from began; then it reset")
        #expect(r.resets == 1)
        #expect(h.driver.isClean)
    }

    /// Every stage change is reported to GestureTrace as "Name from → to", the reset included.
    @Test func transitionsAreLogged() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let pan = PanGestureRecognizer()
        pan.name = "Pan"
        pad.addGestureRecognizer(pan)
        let lines = traceTransitions {
            h.down(10, 10)
            h.move(30, 10)
            h.move(40, 10)
            h.up()
        }
        #expect(lines == ["Pan possible → began", "Pan began → changed", "Pan changed → ended", "Pan ended → possible"])
        #expect(h.driver.isClean)
    }

    /// Targets and handlers fire on began, changed, ended and cancelled, never on failed;
    /// removeTarget stops one target; reset() runs once the touches are gone, not before.
    @Test func targetsHandlersAndReset() {
        let h = Harness(log: Log())
        let pad = h.pad()
        var handled: [GestureRecognizer.State] = []
        let r = ScriptedRecognizer(handler: { handled.append($0.state) })
        r.onMoved = [.began]
        let kept = ActionRecorder(handles: ["moved:"])
        let removed = ActionRecorder(handles: ["moved:"])
        r.addTarget(kept, action: "moved:")
        r.addTarget(removed, action: "moved:")
        r.removeTarget(removed, action: "moved:")
        pad.addGestureRecognizer(r)
        h.down(10, 10)
        h.move(20, 10)
        r.onMoved = [.changed]
        h.move(30, 10)
        r.onEnded = [.ended]
        h.up()
        #expect(handled == [.began, .changed, .ended])
        #expect(kept.received.count == 3)
        #expect(kept.senders.allSatisfy { ($0 as? GestureRecognizer) === r })
        #expect(removed.received.isEmpty)
        #expect(r.resets == 1)
        // A failing gesture fires nothing, and resets too.
        r.onMoved = [.failed]
        r.onEnded = []
        h.advance(1)
        h.down(10, 10)
        h.move(20, 10)
        #expect(r.state == .failed)
        #expect(r.resets == 1, "not reset while its touch is down")
        h.up()
        #expect(r.resets == 2)
        #expect(handled == [.began, .changed, .ended])
        #expect(h.driver.isClean)
    }

    /// stateLog records the states since the last reset, in order.
    @Test func stateLogFollowsTheGesture() {
        let h = Harness(log: Log())
        let pad = h.pad()
        let pan = PanGestureRecognizer()
        pad.addGestureRecognizer(pan)
        h.down(10, 10)
        h.move(30, 10)
        h.move(35, 10)
        #expect(pan.stateLog == [.began, .changed])
        h.up()
        #expect(pan.stateLog.isEmpty, "cleared by the reset")
        #expect(h.driver.isClean)
    }

    /// location(in:), location(ofTouch:in:) and numberOfTouches; an out-of-range touch index is a
    /// diagnostic and .zero, not a trap; view is the view it was added to.
    @Test func locationsAndCounts() {
        let h = Harness(log: Log())
        let pad = h.pad(frame: Rect(100, 100, 200, 200))
        pad.isMultipleTouchEnabled = true
        let r = ScriptedRecognizer()
        pad.addGestureRecognizer(r)
        #expect(r.view === pad)
        h.driver.frame(in: h.window) {
            $0.down(0, at: Point(110, 120)); $0.down(1, at: Point(130, 140))
        }
        #expect(r.numberOfTouches == 2)
        #expect(r.location(in: pad) == Point(20, 30))
        #expect(r.location(in: nil) == Point(120, 130))
        #expect(r.location(ofTouch: 1, in: pad) == Point(30, 40))
        let messages = collectDiagnostics { #expect(r.location(ofTouch: 5, in: pad) == .zero) }
        #expect(messages.count == 1)
        h.up(0)
        #expect(r.numberOfTouches == 1)
        h.up(1)
        #expect(r.numberOfTouches == 0)
        #expect(h.driver.isClean)
    }

    /// ignore(_:for:) stops a touch reaching the recognizer; the view still gets it.
    @Test func ignoredTouchesNoLongerReachTheRecognizer() {
        let h = Harness(log: Log())
        let pad = h.pad()
        pad.isMultipleTouchEnabled = true
        let r = ScriptedRecognizer()
        r.ignoreSecondTouch = true
        pad.addGestureRecognizer(r)
        h.driver.frame(in: h.window) {
            $0.down(0, at: Point(10, 10)); $0.down(1, at: Point(50, 50))
        }
        h.driver.frame(in: h.window) {
            $0.move(0, to: Point(12, 10)); $0.move(1, to: Point(52, 50))
        }
        #expect(r.movedTouches == [0])
        #expect(r.numberOfTouches == 1)
        #expect(pad.lastTouches.count == 2, "the view gets both moves")
        h.driver.cancelTouches(in: h.window)
        #expect(h.driver.isClean)
    }

    /// A recognizer not in a window has nobody to arbitrate with: a state set on it applies at
    /// once (and it starts over).
    @Test func recognizerOutsideAWindow() {
        var handled: [GestureRecognizer.State] = []
        let tap = TapGestureRecognizer(handler: { handled.append($0.state) })
        tap.state = .ended
        #expect(handled == [.ended])
        #expect(tap.state == .possible)
    }
}
