import ResponderKitTesting
import SeededGenerators
import Testing

@testable import ResponderKit

/// Issue 24 §1, diffable data sources: snapshots (unique identifiers, duplicates reported),
/// `SnapshotDiff` against a reference on random snapshots, and both data sources applying it.
@MainActor
@Suite("DiffableDataSources")
struct DiffableDataSourceTests {
    typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

    func snapshot(_ sections: [(String, [Int])]) -> Snapshot {
        var snapshot = Snapshot()
        for (section, items) in sections {
            snapshot.appendSections([section])
            snapshot.appendItems(items, toSection: section)
        }
        return snapshot
    }

    // MARK: Snapshots

    @Test func snapshotsEditByIdentifier() {
        var s = snapshot([("a", [1, 2, 3]), ("b", [4, 5])])
        #expect(s.numberOfItems == 5 && s.numberOfSections == 2)
        #expect(s.itemIdentifiers == [1, 2, 3, 4, 5])
        s.insertItems([9], beforeItem: 2)
        s.insertItems([8], afterItem: 5)
        s.moveItem(1, afterItem: 4)
        s.deleteItems([3])
        #expect(s.itemIdentifiers(inSection: "a") == [9, 2])
        #expect(s.itemIdentifiers(inSection: "b") == [4, 1, 5, 8])
        #expect(s.sectionIdentifier(containingItem: 1) == "b")
        #expect(s.indexOfItem(5) == 2)
        s.insertSections(["z"], beforeSection: "a")
        s.moveSection("b", beforeSection: "z")
        #expect(s.sectionIdentifiers == ["b", "z", "a"])
        s.deleteSections(["b"])
        #expect(s.itemIdentifiers == [9, 2] && s.sectionIdentifier(containingItem: 4) == nil)
        s.deleteAllItems()
        #expect(s.numberOfItems == 0 && s.numberOfSections == 2)
    }

    @Test func aDuplicateIdentifierIsReportedAndLeftOut() {
        var s = snapshot([("a", [1, 2])])
        let messages = collectDiagnostics {
            s.appendItems([3, 2, 4])
            s.appendSections(["a"])
            s.deleteItems([42])
        }
        #expect(s.itemIdentifiers == [1, 2, 3, 4])
        #expect(s.sectionIdentifiers == ["a"])
        #expect(messages.count == 3)
        #expect(messages[0].firstRange(of: "item 2 is already in the snapshot (in section a); identifiers must be unique") != nil)
        #expect(messages[1].firstRange(of: "section a is already in the snapshot") != nil)
        #expect(messages[2].firstRange(of: "cannot delete item 42") != nil)
    }

    // MARK: The diff

    @Test func theDiffMovesOnlyWhatLeftItsOrder() {
        let old = snapshot([("a", [1, 2, 3, 4, 5])])
        let new = snapshot([("a", [2, 3, 4, 5, 1])])
        let changes = SnapshotDiff.changes(from: old, to: new)
        #expect(changes.moves.count == 1)
        #expect(changes.moves.first?.from == IndexPath(item: 0, section: 0) && changes.moves.first?.to == IndexPath(item: 4, section: 0))
        #expect(changes.deletes.isEmpty && changes.inserts.isEmpty)
        #expect(SnapshotDiff.changes(from: old, to: old).isEmpty)
        #expect(SnapshotDiff.longestIncreasingRun([3, 1, 2, 5, 4, 6]) == [1, 2, 4, 5] || SnapshotDiff.longestIncreasingRun([3, 1, 2, 5, 4, 6]) == [1, 2, 3, 5])
    }

