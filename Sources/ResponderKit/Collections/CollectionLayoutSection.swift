/// A section of a compositional layout (UIKit's `NSCollectionLayoutSection`): one group repeated
/// along the scroll axis until the section's items run out, with insets, spacing between the
/// groups, and boundary supplementary items (headers and footers).
@MainActor
open class CollectionLayoutSection {
    /// The group that repeats.
    public let group: CollectionLayoutGroup
    /// Space around the section's groups (leading and trailing follow the layout direction).
    /// Headers and footers follow the leading and trailing insets too (UIKit's
    /// `supplementariesFollowContentInsets`).
    public var contentInsets = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    /// The space between one group and the next.
    public var interGroupSpacing = 0.0
    /// Headers and footers around the section.
    public var boundarySupplementaryItems: [CollectionLayoutBoundarySupplementaryItem] = []

    /// A section repeating `group`.
    public init(group: CollectionLayoutGroup) {
        self.group = group
    }
}

/// A header or footer of a compositional layout's section (UIKit's
/// `NSCollectionLayoutBoundarySupplementaryItem`): its size relative to the section's width
/// (height when scrolling horizontally), its kind, and which edge it sits on.
@MainActor
open class CollectionLayoutBoundarySupplementaryItem {
    /// Which edge of the section a boundary item sits on (UIKit's `NSRectAlignment`, the edges
    /// that a boundary item can use).
    public enum Alignment: Sendable {
        /// Before the section's items, scrolling vertically (a header).
        case top
        /// After the section's items, scrolling vertically (a footer).
        case bottom
        /// Before the section's items, scrolling horizontally.
        case leading
        /// After the section's items, scrolling horizontally.
        case trailing
    }

    /// The size, relative to the section.
    public let layoutSize: CollectionLayoutSize
    /// The supplementary kind the data source is asked a view for
    /// (`CollectionView.elementKindSectionHeader`…).
    public let elementKind: String
    /// The edge it sits on.
    public let alignment: Alignment

    /// A boundary item of a size, a kind and an edge.
    public init(layoutSize: CollectionLayoutSize, elementKind: String, alignment: Alignment) {
        self.layoutSize = layoutSize
        self.elementKind = elementKind
        self.alignment = alignment
    }

    /// Whether it comes before the section's items.
    var isLeadingEdge: Bool { alignment == .top || alignment == .leading }
}

/// What a compositional layout's section provider knows when it makes a section (UIKit's
/// `NSCollectionLayoutEnvironment`): the container's size and the trait collection.
@MainActor
public struct CollectionLayoutEnvironment {
    /// The collection view's size.
    public let container: CollectionLayoutContainer
    /// The collection view's traits (size class, direction, style).
    public let traitCollection: TraitCollection
}

/// The size a compositional layout lays out in (UIKit's `NSCollectionLayoutContainer`).
public struct CollectionLayoutContainer: Sendable {
    /// The collection view's bounds size.
    public let contentSize: Size
    /// The size less the collection view's content insets.
    public let effectiveContentSize: Size
}
