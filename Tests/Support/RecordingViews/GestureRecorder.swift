import ResponderKit

/// The action target of one recognizer that records each action it sends: the state, and a value
/// read from the recognizer at that moment (scale, rotation, translation…), so the backends'
/// device tests can assert what a real gesture made of it. Holds itself on the recognizer
/// (`addTarget` keeps targets weakly): keep the recorder as long as the test looks at it.
@MainActor
public final class GestureRecorder: ActionTarget {
    public private(set) var states: [GestureRecognizer.State] = []
    /// `read(recognizer)` at each action.
    public private(set) var values: [Double] = []
    /// Called at each action after recording (to note what else happened at that moment).
    public var onAction: (@MainActor (GestureRecognizer) -> Void)?
    private let read: @MainActor (GestureRecognizer) -> Double

    public init(_ recognizer: GestureRecognizer, read: @escaping @MainActor (GestureRecognizer) -> Double = { _ in 0 }) {
        self.read = read
        recognizer.addTarget(self, action: "record:")
    }

    /// The states as words ("began", "changed", …).
    public var log: [String] { states.map(\.description) }
    /// The states with consecutive `changed` collapsed into one, for exact comparisons of
    /// streams whose update count depends on timing.
    public var phases: [String] {
        var out: [String] = []
        for state in log where !(state == "changed" && out.last == "changed") { out.append(state) }
        return out
    }

    public func responds(to action: Selector) -> Bool { action == "record:" }

    public func perform(_ action: Selector, with sender: Any?) -> Bool {
        guard let recognizer = sender as? GestureRecognizer else { return false }
        states.append(recognizer.state)
        values.append(read(recognizer))
        onAction?(recognizer)
        return true
    }
}
