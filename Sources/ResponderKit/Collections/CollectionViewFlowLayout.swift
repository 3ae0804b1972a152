import FoundationEssentials

/// Items in lines that wrap (UIKit's `UICollectionViewFlowLayout`): rows that fill the width and
/// scroll vertically, or columns that fill the height and scroll horizontally, with section
/// insets, spacing, headers and footers, and per-item sizes from the delegate
/// (`CollectionViewDelegateFlowLayout`) or by self-sizing (`estimatedItemSize`).
///
/// Spacing follows UIKit: a line holds as many items as fit with `minimumInteritemSpacing`
/// between them; a full line spreads what is left between its items (justified), the last line
/// of a section keeps the minimum spacing, and items smaller than their line are centred across
/// it. In right-to-left layout lines start at the trailing (left) edge: the frames mirror.
///
/// - Complexity: `prepare()` is O(items) (it computes every frame); finding the elements of the
///   visible rectangle is O(log items) and allocates nothing.
@MainActor
open class CollectionViewFlowLayout: CollectionViewLayout {
    /// Which way the content scrolls (UIKit's `UICollectionView.ScrollDirection`).
    public enum ScrollDirection: Sendable {
        /// Rows, scrolling up and down.
        case vertical
        /// Columns, scrolling left and right.
        case horizontal
    }

    /// `estimatedItemSize` for "measure every item" with no estimate of its own (UIKit's
    /// `automaticSize`): the items start at `itemSize`.
    public static let automaticSize = Size(width: -1, height: -1)

    /// The size of every item without `sizeForItemAt`. Default 50×50.
    public var itemSize = Size(width: 50, height: 50) { didSet { invalidateIfChanged(itemSize != oldValue) } }
    /// Non-zero: items are sized by their cells (`preferredLayoutAttributesFitting`, by default
    /// Auto Layout's `systemLayoutSizeFitting`) when they first show, starting at this estimate.
    public var estimatedItemSize = Size.zero { didSet { invalidateIfChanged(estimatedItemSize != oldValue) } }
    /// The least space between lines. Default 10.
    public var minimumLineSpacing = 10.0 { didSet { invalidateIfChanged(minimumLineSpacing != oldValue) } }
    /// The least space between items of a line. Default 10.
    public var minimumInteritemSpacing = 10.0 { didSet { invalidateIfChanged(minimumInteritemSpacing != oldValue) } }
    /// The margins around each section's items (inside its header and footer).
    public var sectionInset = EdgeInsets.zero { didSet { invalidateIfChanged(sectionInset != oldValue) } }
    /// Rows scrolling vertically (default) or columns scrolling horizontally.
    public var scrollDirection = ScrollDirection.vertical { didSet { invalidateIfChanged(scrollDirection != oldValue) } }
    /// The size of each section's header (its height scrolling vertically, its width
    /// horizontally; zero: no header).
    public var headerReferenceSize = Size.zero { didSet { invalidateIfChanged(headerReferenceSize != oldValue) } }
    /// The size of each section's footer (zero: no footer).
    public var footerReferenceSize = Size.zero { didSet { invalidateIfChanged(footerReferenceSize != oldValue) } }

    /// The sizes the cells asked for (self-sizing), by item.
    private var measuredSizes: [IndexPath: Size] = [:]

    private func invalidateIfChanged(_ changed: Bool) {
        if changed { invalidateLayout() }
    }

    /// Whether the items are sized by their cells.
    private var selfSizing: Bool { estimatedItemSize != .zero }

