import FoundationEssentials

/// The changes that turn one snapshot into another, as a batch update (`ListChanges`) a table or
/// a collection view animates: what the diffable data sources apply.
///
/// Sections and items are matched by identifier (hashing). Of the sections in both snapshots,
/// the longest run that keeps its order stays; the others are deleted and inserted again (with
/// their items), as are sections marked for reload. Of the items in both, in a section that
/// stays, the longest run that keeps its order stays; the others move (also across sections).
/// Items only in the old snapshot are deleted, only in the new inserted; items marked for reload
/// that stay are reloaded, those that move are deleted and inserted (UIKit forbids reloading a
/// moved item).
///
/// - Complexity: O(n log n) for n identifiers: hashing is O(n), the longest ordered run (a
///   patience sort) O(n log n).
enum SnapshotDiff {
    /// The batch that turns `old` into `new`.
    @MainActor
    static func changes<Section: Hashable, Item: Hashable>(
        from old: DiffableDataSourceSnapshot<Section, Item>, to new: DiffableDataSourceSnapshot<Section, Item>
    ) -> ListChanges {
        var changes = ListChanges()
        // Sections.
        var newSectionIndex: [Section: Int] = [:]
        for (index, section) in new.sectionIdentifiers.enumerated() { newSectionIndex[section] = index }
        var commonOld: [Int] = []  // old indexes of sections in both, in old order
        var commonNew: [Int] = []  // their new indexes
        for (index, section) in old.sectionIdentifiers.enumerated() {
            if let newIndex = newSectionIndex[section], !new.reloadedSections.contains(section) {
                commonOld.append(index)
                commonNew.append(newIndex)
            }
        }
        var keptOldSection = [Bool](repeating: false, count: old.numberOfSections)
        var keptNewSection = [Bool](repeating: false, count: new.numberOfSections)
        for position in longestIncreasingRun(commonNew) {
            keptOldSection[commonOld[position]] = true
            keptNewSection[commonNew[position]] = true
        }
        changes.deletedSections = old.sectionIdentifiers.indices.filter { !keptOldSection[$0] }
        changes.insertedSections = new.sectionIdentifiers.indices.filter { !keptNewSection[$0] }
        // Items: where each new item is, in sections that stay.
        var newPlace: [Item: IndexPath] = [:]
        newPlace.reserveCapacity(new.numberOfItems)
        for section in new.sectionIdentifiers.indices where keptNewSection[section] {
            for (index, item) in new.items(atSection: section).enumerated() { newPlace[item] = IndexPath(item: index, section: section) }
        }
        var oldPlace: [Item: IndexPath] = [:]
        oldPlace.reserveCapacity(old.numberOfItems)
        for section in old.sectionIdentifiers.indices where keptOldSection[section] {
            let items = old.items(atSection: section)
            var sameSectionOld: [Int] = []
            var sameSectionNew: [Int] = []
            let newSection = newSectionIndex[old.sectionIdentifiers[section]]!
            for (index, item) in items.enumerated() {
                let here = IndexPath(item: index, section: section)
                oldPlace[item] = here
                guard let there = newPlace[item] else {
                    changes.deletes.append(here)
                    continue
                }
                if new.reloadedItems.contains(item) && there.section != newSection {
                    changes.deletes.append(here)
                } else if there.section == newSection {
                    sameSectionOld.append(index)
                    sameSectionNew.append(there.item)
                } else {
                    changes.moves.append((here, there))
                }
            }
            var stays = [Bool](repeating: false, count: sameSectionOld.count)
            for position in longestIncreasingRun(sameSectionNew) { stays[position] = true }
            for position in sameSectionOld.indices {
                let here = IndexPath(item: sameSectionOld[position], section: section)
                let there = IndexPath(item: sameSectionNew[position], section: newSection)
                let item = items[sameSectionOld[position]]
                if stays[position] {
                    if new.reloadedItems.contains(item) { changes.reloads.append(here) }
                } else if new.reloadedItems.contains(item) {
                    changes.deletes.append(here)
                    changes.inserts.append(there)
                } else {
                    changes.moves.append((here, there))
                }
            }
        }
        for section in new.sectionIdentifiers.indices where keptNewSection[section] {
            for (index, item) in new.items(atSection: section).enumerated() {
                let there = IndexPath(item: index, section: section)
                guard let here = oldPlace[item] else {
                    changes.inserts.append(there)
                    continue
                }
                // A reloaded item that changed section was deleted above: insert it here.
                if new.reloadedItems.contains(item), here.section != old.indexOfSection(new.sectionIdentifiers[section]) {
                    changes.inserts.append(there)
                }
            }
        }
        return changes
    }

    /// The positions of a longest strictly increasing run of `values` (a patience sort with
    /// back-links), in order.
    /// - Complexity: O(n log n).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        var tails: [Int] = []  // positions of the smallest tail of each run length
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] < value { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[position] = tails[lo - 1] }
            if lo == tails.count { tails.append(position) } else { tails[lo] = position }
        }
        var run: [Int] = []
        var position = tails.last ?? -1
        while position >= 0 {
            run.append(position)
            position = previous[position]
        }
        return run.reversed()
    }
}
