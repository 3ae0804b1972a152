/// One dimension of a compositional layout's element (UIKit's `NSCollectionLayoutDimension`):
/// a fraction of its container's width or height, a fixed number of points, or an estimate.
public struct CollectionLayoutDimension: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case fractionalWidth, fractionalHeight, absolute, estimated
    }

    let kind: Kind
    /// The fraction or the points.
    public let dimension: Double

    /// A fraction of the container's width (1.0: all of it).
    public static func fractionalWidth(_ fraction: Double) -> CollectionLayoutDimension {
        CollectionLayoutDimension(kind: .fractionalWidth, dimension: fraction)
    }
    /// A fraction of the container's height.
    public static func fractionalHeight(_ fraction: Double) -> CollectionLayoutDimension {
        CollectionLayoutDimension(kind: .fractionalHeight, dimension: fraction)
    }
    /// A fixed number of points.
    public static func absolute(_ points: Double) -> CollectionLayoutDimension {
        CollectionLayoutDimension(kind: .absolute, dimension: points)
    }
    /// An estimate in points. Here it is laid out as given: compositional items are not measured
    /// by their cells (use `CollectionViewFlowLayout.estimatedItemSize` for self-sizing).
    public static func estimated(_ points: Double) -> CollectionLayoutDimension {
        CollectionLayoutDimension(kind: .estimated, dimension: points)
    }

    /// Whether it is a fraction of the container's width.
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    /// Whether it is a fraction of the container's height.
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    /// Whether it is a fixed number of points.
    public var isAbsolute: Bool { kind == .absolute }
    /// Whether it is an estimate.
    public var isEstimated: Bool { kind == .estimated }

    /// The points it comes to in a container of `container`'s size (never negative).
    func resolved(in container: Size) -> Double {
        let value: Double
        switch kind {
        case .fractionalWidth: value = container.width * dimension
        case .fractionalHeight: value = container.height * dimension
        case .absolute, .estimated: value = dimension
        }
        return value.isFinite ? max(0, value) : 0
    }
}

/// The width and height of a compositional layout's element (UIKit's `NSCollectionLayoutSize`).
public struct CollectionLayoutSize: Hashable, Sendable {
    /// The width.
    public var widthDimension: CollectionLayoutDimension
    /// The height.
    public var heightDimension: CollectionLayoutDimension

    /// A size of two dimensions.
    public init(widthDimension: CollectionLayoutDimension, heightDimension: CollectionLayoutDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }

    /// The size it comes to in a container of `container`'s size.
    func resolved(in container: Size) -> Size {
        Size(width: widthDimension.resolved(in: container), height: heightDimension.resolved(in: container))
    }
}

/// The space between the items of a group (UIKit's `NSCollectionLayoutSpacing`).
public struct CollectionLayoutSpacing: Hashable, Sendable {
    let points: Double
    let isFlexible: Bool

    /// Exactly `points` between items.
    public static func fixed(_ points: Double) -> CollectionLayoutSpacing { CollectionLayoutSpacing(points: points, isFlexible: false) }
    /// At least `points`, the group's spare space shared out between its items.
    public static func flexible(_ points: Double) -> CollectionLayoutSpacing { CollectionLayoutSpacing(points: points, isFlexible: true) }

    /// Whether the spacing is fixed.
    public var isFixedSpacing: Bool { !isFlexible }
    /// Whether the spacing grows to fill the group.
    public var isFlexibleSpacing: Bool { isFlexible }
    /// The (least) spacing in points.
    public var spacing: Double { points }
}
