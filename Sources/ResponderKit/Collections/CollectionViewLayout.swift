import FoundationEssentials

/// Where a collection view's elements go (UIKit's `UICollectionViewLayout`): subclass it and
/// override `prepare()`, `collectionViewContentSize`, `layoutAttributesForElements(in:)` and
/// `layoutAttributesForItem(at:)`, or use `CollectionViewFlowLayout` or
/// `CollectionViewCompositionalLayout`.
///
/// The collection view calls `prepare()` before it first lays out and after every
/// `invalidateLayout()` (its data, bounds size or layout direction changed), then asks for the
/// elements in its visible rectangle at every scroll frame. The built-in layouts answer that
/// from an index of the frames they prepared (`CollectionLayoutGeometry`) without allocating;
/// a custom layout's `layoutAttributesForElements(in:)` is called instead.
@MainActor
open class CollectionViewLayout {
    /// The collection view using this layout (set when it is given to one).
    public internal(set) weak var collectionView: CollectionView?

    /// What the built-in layouts prepared (nil for a custom layout, or before `prepare()`).
    var geometry: CollectionLayoutGeometry?

    /// A layout.
    public init() {}

    /// Computes the layout; called before the first layout and after each invalidation.
    open func prepare() {}

    /// The size of the whole content. Default: the prepared geometry's, else zero.
    open var collectionViewContentSize: Size { geometry?.contentSize ?? .zero }

    /// The attributes of every element crossing `rect` (the collection view's content
    /// coordinates). Default: from the prepared geometry.
    /// - Complexity: O(log n + found) for the built-in layouts.
    open func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]? {
        guard let geometry else { return nil }
        var all: [CollectionViewLayoutAttributes] = []
        geometry.forEachSupplementary(in: rect) { index, frame in
            let supplementary = geometry.supplementaries[index]
            let attributes = CollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: supplementary.kind, with: IndexPath(item: 0, section: supplementary.section))
            attributes.frame = frame
            all.append(attributes)
        }
        geometry.forEachItem(in: rect) { flat, frame in
            let attributes = CollectionViewLayoutAttributes(forCellWith: geometry.indexPath(ofFlat: flat))
            attributes.frame = frame
            all.append(attributes)
        }
        return all
    }

    /// The attributes of one item (nil when it does not exist).
    /// - Complexity: O(1) for the built-in layouts.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard let geometry, let flat = geometry.flatIndex(of: indexPath) else { return nil }
        let attributes = CollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = geometry.frame(ofFlat: flat)
        return attributes
    }

    /// The attributes of a supplementary view (nil when the layout has none there).
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        guard let geometry, let index = geometry.supplementaryIndex(kind: elementKind, section: indexPath.section) else { return nil }
        let attributes = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: elementKind, with: indexPath)
        attributes.frame = geometry.shown(geometry.supplementaries[index].frame)
        return attributes
    }

    /// Marks the layout out of date: the collection view prepares it again at its next layout.
    open func invalidateLayout() {
        collectionView?.layoutWasInvalidated()
    }

    /// Whether a change of the collection view's bounds to `newBounds` needs a new layout.
    /// Default: when the size differs from the one the layout was prepared for (the built-in
    /// layouts fit their content to it); scrolling alone never does.
    open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let collectionView else { return false }
        return newBounds.size != collectionView.preparedSize
    }

    /// Whether the item's cell must be measured when it shows (self-sizing). Default false.
    func needsMeasuring(_ indexPath: IndexPath) -> Bool { false }

    /// Records the size a cell asked for; true when it differs from the one laid out (the
    /// collection view then prepares the layout again).
    func record(preferredSize: Size, for indexPath: IndexPath) -> Bool { false }

    /// Forgets measured sizes (the data was reloaded).
    func forgetMeasurements() {}

    /// Whether the collection view lays out right to left (the built-in layouts mirror then).
    var isRightToLeft: Bool { collectionView?.effectiveUserInterfaceLayoutDirection == .rightToLeft }

    /// Calls `body` for every element crossing `rect`: the built-in layouts from their geometry
    /// (no allocation), a custom layout through `layoutAttributesForElements(in:)`.
    func forEachElement(in rect: Rect, _ body: (_ key: CollectionElementKey, _ frame: Rect) -> Void) {
        if let geometry {
            geometry.forEachSupplementary(in: rect) { index, frame in
                let supplementary = geometry.supplementaries[index]
                body(CollectionElementKey(kind: supplementary.kind, section: supplementary.section, item: 0), frame)
            }
            geometry.forEachItem(in: rect) { flat, frame in
                let path = geometry.indexPath(ofFlat: flat)
                body(CollectionElementKey(kind: nil, section: path.section, item: path.item), frame)
            }
            return
        }
        for attributes in layoutAttributesForElements(in: rect) ?? [] where !attributes.isHidden {
            let key = CollectionElementKey(
                kind: attributes.representedElementCategory == .cell ? nil : attributes.representedElementKind,
                section: attributes.indexPath.section, item: attributes.indexPath.item)
            body(key, attributes.frame)
        }
    }
}

/// Which element a view shows: an item's cell (`kind` nil) or a supplementary view of a kind.
struct CollectionElementKey: Hashable {
    /// The supplementary kind, nil for a cell.
    var kind: String?
    /// The section.
    var section: Int
    /// The item (0 for a section's supplementary view).
    var item: Int

    /// The key of an item's cell.
    static func cell(_ indexPath: IndexPath) -> CollectionElementKey {
        CollectionElementKey(kind: nil, section: indexPath.section, item: indexPath.item)
    }

    /// The index path of the element.
    var indexPath: IndexPath { IndexPath(item: item, section: section) }
}
