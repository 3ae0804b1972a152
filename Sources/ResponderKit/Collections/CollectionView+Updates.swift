import FoundationEssentials

/// The item and section changes UIKit animates: inserts, deletes, moves and reloads, alone or
/// in a batch, with the table's rules (`ListUpdateMap`): deletions, reloads and deleted sections
/// name places before the batch, insertions and inserted sections after it, a move goes from
/// before to after. The data source must already answer the new counts: a batch that does not
/// explain them is reported and the collection view reloads instead (UIKit raises).
extension CollectionView {
    /// How long the items take to move to their new places.
    public static let updateAnimationDuration = 0.3

    /// Inserts items (their index paths after the change).
    public func insertItems(at indexPaths: [IndexPath]) { update { $0.inserts += indexPaths } }

    /// Deletes items (their index paths before the change); they fade out, the others close
    /// up, and the offset is clamped to the new content.
    public func deleteItems(at indexPaths: [IndexPath]) { update { $0.deletes += indexPaths } }

    /// Moves an item from `indexPath` (before) to `newIndexPath` (after).
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { update { $0.moves.append((indexPath, newIndexPath)) } }

    /// Asks the data source for these items' cells again.
    public func reloadItems(at indexPaths: [IndexPath]) { update { $0.reloads += indexPaths } }

    /// Inserts sections (their indexes after the change) with their items. UIKit takes an
    /// `IndexSet`: any sequence of indexes does here (an `IndexSet` from Foundation, an array, a
    /// range), since the core does not link Foundation's `IndexSet`.
    public func insertSections(_ sections: some Sequence<Int>) { update { $0.insertedSections += Array(sections) } }

    /// Deletes sections (their indexes before the change) with their items (any sequence of
    /// indexes, as `insertSections`).
    public func deleteSections(_ sections: some Sequence<Int>) { update { $0.deletedSections += Array(sections) } }

    /// Runs `updates` (insertions, deletions, moves, reloads) as one change, animated together;
    /// `completion` runs when the animation ends (true unless it was interrupted).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil) {
        performBatchUpdates(updates, animated: true, completion: completion)
    }

    /// `performBatchUpdates` with the animation on or off (the diffable data source's
    /// `animatingDifferences`).
    func performBatchUpdates(_ updates: (() -> Void)?, animated: Bool, completion: (@MainActor (Bool) -> Void)?) {
        let outer = batch
        batch = outer ?? ListChanges()
        updates?()
        guard outer == nil, let collected = batch else { return }
        batch = nil
        apply(collected, animated: animated, completion: completion)
    }

    private func update(_ add: (inout ListChanges) -> Void) {
        if batch != nil { return add(&batch!) }
        var one = ListChanges()
        add(&one)
        apply(one, animated: true, completion: nil)
    }

    /// Applies a batch: maps the old items to the new ones, keeps the views of the items that
    /// stay (re-keyed to their new places), fades out those of deleted items, prepares the layout
    /// and animates everything into place.
    /// - Complexity: O(items) for the map and the layout; O(visible) views moved.
    func apply(_ changes: ListChanges, animated: Bool, completion: (@MainActor (Bool) -> Void)?) {
        guard hasLoadedData else {
            reloadData()
            completion?(true)
            return
        }
        let newCounts = countsFromDataSource()
        let map: ListUpdateMap
        switch ListUpdateMap.make(changes, oldCounts: itemCounts, newCounts: newCounts) {
        case let .success(made): map = made
        case let .failure(mismatch):
            ResponderDiagnostics.report(.layout("CollectionView: an update \(mismatch.reason); reloading"))
            reloadData()
            completion?(true)
            return
        }
        let reloaded = Set(changes.reloads)
        var kept: [VisibleElement] = []
        var leaving: [(view: CollectionReusableView, kind: String?)] = []
        for entry in visible {
            var moved = entry
            if entry.key.kind == nil {
                let old = entry.key.indexPath
                if !reloaded.contains(old), let new = map.newIndexPath(forOld: old) {
                    moved.key = .cell(new)
                    kept.append(moved)
                } else if reloaded.contains(old) {
                    retire(entry)
                } else {
                    leaving.append((entry.view, nil))
                    if let cell = entry.view as? CollectionViewCell {
                        if touchedCell === cell { touchedCell = nil }
                        collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: old)
                    }
                }
            } else if let section = map.newSection(forOld: entry.key.section) {
                moved.key.section = section
                kept.append(moved)
            } else {
                leaving.append((entry.view, entry.key.kind))
            }
        }
        visible = kept
        visibleIndex.removeAll(keepingCapacity: true)
        for (index, entry) in visible.enumerated() { visibleIndex[entry.key] = index }
        selectedIndexPaths = selectedIndexPaths.compactMap { map.newIndexPath(forOld: $0) }
        itemCounts = newCounts
        collectionViewLayout.forgetMeasurements()
        needsPrepare = true
        let appearing = Set(changes.inserts + changes.moves.map(\.to))
        let insertedSections = Set(changes.insertedSections)
        let animates = animated && window != nil
        let change = {
            self.prepareLayoutIfNeeded()
            let clampedOffset = self.clamped(self.contentOffset)
            if clampedOffset != self.contentOffset {
                // After deletions the content may end before the offset: clamp, as UIKit does.
                self.bounds.origin = clampedOffset
            }
            let before = Set(self.visible.map { ObjectIdentifier($0.view) })
            self.tileVisibleElements()
            // Elements that arrive fade in when inserted.
            for entry in self.visible where animates && !before.contains(ObjectIdentifier(entry.view)) {
                let isNew =
                    insertedSections.contains(entry.key.section) || (entry.key.kind == nil && appearing.contains(entry.key.indexPath))
                guard isNew else { continue }
                View.performWithoutAnimation { entry.view.alpha = 0 }
                entry.view.alpha = 1
            }
            for (view, _) in leaving { view.alpha = 0 }
        }
        let finish = { [weak self] in
            for (view, kind) in leaving {
                View.performWithoutAnimation {
                    view.isHidden = true
                    view.alpha = 1
                }
                view.isHighlighted(false)
                self?.recycle(view, kind: kind)
            }
        }
        if animates {
            View.animate(
                withDuration: CollectionView.updateAnimationDuration, delay: 0, options: [], animations: change,
                completion: { finished in
                    finish()
                    completion?(finished)
                })
        } else {
            View.performWithoutAnimation(change)
            finish()
            completion?(true)
        }
    }
}

extension CollectionReusableView {
    /// Clears a cell's highlight (nothing for other views).
    fileprivate func isHighlighted(_ value: Bool) {
        (self as? CollectionViewCell)?.isHighlighted = value
    }
}
