import FoundationEssentials

/// The row changes UIKit animates: inserts, deletes, moves and reloads, alone or in a batch.
///
/// UIKit's rules for a batch: deletions and reloads name rows as they were before it,
/// insertions as they are after it, a move goes from before to after. The data source must
/// already answer the new counts: a section whose count does not add up is reported and the
/// table reloads instead (UIKit raises).
extension TableView {
    /// The changes collected by `performBatchUpdates` (or one call outside a batch).
    struct BatchUpdates {
        var deletes: [IndexPath] = []
        var inserts: [IndexPath] = []
        var moves: [(from: IndexPath, to: IndexPath)] = []
        var reloads: [IndexPath] = []
        var animation: RowAnimation = .automatic
    }

    /// How long the rows take to slide to their new places.
    public static let rowAnimationDuration = 0.3

    /// Inserts rows (their index paths after the change) and slides the rows below down.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        update(animation) { $0.inserts += indexPaths }
    }

    /// Deletes rows (their index paths before the change); the rows below slide up, and the
    /// offset is clamped to the new content.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        update(animation) { $0.deletes += indexPaths }
    }

    /// Moves a row from `indexPath` (before) to `newIndexPath` (after).
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        update(.automatic) { $0.moves.append((indexPath, newIndexPath)) }
    }

    /// Asks the data source for these rows' cells (and heights) again.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        update(animation) { $0.reloads += indexPaths }
    }

    /// Runs `updates` (insertions, deletions, moves, reloads) as one change, animated together;
    /// `completion` runs when the animation ends (true unless it was interrupted).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil) {
        let outer = batch
        batch = outer ?? BatchUpdates()
        updates?()
        guard outer == nil, let collected = batch else { return }
        batch = nil
        apply(collected, completion: completion)
    }

    private func update(_ animation: RowAnimation, _ add: (inout BatchUpdates) -> Void) {
        if batch != nil {
            add(&batch!)
            if animation != .automatic { batch!.animation = animation }
            return
        }
        var one = BatchUpdates()
        one.animation = animation
        add(&one)
        apply(one, completion: nil)
    }

    /// Applies a batch: maps the old rows to the new ones, keeps the heights and cells of the
    /// rows that stay, drops the cells of deleted rows, and animates the rest into place.
    /// - Complexity: O(rows) for the geometry; O(visible) views moved.
    func apply(_ batch: BatchUpdates, completion: (@MainActor (Bool) -> Void)?) {
        guard hasLoadedData else {
            reloadData()
            completion?(true)
            return
        }
        closeSwipeActions(animated: false)
        let oldSlots = slots
        let oldHeights = heights
        guard let map = rowMap(for: batch, oldCounts: oldSlots.rowCounts) else {
            reloadData()
            completion?(true)
            return
        }
        let reloaded = Set(batch.reloads)
        // Cells on screen follow their rows; deleted and reloaded rows' cells go (told with
        // their old index paths, so before the geometry changes).
        enum Place {
            case row(IndexPath)
            case header(Int)
            case footer(Int)
        }
        var staying: [(entry: VisibleSlot, place: Place)] = []
        var leaving: [TableViewCell] = []
        for entry in visible {
            switch oldSlots.kind(of: entry.slot) {
            case let .row(section, row):
                let old = IndexPath(row: row, section: section)
                if !reloaded.contains(old), let new = map.newIndexPath(forOld: old) {
                    staying.append((entry, .row(new)))
                } else if batch.deletes.contains(old) {
                    // A deleted row's cell leaves now; it is reused once the deletion played out.
                    if let cell = retire(entry, reusable: false) { leaving.append(cell) }
                } else {
                    retire(entry)
                }
            case let .header(section): staying.append((entry, .header(section)))
            case let .footer(section): staying.append((entry, .footer(section)))
            }
        }
        // Each new row's old row (nil: inserted or reloaded).
        rebuildGeometry { section, row in
            guard let old = map.oldIndexPath(forNew: IndexPath(row: row, section: section)), !reloaded.contains(old) else { return nil }
            let slot = oldSlots.slot(row: old.row, section: old.section)
            return (oldHeights.height(of: slot), oldHeights.isExact[slot])
        }
        var kept: [VisibleSlot] = []
        for (entry, place) in staying {
            var moved = entry
            switch place {
            case let .row(path): moved.slot = slots.slot(row: path.row, section: path.section)
            case let .header(section): moved.slot = slots.headerSlot(section)
            case let .footer(section): moved.slot = slots.footerSlot(section)
            }
            kept.append(moved)
        }
        kept.sort { $0.slot < $1.slot }
        visible = kept
        selectedIndexPaths = selectedIndexPaths.compactMap { map.newIndexPath(forOld: $0) }
        let appearing = Set(batch.inserts + batch.moves.map(\.to))
        let animated = batch.animation != .none && window != nil
        let change = {
            let clampedOffset = self.clamped(self.contentOffset)
            if clampedOffset.y < self.contentOffset.y {
                // After deletions the content may end above the offset: clamp, as UIKit does.
                self.bounds.origin = Point(x: self.contentOffset.x, y: clampedOffset.y)
            }
            let before = Set(self.visible.map { ObjectIdentifier($0.view) })
            self.tileVisibleSlots()
            // Rows that arrive fade in when inserted.
            for entry in self.visible where !before.contains(ObjectIdentifier(entry.view)) {
                guard animated, let path = self.indexPath(ofSlot: entry.slot), appearing.contains(path) else { continue }
                View.performWithoutAnimation { entry.view.alpha = 0 }
                entry.view.alpha = 1
            }
        }
        if animated {
            View.animate(
                withDuration: TableView.rowAnimationDuration, delay: 0, options: [], animations: change,
                completion: { [weak self] finished in
                    self?.recycle(leaving)
                    completion?(finished)
                })
        } else {
            View.performWithoutAnimation(change)
            recycle(leaving)
            completion?(true)
        }
    }

    /// Where every old row goes and where every new row comes from (`ListUpdateMap`); nil when
    /// the data source's new counts do not add up (reported).
    private func rowMap(for batch: BatchUpdates, oldCounts: [Int]) -> ListUpdateMap? {
        let sections = max(0, dataSource.map { $0.numberOfSections(in: self) } ?? 0)
        let newCounts = (0..<sections).map { max(0, dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0) }
        let changes = ListChanges(deletes: batch.deletes, inserts: batch.inserts, moves: batch.moves, reloads: batch.reloads)
        switch ListUpdateMap.make(changes, oldCounts: oldCounts, newCounts: newCounts, noun: "row") {
        case let .success(map): return map
        case let .failure(mismatch):
            ResponderDiagnostics.report(.layout("TableView: an update \(mismatch.reason); reloading"))
            return nil
        }
    }
}
