import FoundationEssentials

/// UIKit's `UITableView`: a vertical `ScrollView` of rows in sections that makes cells only for
/// the rows on screen and reuses them as it scrolls.
///
/// - Data: a `dataSource` (`TableViewDataSource`) gives the counts and configures a cell per row
///   from `dequeueReusableCell(withIdentifier:for:)`; the `delegate` (`TableViewDelegate`, also
///   the scroll view's delegate) gives heights, section views, selection and swipe actions.
/// - Geometry: every section header, row and footer is a slot in a prefix-sum index
///   (`RowHeightIndex`), so finding the row at an offset and the offset of a row cost O(log n)
///   whatever the number of rows. With `estimatedRowHeight` (on by default) a row's real height
///   is asked (or measured by Auto Layout for `automaticDimension`) when it first shows.
/// - Reuse: the table keeps the cells of the visible rows plus the idle ones in its reuse pool
///   (hidden subviews); scrolling moves cells between the two and allocates nothing once warm,
///   and the number of cells stays one screen beyond the visible ones whatever the number of rows.
/// - Updates: `insertRows`, `deleteRows`, `moveRow`, `reloadRows` and `performBatchUpdates`
///   animate the rows to their new places with `View.animate`; after deletions the offset is
///   clamped to the new content, as UIKit does, so no gap shows under the last row.
/// - Touches: see `TableViewCell` (highlight after the scroll view's delay, select on a tap, a
///   drag cancels) and TableView+SwipeActions.swift (swipe left for trailing actions).
@MainActor
open class TableView: ScrollView {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { TableView.self }

    /// How sections look (UIKit's `UITableView.Style`).
    public enum Style: Sendable {
        /// Rows edge to edge, headers only where titled.
        case plain
        /// Sections separated by gaps on a grouped background.
        case grouped
        /// Grouped, with the sections inset from the edges and rounded.
        case insetGrouped
    }

    /// How inserted, deleted and reloaded rows appear or go (UIKit's `RowAnimation`). The rows
    /// around them always slide; `.none` makes the change at once.
    public enum RowAnimation: Sendable {
        /// The row fades in or out.
        case fade
        /// The row slides in from or out to the right (shown as a fade here).
        case right
        /// The row slides in from or out to the left (shown as a fade here).
        case left
        /// The row comes down from or goes up behind the row above (shown as a fade here).
        case top
        /// The row comes up from or goes down behind the row below (shown as a fade here).
        case bottom
        /// No animation: the change is made at once.
        case none
        /// The row grows from or shrinks to its middle (shown as a fade here).
        case middle
        /// The table's choice (a fade).
        case automatic
    }

    /// Where `scrollToRow` puts the row (UIKit's `ScrollPosition`).
    public enum ScrollPosition: Sendable {
        /// The least scrolling that shows it.
        case none
        /// The row at the top of the table.
        case top
        /// The row in the middle of the table.
        case middle
        /// The row at the bottom of the table.
        case bottom
    }

    /// Whether rows have separators (UIKit's `UITableViewCell.SeparatorStyle`).
    public enum SeparatorStyle: Sendable {
        /// No separators.
        case none
        /// A thin line under each row, inset from the leading edge.
        case singleLine
    }

    /// A height that means "work it out": Auto Layout for rows, the table's rule for sections.
    public static let automaticDimension = -1.0

    /// The style given at creation.
    public let style: Style

    /// Gives the rows and their cells.
    public weak var dataSource: TableViewDataSource?

    /// The table's delegate, when the scroll view's delegate is one (set `delegate`, as in UIKit).
    public private(set) weak var tableDelegate: TableViewDelegate?

    /// The scroll view's delegate; a `TableViewDelegate` set here is also the table's.
    public override var delegate: ScrollViewDelegate? {
        didSet { tableDelegate = delegate as? TableViewDelegate }
    }

