/// An item of a compositional layout (UIKit's `NSCollectionLayoutItem`): its size relative to
/// the group that holds it, and insets that shrink its cell inside that size.
@MainActor
open class CollectionLayoutItem {
    /// The size, relative to the containing group.
    public let layoutSize: CollectionLayoutSize
    /// Space inside the item's size around its cell (leading and trailing follow the layout
    /// direction).
    public var contentInsets = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

    /// An item of a size.
    public init(layoutSize: CollectionLayoutSize) {
        self.layoutSize = layoutSize
    }

    /// Appends the frames of the cells this item holds when placed in `frame` (group coordinates)
    /// to `frames`, at most `limit` of them; a group appends its items'.
    func appendLeafFrames(in frame: Rect, to frames: inout [Rect], limit: Int) {
        guard frames.count < limit else { return }
        frames.append(
            Rect(
                x: frame.minX + contentInsets.leading, y: frame.minY + contentInsets.top,
                width: max(0, frame.width - contentInsets.leading - contentInsets.trailing),
                height: max(0, frame.height - contentInsets.top - contentInsets.bottom)))
    }
}

/// A row or column of items in a compositional layout (UIKit's `NSCollectionLayoutGroup`),
/// itself an item, so groups nest. A group repeats its subitems while they fit, or holds a
/// fixed count of one subitem that share its extent equally.
@MainActor
open class CollectionLayoutGroup: CollectionLayoutItem {
    /// Along which axis the subitems follow each other.
    enum Axis {
        case horizontal, vertical
    }

    let axis: Axis
    /// The items the group cycles through.
    public let subitems: [CollectionLayoutItem]
    /// With `count:`, exactly this many of the one subitem, sharing the group's extent.
    let fixedCount: Int?
    /// The space between subitems (nil: none).
    public var interItemSpacing: CollectionLayoutSpacing?

    init(axis: Axis, layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem], count: Int?) {
        self.axis = axis
        self.subitems = subitems
        fixedCount = count
        super.init(layoutSize: layoutSize)
    }

    /// A row of `subitems`, repeated while they fit the group's width.
    public static func horizontal(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem]) -> CollectionLayoutGroup {
        CollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: subitems, count: nil)
    }

    /// A row of `count` copies of `subitem`, sharing the group's width equally (with the spacing
    /// between them).
    public static func horizontal(layoutSize: CollectionLayoutSize, subitem: CollectionLayoutItem, count: Int) -> CollectionLayoutGroup {
        CollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: [subitem], count: max(1, count))
    }

    /// A column of `subitems`, repeated while they fit the group's height.
    public static func vertical(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem]) -> CollectionLayoutGroup {
        CollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: subitems, count: nil)
    }

    /// A column of `count` copies of `subitem`, sharing the group's height equally.
    public static func vertical(layoutSize: CollectionLayoutSize, subitem: CollectionLayoutItem, count: Int) -> CollectionLayoutGroup {
        CollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: [subitem], count: max(1, count))
    }

    /// Places the subitems along the axis inside `frame` (the group's own insets applied) and
    /// appends their cells' frames.
    override func appendLeafFrames(in frame: Rect, to frames: inout [Rect], limit: Int) {
        guard !subitems.isEmpty, frames.count < limit else { return }
        let inner = Rect(
            x: frame.minX + contentInsets.leading, y: frame.minY + contentInsets.top,
            width: max(0, frame.width - contentInsets.leading - contentInsets.trailing),
            height: max(0, frame.height - contentInsets.top - contentInsets.bottom))
        let horizontal = axis == .horizontal
        let extent = horizontal ? inner.width : inner.height
        let spacing = interItemSpacing?.spacing ?? 0
        // The subitems' sizes along the axis: each resolved against the group, or equal shares.
        var sizes: [Size] = []
        if let count = fixedCount {
            let share = max(0, (extent - spacing * Double(count - 1)) / Double(count))
            let resolved = subitems[0].layoutSize.resolved(in: inner.size)
            let size = horizontal ? Size(width: share, height: resolved.height) : Size(width: resolved.width, height: share)
            sizes = Array(repeating: size, count: count)
        } else {
            var used = 0.0
            var index = 0
            while true {
                let size = subitems[index % subitems.count].layoutSize.resolved(in: inner.size)
                let length = horizontal ? size.width : size.height
                let needed = sizes.isEmpty ? length : used + spacing + length
                guard sizes.isEmpty || needed <= extent + 1e-9, length > 0 || sizes.isEmpty, sizes.count < 10_000 else { break }
                sizes.append(size)
                used = needed
                index += 1
                if length <= 0 { break }
            }
        }
        let lengths = sizes.map { horizontal ? $0.width : $0.height }
        let total = lengths.reduce(0, +) + spacing * Double(max(0, sizes.count - 1))
        let gap =
            interItemSpacing?.isFlexibleSpacing == true && sizes.count > 1
            ? spacing + max(0, extent - total) / Double(sizes.count - 1) : spacing
        var along = horizontal ? inner.minX : inner.minY
        for (index, size) in sizes.enumerated() {
            let item = fixedCount == nil ? subitems[index % subitems.count] : subitems[0]
            let rect =
                horizontal
                ? Rect(x: along, y: inner.minY, width: size.width, height: size.height)
                : Rect(x: inner.minX, y: along, width: size.width, height: size.height)
            item.appendLeafFrames(in: rect, to: &frames, limit: limit)
            along += lengths[index] + gap
        }
    }
}
