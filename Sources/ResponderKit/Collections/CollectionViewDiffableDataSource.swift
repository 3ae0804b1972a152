import FoundationEssentials

/// A collection view's data source driven by snapshots (UIKit's
/// `UICollectionViewDiffableDataSource`): `apply(_:animatingDifferences:)` a new
/// `DiffableDataSourceSnapshot` and the collection view animates the inserts, deletes and moves
/// that `SnapshotDiff` works out, instead of the app counting index paths.
///
/// The data source sets itself as the collection view's `dataSource` (which holds it weakly,
/// so keep it in a property, as in UIKit). The cell provider configures a cell for an item
/// identifier; the supplementary view provider (optional) the headers and footers.
@MainActor
open class CollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: CollectionViewDataSource {
    /// Makes the cell for an item (dequeue and configure it).
    public typealias CellProvider =
        @MainActor (_ collectionView: CollectionView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType)
        -> CollectionViewCell?
    /// Makes a supplementary view (dequeue and configure it).
    public typealias SupplementaryViewProvider =
        @MainActor (_ collectionView: CollectionView, _ elementKind: String, _ indexPath: IndexPath)
        -> CollectionReusableView?
    /// The snapshot type.
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var collectionView: CollectionView?
    private let cellProvider: CellProvider
    /// Makes the section headers and footers (nil: none).
    public var supplementaryViewProvider: SupplementaryViewProvider?
    private var current = Snapshot()

    /// A data source for `collectionView` (it becomes its `dataSource`).
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    /// A copy of the data as last applied.
    public func snapshot() -> Snapshot { current }

    /// Shows `snapshot`: the collection view inserts, deletes and moves what changed, animated
    /// when `animatingDifferences` (and the collection view is in a window); before the first
    /// layout it simply loads. `completion` runs when the change has played out.
    /// - Complexity: O(n log n) for the diff (`SnapshotDiff`), plus the layout.
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil) {
        let changes = current.replace(with: snapshot)
        guard let collectionView, collectionView.hasLoadedData else {
            completion?()
            return
        }
        guard !changes.isEmpty else {
            completion?()
            return
        }
        collectionView.performBatchUpdates(
            {
                collectionView.batch?.merge(changes)
            }, animated: animatingDifferences, completion: { _ in completion?() })
    }

    /// Shows `snapshot` without working out a difference (UIKit's
    /// `applySnapshotUsingReloadData`).
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (@MainActor () -> Void)? = nil) {
        _ = current.replace(with: snapshot)
        collectionView?.reloadData()
        completion?()
    }

    /// The item at `indexPath`, nil when there is none.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }

    /// Where `itemIdentifier` is, nil when it is not in the data.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }

    /// The section at `index`, nil when there is none.
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }

    // MARK: CollectionViewDataSource

    /// The snapshot's sections.
    public func numberOfSections(in collectionView: CollectionView) -> Int { current.numberOfSections }

    /// The snapshot's items in the section.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        section < current.numberOfSections ? current.items(atSection: section).count : 0
    }

    /// The cell provider's cell (a provider that gives none is reported, and an empty cell shows).
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        if let item = current.item(at: indexPath), let cell = cellProvider(collectionView, indexPath, item) { return cell }
        ResponderDiagnostics.report(.layout("CollectionViewDiffableDataSource: the cell provider gave no cell for \(indexPath)"))
        return collectionView.dequeueReusableCell(withReuseIdentifier: "CollectionViewDiffableDataSource.empty", for: indexPath)
    }

    /// The supplementary view provider's view.
    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionReusableView? {
        supplementaryViewProvider?(collectionView, kind, indexPath)
    }
}

extension DiffableDataSourceSnapshot {
    /// The item at `indexPath`, nil when there is none.
    func item(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.section >= 0, indexPath.section < numberOfSections else { return nil }
        let items = items(atSection: indexPath.section)
        return indexPath.item >= 0 && indexPath.item < items.count ? items[indexPath.item] : nil
    }

    /// Where `item` is, nil when it is not there.
    func indexPath(of item: ItemIdentifierType) -> IndexPath? {
        guard let section = sectionIdentifier(containingItem: item).flatMap({ indexOfSection($0) }), let index = indexOfItem(item) else {
            return nil
        }
        return IndexPath(item: index, section: section)
    }
}

extension DiffableDataSourceSnapshot {
    /// Becomes `new` (its reload marks applied, so cleared) and returns the batch that turns
    /// the old state into it (`SnapshotDiff`): what both diffable data sources do on `apply`.
    mutating func replace(with new: DiffableDataSourceSnapshot) -> ListChanges {
        let changes = SnapshotDiff.changes(from: self, to: new)
        self = new
        clearReloads()
        return changes
    }
}

extension ListChanges {
    /// Adds another batch's changes to this one.
    mutating func merge(_ other: ListChanges) {
        deletes += other.deletes
        inserts += other.inserts
        moves += other.moves
        reloads += other.reloads
        deletedSections += other.deletedSections
        insertedSections += other.insertedSections
    }
}