    /// The height of every row without `heightForRowAt`; `automaticDimension` sizes rows by Auto
    /// Layout (their content view's constraints). Default 44.
    public var rowHeight = 44.0 { didSet { if rowHeight != oldValue { reloadGeometryIfLoaded() } } }
    /// The height rows are assumed to have before they show (0: every height is asked up front).
    /// Default `automaticDimension`: `rowHeight` when it is a number, else 44.
    public var estimatedRowHeight = TableView.automaticDimension {
        didSet { if estimatedRowHeight != oldValue { reloadGeometryIfLoaded() } }
    }
    /// The height of a titled header (or one with a view) without `heightForHeaderInSection`.
    public var sectionHeaderHeight = 28.0
    /// The height of a titled footer without `heightForFooterInSection`.
    public var sectionFooterHeight = 28.0
    /// Whether rows show separators.
    public var separatorStyle: SeparatorStyle = .singleLine { didSet { for entry in visible { entry.cell?.separatorView.isHidden = separatorStyle == .none } } }
    /// Whether a tap selects a row. Default true.
    public var allowsSelection = true
    /// Whether taps add rows to the selection (and a tap on a selected row deselects it).
    public var allowsMultipleSelection = false

    // MARK: State

    /// One slot on screen: a row's cell, or a header or footer view.
    struct VisibleSlot {
        var slot: Int
        let view: View
        /// The row's cell (nil for headers and footers).
        let cell: TableViewCell?
        /// The reuse identifier a cell goes back under (nil for headers and footers).
        var reuseIdentifier: String?
        /// A header/footer the table made for a title (reused), not the delegate's view.
        var isTitleView: Bool
    }

    var slots = TableViewSlots()
    var heights = RowHeightIndex()
    /// The slots on screen, by slot.
    var visible: [VisibleSlot] = []
    var cellPool = ReusePool<TableViewCell>()
    var titleViewPool = ReusePool<TableViewHeaderFooterView>()
    /// Whether `reloadData` ran (or must run at the first layout).
    var hasLoadedData = false
    /// Set while the table places rows, so a change of offset it makes does not re-enter.
    var isTiling = false
    /// The index paths of the selected rows, in the order they were selected.
    var selectedIndexPaths: [IndexPath] = []
    /// The cell a touch highlighted, while the touch lasts.
    weak var touchedCell: TableViewCell?
    /// A touch that only closed revealed swipe actions: it neither highlights nor selects.
    var touchClosesSwipe = false
    /// The row whose swipe actions show, its actions and the offset when the pan began.
    var swipe: SwipeState?
    /// The pan that reveals swipe actions.
    let swipeRecognizer = SwipeActionPanGestureRecognizer()
    /// Open batch updates (performBatchUpdates), nil outside one.
    var batch: BatchUpdates?

    /// A table of a style.
    public init(frame: Rect, style: Style) {
        self.style = style
        super.init(frame: frame)
        alwaysBounceVertical = true
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        swipeRecognizer.tableView = self
        swipeRecognizer.name = "TableView.swipeActions"
        swipeRecognizer.addTarget(swipeTarget, action: SwipeActionTarget.action)
        swipeTarget.tableView = self
        addGestureRecognizer(swipeRecognizer)
        titleViewPool.register({ _ in TableViewHeaderFooterView(frame: .zero) }, for: "title")
    }

    /// A `.plain` table.
    public convenience override init(frame: Rect) { self.init(frame: frame, style: .plain) }

    /// Receives the swipe pan's actions (targets are held weakly).
    private let swipeTarget = SwipeActionTarget()

    // MARK: Registration and reuse

    /// Registers the class whose cells `dequeueReusableCell(withIdentifier:for:)` makes for
    /// `identifier` (nil unregisters).
    public func register(_ cellClass: TableViewCell.Type?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else { return cellPool.register(nil, for: identifier) }
        cellPool.register({ cellClass.init(style: .default, reuseIdentifier: $0) }, for: identifier)
    }

    /// Registers a closure that makes cells for `identifier` (a cell of another style, say).
    public func register(forCellReuseIdentifier identifier: String, _ make: @escaping @MainActor (_ reuseIdentifier: String) -> TableViewCell) {
        cellPool.register(make, for: identifier)
    }