    /// Computes every item's, header's and footer's frame.
    open override func prepare() {
        super.prepare()
        guard let collectionView else {
            geometry = nil
            return
        }
        let horizontal = scrollDirection == .horizontal
        let flowDelegate = collectionView.collectionDelegate as? CollectionViewDelegateFlowLayout
        let bounds = collectionView.bounds.size
        var geometry = CollectionLayoutGeometry(isHorizontal: horizontal)
        // Main: the scroll axis; cross: across it.
        let crossExtent = horizontal ? bounds.height : bounds.width
        func main(_ size: Size) -> Double { horizontal ? size.width : size.height }
        func cross(_ size: Size) -> Double { horizontal ? size.height : size.width }
        func rect(main m: Double, cross c: Double, mainLength: Double, crossLength: Double) -> Rect {
            horizontal
                ? Rect(x: m, y: c, width: mainLength, height: crossLength) : Rect(x: c, y: m, width: crossLength, height: mainLength)
        }
        var position = 0.0
        var sizes: [Size] = []
        for section in 0..<collectionView.numberOfSections {
            geometry.beginSection()
            let inset = flowDelegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
            let lineSpacing =
                flowDelegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing
            let itemSpacing =
                flowDelegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section)
                ?? minimumInteritemSpacing
            // A header or footer spans the cross extent, as long as its reference size says.
            func placeSupplementary(_ kind: String, _ size: Size) {
                guard main(size) > 0 else { return }
                geometry.appendSupplementary(
                    kind: kind, section: section, frame: rect(main: position, cross: 0, mainLength: main(size), crossLength: crossExtent))
                position += main(size)
            }
            placeSupplementary(
                CollectionView.elementKindSectionHeader,
                flowDelegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section) ?? headerReferenceSize)
            let (mainBefore, mainAfter, crossBefore, crossAfter) =
                horizontal ? (inset.left, inset.right, inset.top, inset.bottom) : (inset.top, inset.bottom, inset.left, inset.right)
            position += mainBefore
            let available = max(0, crossExtent - crossBefore - crossAfter)
            let count = collectionView.numberOfItems(inSection: section)
            sizes.removeAll(keepingCapacity: true)
            for item in 0..<count { sizes.append(size(ofItem: IndexPath(item: item, section: section), flowDelegate, collectionView)) }
            var first = 0
            while first < count {
                // As many items as fit (at least one).
                var end = first + 1
                var used = cross(sizes[first])
                while end < count, used + itemSpacing + cross(sizes[end]) <= available + 1e-9 {
                    used += itemSpacing + cross(sizes[end])
                    end += 1
                }
                let lineLength = sizes[first..<end].reduce(0) { max($0, main($1)) }
                let isLast = end == count
                let gap = end - first > 1 && !isLast ? itemSpacing + (available - used) / Double(end - first - 1) : itemSpacing
                var along = crossBefore
                for index in first..<end {
                    let itemSize = sizes[index]
                    let centred = position + (lineLength - main(itemSize)) / 2
                    geometry.appendItem(
                        rect(main: centred, cross: along, mainLength: main(itemSize), crossLength: cross(itemSize)), band: position)
                    along += cross(itemSize) + gap
                }
                position += lineLength
                if !isLast { position += lineSpacing }
                first = end
            }
            position += mainAfter
            placeSupplementary(
                CollectionView.elementKindSectionFooter,
                flowDelegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section) ?? footerReferenceSize)
        }
        geometry.contentSize = horizontal ? Size(width: position, height: bounds.height) : Size(width: bounds.width, height: position)
        if isRightToLeft { geometry.mirrorWidth = geometry.contentSize.width }
        self.geometry = geometry
    }

    /// An item's size: the delegate's, the measured one, the estimate or `itemSize`.
    private func size(ofItem indexPath: IndexPath, _ flowDelegate: CollectionViewDelegateFlowLayout?, _ collectionView: CollectionView)
        -> Size
    {
        if selfSizing {
            if let measured = measuredSizes[indexPath] { return measured }
            return estimatedItemSize == CollectionViewFlowLayout.automaticSize ? itemSize : estimatedItemSize
        }
        let size = flowDelegate?.collectionView(collectionView, layout: self, sizeForItemAt: indexPath) ?? itemSize
        return Size(width: max(0, size.width), height: max(0, size.height))
    }

    override func needsMeasuring(_ indexPath: IndexPath) -> Bool { selfSizing && measuredSizes[indexPath] == nil }

    override func record(preferredSize: Size, for indexPath: IndexPath) -> Bool {
        let size = Size(width: max(0, preferredSize.width), height: max(0, preferredSize.height))
        let current = measuredSizes[indexPath] ?? (estimatedItemSize == CollectionViewFlowLayout.automaticSize ? itemSize : estimatedItemSize)
        measuredSizes[indexPath] = size
        return size != current
    }

    override func forgetMeasurements() { measuredSizes.removeAll() }
}
