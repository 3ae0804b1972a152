/// One button a swipe reveals on a row (UIKit's `UIContextualAction`).
///
/// The handler gets the action, the button that shows it, and a completion to call once done:
/// `true` when the action happened (a destructive one has deleted its row by then), `false` to
/// close the row as it was.
@MainActor
public final class ContextualAction {
    /// How the action looks and what a full swipe means for it.
    public enum Style: Sendable {
        /// A gray button.
        case normal
        /// A red button for an action that removes the row.
        case destructive
    }

    /// What the action does: the action, the view that shows it, and the completion to call.
    public typealias Handler = @MainActor (ContextualAction, View, @escaping @MainActor (Bool) -> Void) -> Void

    /// The style given at creation.
    public let style: Style
    /// The button's title.
    public var title: String?
    /// The button's color (red for destructive actions, gray for normal ones, unless set).
    public var backgroundColor: Color
    /// Runs when the button is tapped, or on a full swipe for the first action.
    public let handler: Handler

    /// An action with a title and a handler (UIKit's `init(style:title:handler:)`).
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : .systemGray
    }
}

/// The actions a swipe reveals on one side of a row (UIKit's `UISwipeActionsConfiguration`):
/// the first action is the outermost button, the one a full swipe performs.
@MainActor
public final class SwipeActionsConfiguration {
    /// The actions, first the one nearest the edge the swipe comes from.
    public let actions: [ContextualAction]
    /// Whether a swipe across most of the row performs the first action. Default true.
    public var performsFirstActionWithFullSwipe = true

    /// The configuration of `actions`.
    public init(actions: [ContextualAction]) { self.actions = actions }
}
