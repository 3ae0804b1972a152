import FoundationEssentials

/// Where and how one element of a collection view shows (UIKit's
/// `UICollectionViewLayoutAttributes`): a layout answers these, the collection view applies them
/// to the element's view.
@MainActor
open class CollectionViewLayoutAttributes {
    /// What an element is (UIKit's `UICollectionView.ElementCategory`).
    public enum ElementCategory: Sendable {
        /// An item's cell.
        case cell
        /// A supplementary view (a header, a footer, another kind).
        case supplementaryView
    }

    /// The element's item, or for a supplementary view its section (item 0).
    public let indexPath: IndexPath
    /// Cell or supplementary view.
    public let representedElementCategory: ElementCategory
    /// The supplementary view's kind (`CollectionView.elementKindSectionHeader`…), nil for a cell.
    public let representedElementKind: String?
    /// The frame in the collection view's content.
    public var frame: Rect
    /// The alpha the view shows with. Default 1.
    public var alpha = 1.0
    /// Whether the view is hidden. Default false.
    public var isHidden = false
    /// Higher shows above lower. Default 0 (supplementary views 10, so headers cover cells).
    public var zIndex = 0

    /// The frame's size.
    public var size: Size {
        get { frame.size }
        set { frame.size = newValue }
    }

    /// The frame's centre.
    public var center: Point {
        get { Point(x: frame.midX, y: frame.midY) }
        set { frame.origin = Point(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }

    /// Attributes for the cell of `indexPath` (UIKit's `init(forCellWith:)`).
    public init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .cell
        representedElementKind = nil
        frame = .zero
    }

    /// Attributes for a supplementary view of `elementKind` (UIKit's
    /// `init(forSupplementaryViewOfKind:with:)`).
    public init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
        frame = .zero
        zIndex = 10
    }

    /// A copy (UIKit's `copy()`), for `preferredLayoutAttributesFitting(_:)` to adjust.
    public func copy() -> CollectionViewLayoutAttributes {
        let copy =
            representedElementKind.map { CollectionViewLayoutAttributes(forSupplementaryViewOfKind: $0, with: indexPath) }
            ?? CollectionViewLayoutAttributes(forCellWith: indexPath)
        copy.frame = frame
        copy.alpha = alpha
        copy.isHidden = isHidden
        copy.zIndex = zIndex
        return copy
    }
}
