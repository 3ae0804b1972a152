import FoundationEssentials

/// UIKit's `UICollectionView`: a `ScrollView` of items in sections, placed by a
/// `CollectionViewLayout`, that makes cells only for the elements on screen and reuses them as
/// it scrolls.
///
/// - Data: a `dataSource` (`CollectionViewDataSource`, or a `CollectionViewDiffableDataSource`)
///   gives the counts and configures a cell per item from
///   `dequeueReusableCell(withReuseIdentifier:for:)`, and the supplementary views (headers and
///   footers) the layout places; the `delegate` (`CollectionViewDelegate`, also the scroll
///   view's delegate) hears of display, highlight and selection, and sizes flow-layout items
///   (`CollectionViewDelegateFlowLayout`).
/// - Geometry: the layout prepares once per change of data, size or direction; at each scroll
///   frame the collection view asks it for the elements crossing its bounds (O(log n) for the
///   built-in layouts, whose frames are indexed by `CollectionLayoutGeometry`).
/// - Reuse: the views of the visible elements plus the idle ones in the reuse pools (`ReusePool`,
///   shared with `TableView`; hidden subviews); scrolling moves views between the two and
///   allocates nothing once warm, so the number of cells stays about one screen beyond the
///   visible ones whatever the number of items.
/// - Updates: `insertItems`, `deleteItems`, `moveItem`, `reloadItems`, `insertSections`,
///   `deleteSections` and `performBatchUpdates` animate the items to their new places (the same
///   bookkeeping as the table's, `ListUpdateMap`); after deletions the offset is clamped to the
///   new content, as UIKit does.
/// - Touches: see `CollectionViewCell` (highlight after the scroll view's delay, select on a tap,
///   a drag cancels) and CollectionView+Selection.swift.
@MainActor
open class CollectionView: ScrollView {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { CollectionView.self }

    /// The kind of a section's header (UIKit's `UICollectionView.elementKindSectionHeader`).
    public static let elementKindSectionHeader = "CollectionElementKindSectionHeader"
    /// The kind of a section's footer (UIKit's `UICollectionView.elementKindSectionFooter`).
    public static let elementKindSectionFooter = "CollectionElementKindSectionFooter"

    /// Where `scrollToItem` puts the item (UIKit's `UICollectionView.ScrollPosition`): one
    /// vertical and one horizontal choice at most; none of an axis is the least scrolling that
    /// shows the item on it.
    public struct ScrollPosition: OptionSet, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Makes a position from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The least scrolling that shows the item.
        public static let none: ScrollPosition = []
        /// The item's top at the top edge.
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item centred vertically.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item's bottom at the bottom edge.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// The item's left at the left edge.
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// The item centred horizontally.
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// The item's right at the right edge.
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The layout that places the elements; setting it lays everything out again.
    public var collectionViewLayout: CollectionViewLayout {
        didSet {
            guard collectionViewLayout !== oldValue else { return }
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            layoutWasInvalidated()
        }
    }

    /// Gives the items and their cells.
    public weak var dataSource: CollectionViewDataSource?

    /// The collection view's delegate, when the scroll view's delegate is one (set `delegate`).
    public private(set) weak var collectionDelegate: CollectionViewDelegate?

    /// The scroll view's delegate; a `CollectionViewDelegate` set here is also the collection view's.
    public override var delegate: ScrollViewDelegate? {
        didSet {
            collectionDelegate = delegate as? CollectionViewDelegate
            if collectionViewLayout is CollectionViewFlowLayout { collectionViewLayout.invalidateLayout() }
        }
    }

    /// Whether a tap selects an item. Default true.
    public var allowsSelection = true
    /// Whether taps add items to the selection (and a tap on a selected item deselects it).
    public var allowsMultipleSelection = false

    // MARK: State

    /// One element on screen: its key, its view, and the tiling pass that last saw it.
    struct VisibleElement {
        var key: CollectionElementKey
        let view: CollectionReusableView
        var seen: Int
    }

    /// The item count of each section (as of the last reload or update).
    var itemCounts: [Int] = []
    /// The elements on screen, in no order, and where each key is in it.
    var visible: [VisibleElement] = []
    var visibleIndex: [CollectionElementKey: Int] = [:]
    /// The tiling pass, to find the elements that left.
    var generation = 0
    var cellPool = ReusePool<CollectionReusableView>()
    /// One pool per supplementary kind (an array mutated in place, as `ReusePool` explains).
    var supplementaryPools: [ReusePool<CollectionReusableView>] = []
    var supplementaryPoolIndex: [String: Int] = [:]
    /// Whether `reloadData` ran (or must run at the first layout).
    var hasLoadedData = false
    /// Whether the layout must be prepared before the next tiling.
    var needsPrepare = true
    /// The bounds size and direction the layout was last prepared for.
    var preparedSize = Size.zero
    var preparedDirection = UserInterfaceLayoutDirection.leftToRight
    /// Set while the collection view places elements, so a change of offset it makes does not re-enter.
    var isTiling = false
    /// The selected items, in the order they were selected.
    var selectedIndexPaths: [IndexPath] = []
    /// The cell a touch highlighted, while the touch lasts.
    weak var touchedCell: CollectionViewCell?
    /// Open batch updates (performBatchUpdates), nil outside one.
    var batch: ListChanges?

