import FoundationEssentials

/// A table's data source driven by snapshots (UIKit's `UITableViewDiffableDataSource`), over the
/// same `DiffableDataSourceSnapshot` and `SnapshotDiff` as `CollectionViewDiffableDataSource`.
///
/// Row inserts, deletes, moves and reloads animate; a change of sections (the table has no
/// section updates) reloads the table. The data source sets itself as the table's `dataSource`
/// (held weakly: keep it in a property).
@MainActor
open class TableViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: TableViewDataSource {
    /// Makes the cell for a row (dequeue and configure it).
    public typealias CellProvider =
        @MainActor (_ tableView: TableView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType)
        -> TableViewCell?
    /// The snapshot type.
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var tableView: TableView?
    private let cellProvider: CellProvider
    private var current = Snapshot()
    /// How inserted and deleted rows animate. Default `.automatic`.
    public var defaultRowAnimation = TableView.RowAnimation.automatic

    /// A data source for `tableView` (it becomes its `dataSource`).
    public init(tableView: TableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    /// A copy of the data as last applied.
    public func snapshot() -> Snapshot { current }

    /// Shows `snapshot`, animating the rows that changed (`animatingDifferences`); before the
    /// first layout, or when sections changed, the table reloads.
    /// - Complexity: O(n log n) for the diff, plus the table's update.
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil) {
        let changes = current.replace(with: snapshot)
        guard let tableView, tableView.hasLoadedData, changes.deletedSections.isEmpty, changes.insertedSections.isEmpty else {
            if let tableView, tableView.hasLoadedData { tableView.reloadData() }
            completion?()
            return
        }
        guard !changes.isEmpty else {
            completion?()
            return
        }
        let animation = animatingDifferences ? defaultRowAnimation : .none
        tableView.performBatchUpdates(
            {
                tableView.deleteRows(at: changes.deletes, with: animation)
                tableView.insertRows(at: changes.inserts, with: animation)
                tableView.reloadRows(at: changes.reloads, with: animation)
                for move in changes.moves { tableView.moveRow(at: move.from, to: move.to) }
            }, completion: { _ in completion?() })
    }

    /// The item at `indexPath`, nil when there is none.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }

    /// Where `itemIdentifier` is, nil when it is not in the data.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }

    // MARK: TableViewDataSource

    /// The snapshot's sections.
    public func numberOfSections(in tableView: TableView) -> Int { current.numberOfSections }

    /// The snapshot's items in the section.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        section < current.numberOfSections ? current.items(atSection: section).count : 0
    }

    /// The cell provider's cell (a provider that gives none is reported, and an empty cell shows).
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        if let item = current.item(at: indexPath), let cell = cellProvider(tableView, indexPath, item) { return cell }
        ResponderDiagnostics.report(.layout("TableViewDiffableDataSource: the cell provider gave no cell for \(indexPath)"))
        return tableView.dequeueReusableCell(withIdentifier: "TableViewDiffableDataSource.empty", for: indexPath)
    }
}
