import FoundationEssentials

/// A row's trailing swipe actions for the screen reader, as UIKit offers them: while the buttons
/// are hidden (the row closed, `swipeActionsView` hidden, so the reader skips them) each action is
/// a custom action of the cell, which the reader's vertical swipes choose and its double-tap runs.
extension TableViewCell {
    /// The delegate's trailing swipe actions for this cell's row as custom actions; nil when the
    /// row is open (its buttons are read instead), not in a table, or has none.
    /// - Complexity: O(actions) plus the delegate's call.
    var swipeActionsForAccessibility: [AccessibilityCustomAction]? {
        guard swipeActionsView.isHidden, let table = tableView, let indexPath = table.indexPath(for: self),
            let configuration = table.tableDelegate?.tableView(table, trailingSwipeActionsConfigurationForRowAt: indexPath),
            !configuration.actions.isEmpty
        else { return nil }
        return configuration.actions.map { action in
            AccessibilityCustomAction(name: action.title ?? "") { [weak self] _ in
                guard let self else { return false }
                action.handler(action, self) { _ in }
                return true
            }
        }
    }
}
