import FoundationEssentials

/// The changes of one batch update of a list (a table's rows, a collection's items), in UIKit's
/// terms: deletions, reloads and deleted sections name places before the batch; insertions and
/// inserted sections name places after it; a move goes from before to after.
struct ListChanges {
    /// Items (rows) removed, as they were before the batch.
    var deletes: [IndexPath] = []
    /// Items added, as they are after the batch.
    var inserts: [IndexPath] = []
    /// Items moved, from before to after.
    var moves: [(from: IndexPath, to: IndexPath)] = []
    /// Items whose cells are asked for again, as they were before the batch.
    var reloads: [IndexPath] = []
    /// Sections removed (with their items), as they were before the batch.
    var deletedSections: [Int] = []
    /// Sections added (with their items), as they are after the batch.
    var insertedSections: [Int] = []

    /// Whether the batch changes nothing.
    var isEmpty: Bool {
        deletes.isEmpty && inserts.isEmpty && moves.isEmpty && reloads.isEmpty && deletedSections.isEmpty
            && insertedSections.isEmpty
    }
}

/// Where every item of a list goes in a batch update and where every new item comes from: the
/// bookkeeping a table and a collection view share to keep the cells, sizes and selection of
/// the items that stay.
///
/// UIKit's rule: the items of a section that are neither deleted nor moved away keep their
/// order and fill, in order, the places of the section's new counterpart that are neither
/// inserted nor moved into. Sections that are neither deleted nor inserted pair up the same way.
struct ListUpdateMap {
    /// The new place of each old item (nil: deleted, or in a deleted section).
    private(set) var newForOld: [[IndexPath?]]
    /// The old place of each new item (nil: inserted, or in an inserted section).
    private(set) var oldForNew: [[IndexPath?]]
    /// The new index of each old section (nil: deleted).
    private(set) var newSectionForOld: [Int?]

    /// Why a batch does not explain the data source's new counts (UIKit raises; a list reports
    /// it and reloads).
    struct Mismatch: Error {
        /// What does not add up, for the report.
        let reason: String
    }

    /// The map of `changes` from `oldCounts` (items per section before) to `newCounts` (after).
    /// - Complexity: O(old + new items).
    /// `noun` names the items in the reasons ("row" for a table).
    static func make(_ changes: ListChanges, oldCounts: [Int], newCounts: [Int], noun: String = "item") -> Result<ListUpdateMap, Mismatch> {
        var sectionGone = [Bool](repeating: false, count: oldCounts.count)
        var sectionNew = [Bool](repeating: false, count: newCounts.count)
        for section in changes.deletedSections {
            guard section >= 0, section < oldCounts.count else { return .failure(Mismatch(reason: "deletes section \(section), which does not exist")) }
            sectionGone[section] = true
        }
        for section in changes.insertedSections {
            guard section >= 0, section < newCounts.count else { return .failure(Mismatch(reason: "inserts section \(section) past the end")) }
            sectionNew[section] = true
        }
        let keptOld = oldCounts.indices.filter { !sectionGone[$0] }
        let keptNew = newCounts.indices.filter { !sectionNew[$0] }
        guard keptOld.count == keptNew.count else {
            return .failure(
                Mismatch(
                    reason: "has \(newCounts.count) sections after the update and \(oldCounts.count) before, "
                        + "which its section insertions and deletions do not explain"))
        }
        var map = ListUpdateMap(
            newForOld: oldCounts.map { [IndexPath?](repeating: nil, count: $0) },
            oldForNew: newCounts.map { [IndexPath?](repeating: nil, count: $0) },
            newSectionForOld: [Int?](repeating: nil, count: oldCounts.count))
        for (old, new) in zip(keptOld, keptNew) { map.newSectionForOld[old] = new }
        var gone = oldCounts.map { [Bool](repeating: false, count: $0) }
        var taken = newCounts.map { [Bool](repeating: false, count: $0) }
        func valid(_ path: IndexPath, _ counts: [Int]) -> Bool {
            path.section >= 0 && path.section < counts.count && path.item >= 0 && path.item < counts[path.section]
        }
        for path in changes.deletes {
            guard valid(path, oldCounts) else {
                return .failure(Mismatch(reason: "deletes \(noun) \(path.item) of section \(path.section), which does not exist"))
            }
            gone[path.section][path.item] = true
        }
        for path in changes.inserts {
            guard valid(path, newCounts) else { return .failure(Mismatch(reason: "inserts \(noun) \(path.item) of section \(path.section) past its end")) }
            taken[path.section][path.item] = true
        }
        for (from, to) in changes.moves {
            guard valid(from, oldCounts), valid(to, newCounts), !sectionGone[from.section], !sectionNew[to.section] else {
                return .failure(Mismatch(reason: "moves a \(noun) that does not exist, or out of a deleted or into an inserted section"))
            }
            gone[from.section][from.item] = true
            taken[to.section][to.item] = true
            map.newForOld[from.section][from.item] = to
            map.oldForNew[to.section][to.item] = from
        }
        for (oldSection, newSection) in zip(keptOld, keptNew) {
            let stay = (0..<oldCounts[oldSection]).filter { !gone[oldSection][$0] }
            let free = (0..<newCounts[newSection]).filter { !taken[newSection][$0] }
            guard stay.count == free.count else {
                return .failure(
                    Mismatch(
                        reason: "section \(newSection) had \(oldCounts[oldSection]) \(noun)s and has \(newCounts[newSection]) after "
                            + "the update, which its insertions, deletions and moves do not explain"))
            }
            for (old, new) in zip(stay, free) {
                map.newForOld[oldSection][old] = IndexPath(item: new, section: newSection)
                map.oldForNew[newSection][new] = IndexPath(item: old, section: oldSection)
            }
        }
        return .success(map)
    }

    /// The new place of an old item, nil when it went (or never was).
    func newIndexPath(forOld path: IndexPath) -> IndexPath? {
        guard path.section >= 0, path.section < newForOld.count, path.item >= 0, path.item < newForOld[path.section].count else {
            return nil
        }
        return newForOld[path.section][path.item]
    }

    /// The old place of a new item, nil when it is new.
    func oldIndexPath(forNew path: IndexPath) -> IndexPath? {
        guard path.section >= 0, path.section < oldForNew.count, path.item >= 0, path.item < oldForNew[path.section].count else {
            return nil
        }
        return oldForNew[path.section][path.item]
    }

    /// The new index of an old section, nil when it was deleted (or never was).
    func newSection(forOld section: Int) -> Int? {
        section >= 0 && section < newSectionForOld.count ? newSectionForOld[section] : nil
    }
}