    /// What a batch does, worked out independently of `ListUpdateMap`: the new list is the old
    /// sections that were not deleted (in order) with the inserted ones placed, and in each the
    /// places taken by inserts and moves filled by them, the others by the old items that
    /// neither went nor moved, in order.
    func reference(_ changes: ListChanges, old: Snapshot, new: Snapshot) -> [[Int]]? {
        let deletedSections = Set(changes.deletedSections)
        var keptOld = old.sectionIdentifiers.indices.filter { !deletedSections.contains($0) }.makeIterator()
        var result: [[Int]] = []
        for newSection in new.sectionIdentifiers.indices {
            if changes.insertedSections.contains(newSection) {
                result.append(new.items(atSection: newSection))
                continue
            }
            guard let oldSection = keptOld.next() else { return nil }
            let count = new.items(atSection: newSection).count
            var slots = [Int?](repeating: nil, count: count)
            for path in changes.inserts where path.section == newSection { slots[path.item] = new.items(atSection: newSection)[path.item] }
            for move in changes.moves where move.to.section == newSection {
                slots[move.to.item] = old.items(atSection: move.from.section)[move.from.item]
            }
            let gone = Set(changes.deletes.filter { $0.section == oldSection }.map(\.item))
                .union(changes.moves.filter { $0.from.section == oldSection }.map(\.from.item))
            var stay = old.items(atSection: oldSection).enumerated().filter { !gone.contains($0.offset) }.map(\.element).makeIterator()
            for index in 0..<count where slots[index] == nil { slots[index] = stay.next() }
            guard stay.next() == nil, slots.allSatisfy({ $0 != nil }) else { return nil }
            result.append(slots.map { $0! })
        }
        return result
    }

    func randomSnapshot(_ rng: inout SplitMix64) -> Snapshot {
        var snapshot = Snapshot()
        let sections = ["a", "b", "c", "d", "e"].filter { _ in rng.next() % 4 != 0 }.shuffled(using: &rng)
        let items = (0..<40).filter { _ in rng.next() % 3 != 0 }.shuffled(using: &rng)
        snapshot.appendSections(sections)
        for item in items where !sections.isEmpty {
            snapshot.appendItems([item], toSection: sections[Int(rng.next() % UInt64(sections.count))])
        }
        return snapshot
    }

    /// 500 random pairs of snapshots (seeded): the batch rebuilds the new snapshot from the old
    /// one by the reference's rules, the list's own map agrees, and an item that stays in its
    /// (kept) section is never deleted and inserted again.
    @Test func randomSnapshotsDiffCorrectly() {
        var rng = SplitMix64(seed: 24)
        for round in 0..<500 {
            let old = randomSnapshot(&rng)
            var new = randomSnapshot(&rng)
            if round % 5 == 0, let item = new.itemIdentifiers.first { new.reloadItems([item]) }
            let changes = SnapshotDiff.changes(from: old, to: new)
            let rebuilt = reference(changes, old: old, new: new)
            #expect(rebuilt == new.sectionIdentifiers.indices.map { new.items(atSection: $0) }, "round \(round)")
            let oldCounts = old.sectionIdentifiers.indices.map { old.items(atSection: $0).count }
            let newCounts = new.sectionIdentifiers.indices.map { new.items(atSection: $0).count }
            guard case let .success(map) = ListUpdateMap.make(changes, oldCounts: oldCounts, newCounts: newCounts) else {
                Issue.record("round \(round): the map refused the diff")
                continue
            }
            for section in new.sectionIdentifiers.indices {
                for (index, item) in new.items(atSection: section).enumerated() {
                    guard let from = map.oldIndexPath(forNew: IndexPath(item: index, section: section)) else { continue }
                    #expect(old.items(atSection: from.section)[from.item] == item, "round \(round)")
                }
            }
            for path in changes.deletes {
                let item = old.items(atSection: path.section)[path.item]
                let sameSection = new.sectionIdentifier(containingItem: item) == old.sectionIdentifiers[path.section]
                let sectionKept = !changes.deletedSections.contains(path.section)
                #expect(!(sameSection && sectionKept && !new.reloadedItems.contains(item)), "round \(round): \(item) deleted though it stays")
            }
        }
    }

    // MARK: Data sources

