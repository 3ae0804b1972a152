/// An observer of recognizer stage transitions, for tools and debugging ("Pan possible → began",
/// "Tap possible → waiting to recognize", "Tap waiting to recognize → ended"). Like `ChainTrace`,
/// it costs one nil check per transition when nobody listens.
@MainActor
public enum GestureTrace {
    /// One stage change of one recognizer.
    @MainActor
    public struct Transition: @MainActor CustomStringConvertible {
        /// The recognizer that changed.
        public let recognizer: GestureRecognizer
        /// The stage it left.
        public let from: GestureStage
        /// The stage it entered.
        public let to: GestureStage
        /// "Pan possible → began": the recognizer's `name`, or its type without "GestureRecognizer".
        public var description: String { "\(recognizer.displayName) \(from) → \(to)" }
    }

    /// Called with every transition; nil (the default) costs one check per transition.
    public static var observer: (@MainActor (Transition) -> Void)?

    /// Installs an observer that prints every transition to standard error.
    public static func printTransitions() {
        observer = { transition in
            var err = StandardError()
            print("ResponderKit: \(transition)", to: &err)
        }
    }
}
