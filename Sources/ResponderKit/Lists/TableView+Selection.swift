import FoundationEssentials

/// Highlight and selection, from touches and in code (UIKit's rules).
///
/// A touch on a cell highlights it when it reaches the cell: after the scroll view's 150 ms
/// content-touch delay, or at the lift for a quick tap. Lifting inside selects the row
/// (`willSelectRowAt`, `didSelectRowAt`; with single selection the previous row is deselected
/// first, `didDeselectRowAt`). A drag that becomes a scroll or a swipe cancels the cell's touch,
/// and with it the highlight. `selectRow`/`deselectRow` in code tell the delegate nothing.
extension TableView {
    /// The first selected row, nil when none.
    public var indexPathForSelectedRow: IndexPath? { selectedIndexPaths.first }

    /// The selected rows, nil when none.
    public var indexPathsForSelectedRows: [IndexPath]? { selectedIndexPaths.isEmpty ? nil : selectedIndexPaths }

    /// Selects a row in code (nil deselects every row), scrolling it to `scrollPosition`. The
    /// delegate is not told, as in UIKit.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for path in selectedIndexPaths { cellForRow(at: path)?.setSelected(false, animated: animated) }
            selectedIndexPaths = []
            return
        }
        guard slots.contains(row: indexPath.row, section: indexPath.section) else {
            return ResponderDiagnostics.report(.layout("TableView.selectRow: no row \(indexPath.row) in section \(indexPath.section)"))
        }
        if !allowsMultipleSelection {
            for path in selectedIndexPaths where path != indexPath { cellForRow(at: path)?.setSelected(false, animated: animated) }
            selectedIndexPaths.removeAll { $0 != indexPath }
        }
        if !selectedIndexPaths.contains(indexPath) { selectedIndexPaths.append(indexPath) }
        cellForRow(at: indexPath)?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row in code (the delegate is not told), as apps do in `didSelectRowAt`.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selectedIndexPaths.removeAll { $0 == indexPath }
        cellForRow(at: indexPath)?.setSelected(false, animated: animated)
    }

    // MARK: From the cells' touches

    func cellTouchBegan(_ cell: TableViewCell) {
        if swipe != nil {
            // A touch while swipe actions show only closes them (UIKit).
            touchClosesSwipe = true
            closeSwipeActions(animated: true)
            return
        }
        touchClosesSwipe = false
        guard allowsSelection, let indexPath = indexPath(for: cell),
            tableDelegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true
        else { return }
        touchedCell = cell
        cell.setHighlighted(true, animated: false)
        tableDelegate?.tableView(self, didHighlightRowAt: indexPath)
    }

    func cellTouchMoved(_ cell: TableViewCell, inside: Bool) {
        guard touchedCell === cell, cell.isHighlighted != inside else { return }
        cell.setHighlighted(inside, animated: false)
    }

    func cellTouchEnded(_ cell: TableViewCell, inside: Bool) {
        defer { touchClosesSwipe = false }
        guard touchedCell === cell else { return }
        touchedCell = nil
        unhighlight(cell)
        guard inside, !touchClosesSwipe, let indexPath = indexPath(for: cell) else { return }
        userSelected(indexPath)
    }

    func cellTouchCancelled(_ cell: TableViewCell) {
        touchClosesSwipe = false
        guard touchedCell === cell else { return }
        touchedCell = nil
        unhighlight(cell)
    }

    private func unhighlight(_ cell: TableViewCell) {
        guard cell.isHighlighted else { return }
        cell.setHighlighted(false, animated: false)
        if let indexPath = indexPath(for: cell) { tableDelegate?.tableView(self, didUnhighlightRowAt: indexPath) }
    }

    /// A tap on a row: UIKit's order of `willSelectRowAt`, deselection, `didSelectRowAt`.
    private func userSelected(_ tapped: IndexPath) {
        if allowsMultipleSelection, selectedIndexPaths.contains(tapped) {
            deselectRow(at: tapped, animated: false)
            tableDelegate?.tableView(self, didDeselectRowAt: tapped)
            return
        }
        let chosen = tableDelegate == nil ? tapped : tableDelegate!.tableView(self, willSelectRowAt: tapped)
        guard let indexPath = chosen,
            slots.contains(row: indexPath.row, section: indexPath.section)
        else { return }
        if !allowsMultipleSelection {
            for old in selectedIndexPaths where old != indexPath {
                deselectRow(at: old, animated: false)
                tableDelegate?.tableView(self, didDeselectRowAt: old)
            }
        }
        if !selectedIndexPaths.contains(indexPath) { selectedIndexPaths.append(indexPath) }
        cellForRow(at: indexPath)?.setSelected(true, animated: false)
        tableDelegate?.tableView(self, didSelectRowAt: indexPath)
    }
}
