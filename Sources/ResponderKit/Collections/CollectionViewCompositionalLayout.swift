import FoundationEssentials

/// A layout made of sections of repeating groups of items (UIKit's
/// `UICollectionViewCompositionalLayout`): the kiosk grid of tiles in a few lines.
///
/// ```swift
/// let tile = CollectionLayoutItem(layoutSize: CollectionLayoutSize(
///     widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
/// let row = CollectionLayoutGroup.horizontal(layoutSize: CollectionLayoutSize(
///     widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)), subitem: tile, count: 3)
/// row.interItemSpacing = .fixed(8)
/// let section = CollectionLayoutSection(group: row)
/// let layout = CollectionViewCompositionalLayout(section: section)
/// ```
///
/// Sizes resolve against their container: a group's against the section's width (less its
/// insets) and the collection view's height, an item's against its group. `.estimated`
/// dimensions are laid out at their estimate (not measured). Orthogonal scrolling of a section
/// is not supported. In right-to-left layout the frames mirror.
///
/// - Complexity: `prepare()` is O(items); finding the visible elements is O(log items), no
///   allocation.
@MainActor
open class CollectionViewCompositionalLayout: CollectionViewLayout {
    /// Makes the section for an index (UIKit's `SectionProvider`).
    public typealias SectionProvider = @MainActor (_ section: Int, _ environment: CollectionLayoutEnvironment) -> CollectionLayoutSection?

    /// Settings for the whole layout (UIKit's `UICollectionViewCompositionalLayoutConfiguration`).
    public struct Configuration: Sendable {
        /// Which way the sections follow each other and scroll. Default vertical.
        public var scrollDirection = CollectionViewFlowLayout.ScrollDirection.vertical
        /// The space between sections.
        public var interSectionSpacing = 0.0
        /// The default configuration.
        public init() {}
    }

    private let provider: SectionProvider
    /// The layout's settings; changing them lays out again.
    public var configuration: Configuration {
        didSet { invalidateLayout() }
    }

    /// Every section laid out as `section`.
    public convenience init(section: CollectionLayoutSection) {
        self.init(section: section, configuration: Configuration())
    }

    /// Every section laid out as `section`, with a configuration.
    public init(section: CollectionLayoutSection, configuration: Configuration) {
        provider = { _, _ in section }
        self.configuration = configuration
        super.init()
    }

    /// Each section laid out as `sectionProvider` says (nil: the section shows nothing).
    public init(sectionProvider: @escaping SectionProvider, configuration: Configuration = Configuration()) {
        provider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    /// Computes every item's and boundary item's frame.
    open override func prepare() {
        super.prepare()
        guard let collectionView else {
            geometry = nil
            return
        }
        let horizontal = configuration.scrollDirection == .horizontal
        let bounds = collectionView.bounds.size
        let insets = collectionView.adjustedContentInset
        let environment = CollectionLayoutEnvironment(
            container: CollectionLayoutContainer(
                contentSize: bounds,
                effectiveContentSize: Size(
                    width: max(0, bounds.width - insets.left - insets.right), height: max(0, bounds.height - insets.top - insets.bottom))),
            traitCollection: collectionView.traitCollection)
        var geometry = CollectionLayoutGeometry(isHorizontal: horizontal)
        var position = 0.0
        var leaves: [Rect] = []
        for index in 0..<collectionView.numberOfSections {
            if index > 0 { position += configuration.interSectionSpacing }
            geometry.beginSection()
            guard let section = provider(index, environment) else { continue }
            let count = collectionView.numberOfItems(inSection: index)
            let inset = section.contentInsets
            // The section's container: the collection view across the axis, less the insets.
            let container =
                horizontal
                ? Size(width: bounds.width, height: max(0, environment.container.effectiveContentSize.height - inset.top - inset.bottom))
                : Size(width: max(0, bounds.width - inset.leading - inset.trailing), height: environment.container.effectiveContentSize.height)
            func placeBoundary(leading: Bool) {
                for item in section.boundarySupplementaryItems where item.isLeadingEdge == leading {
                    let size = item.layoutSize.resolved(in: container)
                    let frame =
                        horizontal
                        ? Rect(x: position, y: inset.top, width: size.width, height: size.height)
                        : Rect(x: inset.leading, y: position, width: size.width, height: size.height)
                    geometry.appendSupplementary(kind: item.elementKind, section: index, frame: frame)
                    position += horizontal ? size.width : size.height
                }
            }
            placeBoundary(leading: true)
            position += horizontal ? inset.leading : inset.top
            let groupSize = section.group.layoutSize.resolved(in: container)
            let groupLength = horizontal ? groupSize.width : groupSize.height
            // One group's cell frames, relative to its origin, then repeated.
            leaves.removeAll(keepingCapacity: true)
            section.group.appendLeafFrames(in: Rect(origin: .zero, size: groupSize), to: &leaves, limit: max(1, count))
            var placed = 0
            if !leaves.isEmpty {
                while placed < count {
                    let origin = horizontal ? Point(x: position, y: inset.top) : Point(x: inset.leading, y: position)
                    for leaf in leaves where placed < count {
                        geometry.appendItem(leaf.offsetBy(dx: origin.x, dy: origin.y), band: position)
                        placed += 1
                    }
                    position += groupLength
                    if placed < count { position += section.interGroupSpacing }
                }
            }
            position += horizontal ? inset.trailing : inset.bottom
            placeBoundary(leading: false)
        }
        geometry.contentSize = horizontal ? Size(width: position, height: bounds.height) : Size(width: bounds.width, height: position)
        if isRightToLeft { geometry.mirrorWidth = geometry.contentSize.width }
        self.geometry = geometry
    }
}