    @Test func aCollectionViewAppliesSnapshots() {
        let stage = CollectionStage(CollectionModel([]))
        let collection = stage.collection
        let source = CollectionViewDiffableDataSource<String, Int>(collectionView: collection) { view, indexPath, item in
            let cell = view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as! TitledCollectionCell
            cell.title.text = "\(item)"
            return cell
        }
        #expect(collection.dataSource === source)
        source.apply(snapshot([("a", [1, 2, 3, 4]), ("b", [5, 6])]), animatingDifferences: false)
        func titles() -> [String] { collection.visibleCells.compactMap { ($0 as? TitledCollectionCell)?.title.text } }
        #expect(titles() == ["1", "2", "3", "4", "5", "6"])
        let four = collection.cellForItem(at: IndexPath(item: 3, section: 0))
        var done = false
        source.apply(snapshot([("a", [4, 1, 7, 3]), ("b", [6, 5])])) { done = true }
        #expect(titles() == ["4", "1", "7", "3", "6", "5"])
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0)) === four, "the moved item kept its cell")
        #expect(source.itemIdentifier(for: IndexPath(item: 2, section: 0)) == 7)
        #expect(source.indexPath(for: 3) == IndexPath(item: 3, section: 0))
        #expect(!done, "the change is animating")
        stage.settle()
        #expect(done)
        // Sections that change order: the one out of order is deleted and inserted again.
        source.apply(snapshot([("b", [6, 5]), ("a", [4, 1, 7, 3])]))
        #expect(titles() == ["6", "5", "4", "1", "7", "3"])
        #expect(source.snapshot().itemIdentifiers == [6, 5, 4, 1, 7, 3])
        stage.settle()
    }

    /// Random snapshots applied one after another to a live collection view: every cell on
    /// screen shows its item (cells are not reconfigured on moves, so a wrong map shows).
    @Test func aLiveCollectionViewFollowsRandomSnapshots() {
        let stage = CollectionStage(CollectionModel([]), layout: CollectionStage.grid { $0.itemSize = Size(width: 20, height: 10) })
        let collection = stage.collection
        let source = CollectionViewDiffableDataSource<String, Int>(collectionView: collection) { view, indexPath, item in
            let cell = view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as! TitledCollectionCell
            cell.title.text = "\(item)"
            return cell
        }
        source.apply(Snapshot())
        stage.frame()
        var rng = SplitMix64(seed: 7)
        for round in 0..<60 {
            let next = randomSnapshot(&rng)
            source.apply(next, animatingDifferences: round % 2 == 0)
            let expected = next.itemIdentifiers.map { "\($0)" }
            let shown = collection.visibleCells.compactMap { ($0 as? TitledCollectionCell)?.title.text }
            #expect(shown == expected, "round \(round)")
            if round % 3 == 0 { stage.settle() }
        }
    }

    @Test func aTableViewAppliesSnapshots() {
        let stage = TableStage(TableModel([]))
        let source = TableViewDiffableDataSource<String, String>(tableView: stage.table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = item
            return cell
        }
        var first = DiffableDataSourceSnapshot<String, String>()
        first.appendSections(["visitors"])
        first.appendItems(["Ada", "Grace", "Alan", "Edsger"])
        source.apply(first, animatingDifferences: false)
        stage.table.reloadData()
        #expect(stage.visibleTitles == ["Ada", "Grace", "Alan", "Edsger"])
        let alan = stage.table.cellForRow(at: IndexPath(row: 2, section: 0))
        var second = first
        second.deleteItems(["Grace"])
        second.moveItem("Alan", beforeItem: "Ada")
        second.appendItems(["Barbara"])
        source.apply(second)
        #expect(stage.visibleTitles == ["Alan", "Ada", "Edsger", "Barbara"])
        #expect(stage.table.cellForRow(at: IndexPath(row: 0, section: 0)) === alan)
        #expect(source.indexPath(for: "Barbara") == IndexPath(row: 3, section: 0))
        stage.settle()
    }
}