    /// A collection view placed by `layout` (UIKit's `init(frame:collectionViewLayout:)`).
    public init(frame: Rect, collectionViewLayout layout: CollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        let horizontal = (layout as? CollectionViewFlowLayout)?.scrollDirection == .horizontal
        alwaysBounceVertical = !horizontal
        alwaysBounceHorizontal = horizontal
        backgroundColor = .systemBackground
    }

    /// A collection view with a vertical `CollectionViewFlowLayout`.
    public convenience override init(frame: Rect) {
        self.init(frame: frame, collectionViewLayout: CollectionViewFlowLayout())
    }

    // MARK: Registration and reuse

    /// Registers the class whose cells `dequeueReusableCell(withReuseIdentifier:for:)` makes for
    /// `identifier` (nil unregisters).
    public func register(_ cellClass: CollectionViewCell.Type?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else { return cellPool.register(nil, for: identifier) }
        cellPool.register({ _ in cellClass.init(frame: .zero) }, for: identifier)
    }

    /// Registers the class whose views `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`
    /// makes for `kind` and `identifier` (nil unregisters).
    public func register(
        _ viewClass: CollectionReusableView.Type?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String
    ) {
        let index = supplementaryPool(kind)
        guard let viewClass else { return supplementaryPools[index].register(nil, for: identifier) }
        supplementaryPools[index].register({ _ in viewClass.init(frame: .zero) }, for: identifier)
    }

    private func supplementaryPool(_ kind: String) -> Int {
        if let index = supplementaryPoolIndex[kind] { return index }
        supplementaryPoolIndex[kind] = supplementaryPools.count
        supplementaryPools.append(ReusePool())
        return supplementaryPools.count - 1
    }

