import FoundationEssentials

/// Highlight and selection, from touches and in code (UIKit's rules, as `TableView`'s).
///
/// A touch on a cell highlights it when it reaches the cell: after the scroll view's 150 ms
/// content-touch delay, or at the lift for a quick tap. Lifting inside selects the item
/// (`shouldSelectItemAt`, then with single selection the previous item is deselected,
/// `didDeselectItemAt`, then `didSelectItemAt`). A drag that becomes a scroll cancels the
/// cell's touch and its highlight. `selectItem`/`deselectItem` in code tell the delegate nothing.
extension CollectionView {
    /// The selected items, nil when none.
    public var indexPathsForSelectedItems: [IndexPath]? { selectedIndexPaths.isEmpty ? nil : selectedIndexPaths }

    /// Selects an item in code (nil deselects every item), scrolling it to `scrollPosition`. The
    /// delegate is not told, as in UIKit.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for path in selectedIndexPaths { cellForItem(at: path)?.isSelected = false }
            selectedIndexPaths = []
            return
        }
        guard contains(indexPath) else {
            return ResponderDiagnostics.report(
                .layout("CollectionView.selectItem: no item \(indexPath.item) in section \(indexPath.section)"))
        }
        if !allowsMultipleSelection {
            for path in selectedIndexPaths where path != indexPath { cellForItem(at: path)?.isSelected = false }
            selectedIndexPaths.removeAll { $0 != indexPath }
        }
        if !selectedIndexPaths.contains(indexPath) { selectedIndexPaths.append(indexPath) }
        cellForItem(at: indexPath)?.isSelected = true
        if scrollPosition != .none { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects an item in code (the delegate is not told), as apps do in `didSelectItemAt`.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selectedIndexPaths.removeAll { $0 == indexPath }
        cellForItem(at: indexPath)?.isSelected = false
    }

    // MARK: From the cells' touches

    func cellTouchBegan(_ cell: CollectionViewCell) {
        guard allowsSelection, let indexPath = indexPath(for: cell),
            collectionDelegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true
        else { return }
        touchedCell = cell
        cell.isHighlighted = true
        collectionDelegate?.collectionView(self, didHighlightItemAt: indexPath)
    }

    func cellTouchMoved(_ cell: CollectionViewCell, inside: Bool) {
        guard touchedCell === cell, cell.isHighlighted != inside else { return }
        cell.isHighlighted = inside
    }

    func cellTouchEnded(_ cell: CollectionViewCell, inside: Bool) {
        guard touchedCell === cell else { return }
        touchedCell = nil
        unhighlight(cell)
        guard inside, let indexPath = indexPath(for: cell) else { return }
        userSelected(indexPath)
    }

    func cellTouchCancelled(_ cell: CollectionViewCell) {
        guard touchedCell === cell else { return }
        touchedCell = nil
        unhighlight(cell)
    }

    private func unhighlight(_ cell: CollectionViewCell) {
        guard cell.isHighlighted else { return }
        cell.isHighlighted = false
        if let indexPath = indexPath(for: cell) { collectionDelegate?.collectionView(self, didUnhighlightItemAt: indexPath) }
    }

    /// A tap (or the screen reader's activation) on an item: UIKit's order of
    /// `shouldSelectItemAt`, deselection, `didSelectItemAt`.
    func userSelected(_ indexPath: IndexPath) {
        guard allowsSelection, contains(indexPath) else { return }
        if allowsMultipleSelection, selectedIndexPaths.contains(indexPath) {
            deselectItem(at: indexPath, animated: false)
            collectionDelegate?.collectionView(self, didDeselectItemAt: indexPath)
            return
        }
        guard collectionDelegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return }
        if !allowsMultipleSelection {
            for old in selectedIndexPaths where old != indexPath {
                deselectItem(at: old, animated: false)
                collectionDelegate?.collectionView(self, didDeselectItemAt: old)
            }
        }
        if !selectedIndexPaths.contains(indexPath) { selectedIndexPaths.append(indexPath) }
        cellForItem(at: indexPath)?.isSelected = true
        collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
    }
}
