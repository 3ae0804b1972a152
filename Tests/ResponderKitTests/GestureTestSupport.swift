import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Fixtures for the gesture suites (Gesture*Tests.swift): a logging view to put recognizers on,
// recognizers whose actions log "Name.state" into the same `Log` as the views, so one ordered list
// shows what recognizers and views saw, Flutter-style.

@MainActor
extension Harness {
    /// A 200×200 "Pad" at (0, 0) of the window that logs its touches and keeps them (no super).
    func pad(_ name: String = "Pad", frame: Rect = Rect(0, 0, 200, 200), in parent: View? = nil) -> RecordingView {
        let view = RecordingView(name, frame: frame, log: log)
        view.forwards = false
        (parent ?? window).addSubview(view)
        return view
    }

    /// Finger 0 (or `id`) down or moving at (x, y) in window coordinates, one frame each.
    func down(_ x: Double, _ y: Double) { down(0, x, y) }
    func down(_ id: Int, _ x: Double, _ y: Double) { driver.touchDown(id, at: Point(x, y), in: window) }
    func move(_ x: Double, _ y: Double) { move(0, x, y) }
    func move(_ id: Int, _ x: Double, _ y: Double) { driver.touchMove(id, to: Point(x, y), in: window) }
    func up(_ id: Int = 0) { driver.touchUp(id, in: window) }
    func advance(_ seconds: Double) { driver.advance(by: seconds) }
}

/// Makes `recognizer` log each action as "name.state" (began, changed, ended, cancelled) and
/// names it for traces.
@MainActor
@discardableResult
func logActions<R: GestureRecognizer>(_ recognizer: R, _ name: String, _ log: Log) -> R {
    recognizer.name = name
    recognizer.addTarget(retained(ActionLogger(name, log)), action: "handle:")
    return recognizer
}

/// An action target that logs "name.state" for the recognizer that sent the action.
@MainActor
final class ActionLogger: ActionTarget {
    let name: String
    let log: Log
    init(_ name: String, _ log: Log) {
        self.name = name
        self.log = log
    }
    func responds(to action: Selector) -> Bool { action == "handle:" }
    func perform(_ action: Selector, with sender: Any?) -> Bool {
        guard let recognizer = sender as? GestureRecognizer else { return false }
        log.add("\(name).\(recognizer.state)")
        return true
    }
}

/// A delegate whose answers tests set per pair of recognizers.
@MainActor
final class RuleDelegate: GestureRecognizerDelegate {
    var simultaneous: [(GestureRecognizer, GestureRecognizer)] = []
    var requireFailure: [(GestureRecognizer, GestureRecognizer)] = []
    var beRequiredToFail: [(GestureRecognizer, GestureRecognizer)] = []
    var shouldBegin = true

    private func contains(_ pairs: [(GestureRecognizer, GestureRecognizer)], _ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        pairs.contains { $0.0 === a && $0.1 === b }
    }
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        contains(simultaneous, gestureRecognizer, other)
    }
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        contains(requireFailure, gestureRecognizer, other)
    }
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        contains(beRequiredToFail, gestureRecognizer, other)
    }
}

/// Collects the transitions `GestureTrace` reports while `body` runs.
@MainActor
func traceTransitions(_ body: () throws -> Void) rethrows -> [String] {
    let saved = GestureTrace.observer
    var lines: [String] = []
    GestureTrace.observer = { lines.append($0.description) }
    defer { GestureTrace.observer = saved }
    try body()
    return lines
}