    /// An idle cell for `identifier` after `prepareForReuse()`, or a new one of the registered
    /// class. An identifier never registered is a programming error (UIKit raises): it is
    /// reported and a plain `CollectionViewCell` is made, so the item still shows.
    /// - Complexity: O(1); no allocation when an idle cell is there.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        if !cellPool.isRegistered(identifier) {
            ResponderDiagnostics.report(
                .layout("CollectionView: no class registered for the reuse identifier \"\(identifier)\"; registering CollectionViewCell"))
            register(CollectionViewCell.self, forCellWithReuseIdentifier: identifier)
        }
        let (view, isNew) = cellPool.dequeue(identifier)!
        adopt(view, identifier: identifier, isNew: isNew)
        guard let cell = view as? CollectionViewCell else {
            preconditionFailure("CollectionView: the reuse pool holds only cells")
        }
        return cell
    }

    /// An idle supplementary view of `kind` for `identifier`, or a new one of the registered
    /// class (an unregistered one is reported and a plain `CollectionReusableView` made).
    /// - Complexity: O(1); no allocation when an idle view is there.
    public func dequeueReusableSupplementaryView(ofKind kind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath)
        -> CollectionReusableView
    {
        let index = supplementaryPool(kind)
        if !supplementaryPools[index].isRegistered(identifier) {
            ResponderDiagnostics.report(
                .layout("CollectionView: no class registered for supplementary views of kind \"\(kind)\" and identifier \"\(identifier)\""))
            register(CollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
        }
        let (view, isNew) = supplementaryPools[index].dequeue(identifier)!
        adopt(view, identifier: identifier, isNew: isNew)
        return view
    }

    private func adopt(_ view: CollectionReusableView, identifier: String, isNew: Bool) {
        if isNew {
            view.reuseIdentifier = identifier
            view.collectionView = self
            view.isHidden = true
            addSubview(view)
        } else {
            view.prepareForReuse()
        }
    }

    /// How many cells the collection view made in all (each stays, on screen or idle).
    public var numberOfCellsMade: Int { cellPool.made }

    // MARK: Counts

    /// The number of sections (as of the last reload or update).
    public var numberOfSections: Int { itemCounts.count }

    /// The number of items in `section` (0 for a section that does not exist).
    public func numberOfItems(inSection section: Int) -> Int {
        section >= 0 && section < itemCounts.count ? itemCounts[section] : 0
    }

    /// Whether the item exists.
    func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.section >= 0 && indexPath.section < itemCounts.count && indexPath.item >= 0 && indexPath.item < itemCounts[indexPath.section]
    }

    /// The counts the data source answers now.
    func countsFromDataSource() -> [Int] {
        guard let dataSource else { return [] }
        let sections = max(0, dataSource.numberOfSections(in: self))
        return (0..<sections).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
    }

    /// Asks the data source for everything again: counts, the layout, and the elements on
    /// screen. Selection is cleared, as in UIKit.
    /// - Complexity: O(items) to prepare a built-in layout; O(visible) cells configured.
    public func reloadData() {
        hasLoadedData = true
        for entry in visible { retire(entry) }
        visible.removeAll(keepingCapacity: true)
        visibleIndex.removeAll(keepingCapacity: true)
        selectedIndexPaths = []
        itemCounts = countsFromDataSource()
        collectionViewLayout.forgetMeasurements()
        needsPrepare = true
        tileVisibleElements()
    }

    /// The layout is out of date (`invalidateLayout()`): prepared again at the next layout.
    func layoutWasInvalidated() {
        needsPrepare = true
        setNeedsLayout()
    }

    // MARK: Geometry

    /// The item at `point` (the collection view's coordinates), nil over no item.
    /// - Complexity: O(log n) for the built-in layouts, no allocation.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        prepareLayoutIfNeeded()
        var found: IndexPath?
        collectionViewLayout.forEachElement(in: Rect(x: point.x, y: point.y, width: 1e-6, height: 1e-6)) { key, frame in
            if key.kind == nil, frame.contains(point) { found = key.indexPath }
        }
        return found
    }

    /// The cell showing the item, nil when it is not on screen.
    /// - Complexity: O(1).
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
        visibleIndex[.cell(indexPath)].flatMap { visible[$0].view as? CollectionViewCell }
    }

    /// The supplementary view of `kind` showing at `indexPath`, nil when not on screen.
    public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath) -> CollectionReusableView? {
        visibleIndex[CollectionElementKey(kind: kind, section: indexPath.section, item: indexPath.item)].map { visible[$0].view }
    }

    /// The item a cell shows, nil when it shows none (idle, or not this collection view's).
    /// - Complexity: O(visible).
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
        visible.first { $0.view === cell && $0.key.kind == nil }?.key.indexPath
    }

    /// The cells on screen, in item order.
    public var visibleCells: [CollectionViewCell] {
        visible.filter { $0.key.kind == nil }.sorted { ($0.key.section, $0.key.item) < ($1.key.section, $1.key.item) }
            .compactMap { $0.view as? CollectionViewCell }
    }

    /// The items on screen, in order.
    public var indexPathsForVisibleItems: [IndexPath] {
        visible.filter { $0.key.kind == nil }.map(\.key.indexPath).sorted()
    }

    /// The attributes of an item from the layout (nil when it does not exist).
    public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// Scrolls so the item shows at `scrollPosition` (clamped to the content).
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard contains(indexPath), let rect = layoutAttributesForItem(at: indexPath)?.frame else {
            return ResponderDiagnostics.report(
                .layout("CollectionView.scrollToItem: no item \(indexPath.item) in section \(indexPath.section)"))
        }
        var target = contentOffset
        func place(_ origin: inout Double, _ min: Double, _ mid: Double, _ max: Double, _ extent: Double, _ lead: Bool, _ centre: Bool, _ trail: Bool) {
            if lead {
                origin = min
            } else if centre {
                origin = mid - extent / 2
            } else if trail {
                origin = max - extent
            } else if min < origin {
                origin = min
            } else if max > origin + extent {
                origin = max - extent
            }
        }
        place(
            &target.y, rect.minY, rect.midY, rect.maxY, bounds.height, scrollPosition.contains(.top), scrollPosition.contains(.centeredVertically),
            scrollPosition.contains(.bottom))
        place(
            &target.x, rect.minX, rect.midX, rect.maxX, bounds.width, scrollPosition.contains(.left),
            scrollPosition.contains(.centeredHorizontally), scrollPosition.contains(.right))
        target = clamped(target)
        if target != contentOffset { setContentOffset(target, animated: animated) }
    }

    // MARK: Layout

    /// Prepares the layout when its data, the bounds size or the direction changed.
    func prepareLayoutIfNeeded() {
        guard hasLoadedData else { return }
        if !needsPrepare, collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) { needsPrepare = true }
        guard needsPrepare else { return }
        needsPrepare = false
        preparedSize = bounds.size
        preparedDirection = effectiveUserInterfaceLayoutDirection
        collectionViewLayout.prepare()
        updateContentSize()
    }

    /// The content size is the layout's.
    func updateContentSize() {
        let size = collectionViewLayout.collectionViewContentSize
        if contentSize != size { contentSize = size }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if !hasLoadedData {
            reloadData()
            return
        }
        if preparedDirection != effectiveUserInterfaceLayoutDirection { needsPrepare = true }
        tileVisibleElements()
    }

    override func contentOffsetDidChange() {
        guard hasLoadedData, !isTiling else { return }
        tileVisibleElements()
    }
}
