import ResponderKit

/// The checked-in visitors, newest first, in a `TableView`: one self-sizing row per visitor
/// (`VisitorRow`, measured by Auto Layout), a trailing "Remove" swipe action, and a long press
/// that removes a row too. The list's API is what the controller uses: `insert(_:)`,
/// `remove(_:)`, `visitors`. Removing rows near the end clamps the offset (the table does it, as
/// UIKit does), so no gap shows under the last row.
@MainActor
final class VisitorList: View, TableViewDataSource, TableViewDelegate {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { VisitorList.self }

    let tableView = TableView(frame: .zero, style: .plain)
    let emptyLabel = Label(frame: .zero)
    /// Called after a row was removed (long press or swipe action).
    var onRemove: (@MainActor (Visitor) -> Void)?
    /// The visitors shown, top to bottom.
    private(set) var visitors: [Visitor] = []

    override init(frame: Rect) {
        super.init(frame: frame)
        emptyLabel.text = localized("No visitors yet")
        emptyLabel.textColor = CheckInPalette.secondary
        emptyLabel.textAlignment = .center
        tableView.backgroundColor = nil
        tableView.alwaysBounceVertical = false
        tableView.separatorStyle = .none
        tableView.allowsSelection = false
        tableView.rowHeight = TableView.automaticDimension
        tableView.estimatedRowHeight = 60
        tableView.register(VisitorRow.self, forCellReuseIdentifier: VisitorRow.reuseIdentifier)
        tableView.dataSource = self
        tableView.delegate = self
        addSubview(tableView)
        addSubview(emptyLabel)
        for view in [tableView, emptyLabel] as [View] { view.translatesAutoresizingMaskIntoConstraints = false }
        LayoutConstraint.activate([
            tableView.topAnchor.constraint(equalTo: topAnchor),
            tableView.leadingAnchor.constraint(equalTo: leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: trailingAnchor),
            tableView.bottomAnchor.constraint(equalTo: bottomAnchor),
            emptyLabel.centerXAnchor.constraint(equalTo: centerXAnchor),
            emptyLabel.topAnchor.constraint(equalTo: topAnchor, constant: 24)
        ])
    }

    /// The rows on screen, top to bottom.
    var visitorRows: [VisitorRow] { tableView.visibleCells.compactMap { $0 as? VisitorRow } }

    /// Adds `visitor` at the top.
    func insert(_ visitor: Visitor) {
        visitors.insert(visitor, at: 0)
        tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        emptyLabel.isHidden = true
    }

    /// Takes `row`'s visitor out of the list.
    func remove(_ row: VisitorRow) {
        guard let indexPath = tableView.indexPath(for: row) else { return }
        removeVisitor(at: indexPath)
    }

    private func removeVisitor(at indexPath: IndexPath) {
        let visitor = visitors.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .fade)
        emptyLabel.isHidden = !visitors.isEmpty
        onRemove?(visitor)
    }

    // MARK: TableViewDataSource, TableViewDelegate

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { visitors.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: VisitorRow.reuseIdentifier, for: indexPath)
        if let row = cell as? VisitorRow {
            row.show(visitors[indexPath.row])
            row.onRemove = { [unowned self] row in remove(row) }
        }
        return cell
    }

    /// Swipe left: "Remove" (a full swipe removes at once).
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        let remove = ContextualAction(style: .destructive, title: localized("Remove")) { [unowned self] _, _, done in
            removeVisitor(at: indexPath)
            done(true)
        }
        return SwipeActionsConfiguration(actions: [remove])
    }
}
