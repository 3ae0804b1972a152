import FoundationEssentials

/// What a table tells and asks its delegate (UIKit's `UITableViewDelegate`, which is also the
/// scroll view's delegate: set `tableView.delegate`). Every method has a default, as UIKit's
/// optionals: heights fall back to the table's `rowHeight` and section heights, highlighting is
/// allowed, no swipe actions.
@MainActor
public protocol TableViewDelegate: ScrollViewDelegate {
    /// The height of a row; `TableView.automaticDimension` sizes it by Auto Layout. Default:
    /// `tableView.rowHeight`.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double
    /// The height of a section's header; default `TableView.automaticDimension` (the table's
    /// rule: `sectionHeaderHeight` when there is a title or a view, else the style's gap).
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double
    /// The height of a section's footer; default `TableView.automaticDimension`.
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double
    /// A view for a section's header instead of the title (nil: the title's header, if any).
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View?
    /// A view for a section's footer instead of the title.
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View?
    /// A cell is about to show at `indexPath`.
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// A cell left the screen (scrolled off, deleted or reloaded); `indexPath` is where it was.
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// Whether a touch may highlight the row. Default true.
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// The row was highlighted by a touch.
    func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath)
    /// The row's highlight ended (the finger lifted, or a drag took the touch).
    func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath)
    /// The user is about to select the row; return another index path, or nil to refuse.
    /// Default: `indexPath`.
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// The user selected the row (a tap). Not called for `selectRow` in code, as in UIKit.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// The user deselected the row (another row selected, or a tap on it with multiple selection).
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
    /// The actions a swipe to the left reveals on the row (nil or none: no swipe).
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
}

extension TableViewDelegate {
    /// `tableView.rowHeight`.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { tableView.rowHeight }
    /// The table's rule (`TableView.automaticDimension`).
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { TableView.automaticDimension }
    /// The table's rule (`TableView.automaticDimension`).
    public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double { TableView.automaticDimension }
    /// No view: the title's header.
    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
    /// No view: the title's footer.
    public func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
    /// Nothing.
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// Nothing.
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// True.
    public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// Nothing.
    public func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) {}
    /// Nothing.
    public func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) {}
    /// `indexPath`.
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Nothing.
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    /// Nothing.
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    /// No actions.
    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration?
    { nil }
}