    /// An idle cell for `identifier` after `prepareForReuse()`, or a new one of the registered
    /// class. An identifier never registered is a programming error (UIKit raises): it is
    /// reported and a `.default` cell is made, so the row still shows.
    /// - Complexity: O(1); no allocation when an idle cell is there.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        if !cellPool.isRegistered(identifier) {
            ResponderDiagnostics.report(
                .layout("TableView: no class registered for the reuse identifier \"\(identifier)\"; registering TableViewCell"))
            register(TableViewCell.self, forCellReuseIdentifier: identifier)
        }
        let (cell, isNew) = cellPool.dequeue(identifier)!
        if isNew {
            cell.tableView = self
            cell.isHidden = true
            addSubview(cell)
        } else {
            cell.prepareForReuse()
        }
        return cell
    }

    /// How many cells the table made in all (each stays, on screen or idle in the reuse pool).
    public var numberOfCellsMade: Int { cellPool.made }

    // MARK: Counts and geometry

    /// The number of sections (as of the last reload or update).
    public var numberOfSections: Int { slots.sectionCount }

    /// The number of rows in `section` (0 for a section that does not exist).
    public func numberOfRows(inSection section: Int) -> Int {
        section >= 0 && section < slots.sectionCount ? slots.rowCounts[section] : 0
    }

    /// Asks the data source for everything again: counts, heights (estimated ones are asked as
    /// rows show), and the cells on screen. Selection is cleared, as in UIKit.
    /// - Complexity: O(rows) for the heights; O(visible rows) cells configured.
    public func reloadData() {
        hasLoadedData = true
        closeSwipeActions(animated: false)
        for entry in visible { retire(entry) }
        visible.removeAll(keepingCapacity: true)
        selectedIndexPaths = []
        rebuildGeometry()
        tileVisibleSlots()
    }

    /// Counts and heights from the data source and delegate.
    func rebuildGeometry(keeping old: ((_ section: Int, _ row: Int) -> (height: Double, exact: Bool)?)? = nil) {
        let sections = max(0, dataSource.map { $0.numberOfSections(in: self) } ?? 0)
        var counts: [Int] = []
        counts.reserveCapacity(sections)
        for section in 0..<sections {
            counts.append(max(0, dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0))
        }
        slots = TableViewSlots(rowCounts: counts)
        var all: [Double] = []
        var exact: [Bool] = []
        all.reserveCapacity(slots.count)
        exact.reserveCapacity(slots.count)
        let estimate = effectiveEstimatedRowHeight
        for section in 0..<sections {
            all.append(headerHeight(section))
            exact.append(true)
            for row in 0..<counts[section] {
                if let kept = old?(section, row) {
                    all.append(kept.height)
                    exact.append(kept.exact)
                } else if let estimate {
                    all.append(estimate)
                    exact.append(false)
                } else {
                    let height = askedRowHeight(IndexPath(row: row, section: section))
                    all.append(height ?? 44)
                    exact.append(height != nil)
                }
            }
            all.append(footerHeight(section))
            exact.append(true)
        }
        heights.rebuild(heights: all, exact: exact)
        updateContentSize()
    }

    /// The estimate rows start at, or nil when estimation is off (`estimatedRowHeight` 0).
    var effectiveEstimatedRowHeight: Double? {
        if estimatedRowHeight > 0 { return estimatedRowHeight }
        if estimatedRowHeight == 0 { return nil }
        return rowHeight > 0 ? rowHeight : 44
    }

    /// The row's height from the delegate or `rowHeight`; nil for `automaticDimension` (it must
    /// be measured from its cell).
    func askedRowHeight(_ indexPath: IndexPath) -> Double? {
        let height = tableDelegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
        guard height >= 0, height.isFinite else { return nil }
        return height
    }

    private func headerHeight(_ section: Int) -> Double {
        let asked = tableDelegate?.tableView(self, heightForHeaderInSection: section) ?? TableView.automaticDimension
        if asked >= 0, asked.isFinite { return asked }
        if dataSource?.tableView(self, titleForHeaderInSection: section) != nil { return sectionHeaderHeight }
        if tableDelegate?.tableView(self, viewForHeaderInSection: section) != nil { return sectionHeaderHeight }
        return style == .plain ? 0 : (section == 0 ? 35 : 18)
    }

    private func footerHeight(_ section: Int) -> Double {
        let asked = tableDelegate?.tableView(self, heightForFooterInSection: section) ?? TableView.automaticDimension
        if asked >= 0, asked.isFinite { return asked }
        if dataSource?.tableView(self, titleForFooterInSection: section) != nil { return sectionFooterHeight }
        if tableDelegate?.tableView(self, viewForFooterInSection: section) != nil { return sectionFooterHeight }
        return style == .plain ? 0 : 18
    }

    private func reloadGeometryIfLoaded() {
        guard hasLoadedData else { return }
        reloadData()
    }

    /// The content is every slot's height; the width is the table's.
    func updateContentSize() {
        let size = Size(width: bounds.width, height: heights.total)
        if contentSize != size { contentSize = size }
    }

    /// The horizontal extent of rows: edge to edge, or inset for `.insetGrouped`.
    var rowInsetX: Double { style == .insetGrouped ? 16 : 0 }

    /// The frame of a slot in the table's content.
    /// - Complexity: O(log n).
    func frame(ofSlot slot: Int) -> Rect {
        Rect(x: rowInsetX, y: heights.offset(of: slot), width: max(0, bounds.width - 2 * rowInsetX), height: heights.height(of: slot))
    }

    /// The rectangle of a row in the table's coordinates (`Rect.null` for a row that does not exist).
    /// - Complexity: O(log n).
    public func rectForRow(at indexPath: IndexPath) -> Rect {
        guard slots.contains(row: indexPath.row, section: indexPath.section) else { return .null }
        return frame(ofSlot: slots.slot(row: indexPath.row, section: indexPath.section))
    }

    /// The row at `point` (the table's coordinates), nil over a header, a footer or no row.
    /// - Complexity: O(log n), no allocation.
    public func indexPathForRow(at point: Point) -> IndexPath? {
        guard point.y >= 0, point.y < heights.total, let slot = heights.slot(at: point.y) else { return nil }
        guard case let .row(section, row) = slots.kind(of: slot) else { return nil }
        return IndexPath(row: row, section: section)
    }

    /// The cell showing the row, nil when the row is not on screen.
    /// - Complexity: O(visible rows).
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        guard slots.contains(row: indexPath.row, section: indexPath.section) else { return nil }
        let slot = slots.slot(row: indexPath.row, section: indexPath.section)
        return visible.first { $0.slot == slot }?.cell
    }

    /// The row a cell shows, nil when it shows none (idle, or not this table's).
    public func indexPath(for cell: TableViewCell) -> IndexPath? {
        guard let entry = visible.first(where: { $0.view === cell }) else { return nil }
        return indexPath(ofSlot: entry.slot)
    }

    func indexPath(ofSlot slot: Int) -> IndexPath? {
        guard case let .row(section, row) = slots.kind(of: slot) else { return nil }
        return IndexPath(row: row, section: section)
    }

    /// The cells on screen, top to bottom.
    public var visibleCells: [TableViewCell] { visible.compactMap(\.cell) }

    /// The rows on screen, top to bottom (nil when none).
    public var indexPathsForVisibleRows: [IndexPath]? {
        let paths = visible.compactMap { $0.cell == nil ? nil : indexPath(ofSlot: $0.slot) }
        return paths.isEmpty ? nil : paths
    }

    /// The header view showing for `section`, if on screen.
    public func headerView(forSection section: Int) -> View? {
        guard section >= 0, section < slots.sectionCount else { return nil }
        let slot = slots.headerSlot(section)
        return visible.first { $0.slot == slot }?.view
    }

    /// The footer view showing for `section`, if on screen.
    public func footerView(forSection section: Int) -> View? {
        guard section >= 0, section < slots.sectionCount else { return nil }
        let slot = slots.footerSlot(section)
        return visible.first { $0.slot == slot }?.view
    }

    /// Scrolls so the row shows at `position` (clamped to the content).
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        guard slots.contains(row: indexPath.row, section: indexPath.section) else {
            return ResponderDiagnostics.report(.layout("TableView.scrollToRow: no row \(indexPath.row) in section \(indexPath.section)"))
        }
        let rect = frame(ofSlot: slots.slot(row: indexPath.row, section: indexPath.section))
        var y = contentOffset.y
        switch position {
        case .top: y = rect.minY
        case .middle: y = rect.midY - bounds.height / 2
        case .bottom: y = rect.maxY - bounds.height
        case .none:
            if rect.minY < y { y = rect.minY } else if rect.maxY > y + bounds.height { y = rect.maxY - bounds.height }
        }
        let target = clamped(Point(x: contentOffset.x, y: y))
        if target != contentOffset { setContentOffset(target, animated: animated) }
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        if !hasLoadedData {
            reloadData()
            return
        }
        updateContentSize()
        tileVisibleSlots()
    }

    override func contentOffsetDidChange() {
        guard hasLoadedData, !isTiling else { return }
        tileVisibleSlots()
    }
}
