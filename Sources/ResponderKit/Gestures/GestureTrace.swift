/// An observer of recognizer stage transitions, for tools and debugging ("Pan possible → began",
/// "Tap possible → waiting to recognize", "Tap waiting to recognize → ended"). Like `ChainTrace`,
/// it costs one nil check per transition when nobody listens.
@MainActor
public enum GestureTrace {
    @MainActor
    public struct Transition: @MainActor CustomStringConvertible {
        public let recognizer: GestureRecognizer
        public let from: GestureStage
        public let to: GestureStage
        /// "Pan possible → began": the recognizer's `debugName`, or its type without "GestureRecognizer".
        public var description: String { "\(recognizer.displayName) \(from) → \(to)" }
    }

    public static var observer: (@MainActor (Transition) -> Void)?

    /// Installs an observer that prints every transition to standard error.
    public static func printTransitions() {
        observer = { transition in
            var err = StandardError()
            print("ResponderKit: \(transition)", to: &err)
        }
    }
}
