/// An extra action an element offers the screen reader besides activation ("Archive", "Delete"),
/// UIKit's `UIAccessibilityCustomAction` with its closure initializer.
@MainActor
public final class AccessibilityCustomAction {
    /// What the reader speaks for the action.
    public var name: String
    /// Runs the action; returns whether it succeeded.
    public var actionHandler: @MainActor (AccessibilityCustomAction) -> Bool

    /// Makes an action named `name` that runs `actionHandler`.
    public init(name: String, actionHandler: @escaping @MainActor (AccessibilityCustomAction) -> Bool) {
        self.name = name
        self.actionHandler = actionHandler
    }

    /// Runs the handler.
    @discardableResult
    public func perform() -> Bool { actionHandler(self) }
}
