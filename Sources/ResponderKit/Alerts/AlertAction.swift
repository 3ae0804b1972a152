/// A button of an `AlertController` (UIKit's `UIAlertAction`): a title, a style that says where
/// and how it is drawn, and a handler that runs once the alert has been dismissed.
///
/// ```swift
/// let alert = AlertController(title: "Delete visitor?", message: nil, preferredStyle: .alert)
/// alert.addAction(AlertAction(title: "Cancel", style: .cancel))
/// alert.addAction(AlertAction(title: "Delete", style: .destructive) { _ in list.removeSelected() })
/// present(alert, animated: true)
/// ```
@MainActor
public final class AlertAction {
    /// How an action looks and where the alert places it (UIKit's `UIAlertAction.Style`).
    public enum Style: Sendable, Hashable {
        /// An ordinary choice, drawn in the tint colour.
        case `default`
        /// Leaves things as they were: drawn semibold, placed where UIKit places it (left of two
        /// side-by-side buttons, last in a column, apart at the bottom of an action sheet), and
        /// run by Escape. An alert has at most one.
        case cancel
        /// Destroys or changes data: drawn in red.
        case destructive
    }

    /// The button's title.
    public let title: String?
    /// How the button looks and where it goes.
    public let style: Style
    /// A disabled action is drawn grey and neither a tap nor a key runs it (UIKit's
    /// `isEnabled`); an alert on screen redraws its button when this changes.
    public var isEnabled = true { didSet { if oldValue != isEnabled { onEnabledChange?() } } }
    /// What runs after the alert was dismissed by this action; it receives the action.
    let handler: (@MainActor (AlertAction) -> Void)?
    /// Set by the alert that shows the action, to redraw its button.
    var onEnabledChange: (@MainActor () -> Void)?

    /// Makes an action (UIKit's `UIAlertAction(title:style:handler:)`).
    public init(title: String?, style: Style, handler: (@MainActor (AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
