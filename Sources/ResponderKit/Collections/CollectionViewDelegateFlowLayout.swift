import FoundationEssentials

/// Per-section and per-item sizes for a `CollectionViewFlowLayout` (UIKit's
/// `UICollectionViewDelegateFlowLayout`): the collection view's delegate answers these when it
/// conforms. Every method defaults to the layout's property of the same meaning.
@MainActor
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
    /// The size of one item. Default: the layout's `itemSize`.
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> Size
    /// A section's insets. Default: `sectionInset`.
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets
    /// A section's space between lines. Default: `minimumLineSpacing`.
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> Double
    /// A section's least space between the items of a line. Default: `minimumInteritemSpacing`.
    func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int
    ) -> Double
    /// A section's header size (zero: none). Default: `headerReferenceSize`.
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> Size
    /// A section's footer size (zero: none). Default: `footerReferenceSize`.
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, referenceSizeForFooterInSection section: Int) -> Size
}

extension CollectionViewDelegateFlowLayout {
    private func flow(_ layout: CollectionViewLayout) -> CollectionViewFlowLayout? { layout as? CollectionViewFlowLayout }
    /// The layout's `itemSize`.
    public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> Size {
        flow(layout)?.itemSize ?? .zero
    }
    /// The layout's `sectionInset`.
    public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets {
        flow(layout)?.sectionInset ?? .zero
    }
    /// The layout's `minimumLineSpacing`.
    public func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, minimumLineSpacingForSectionAt section: Int
    ) -> Double { flow(layout)?.minimumLineSpacing ?? 0 }
    /// The layout's `minimumInteritemSpacing`.
    public func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int
    ) -> Double { flow(layout)?.minimumInteritemSpacing ?? 0 }
    /// The layout's `headerReferenceSize`.
    public func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, referenceSizeForHeaderInSection section: Int
    ) -> Size { flow(layout)?.headerReferenceSize ?? .zero }
    /// The layout's `footerReferenceSize`.
    public func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, referenceSizeForFooterInSection section: Int
    ) -> Size { flow(layout)?.footerReferenceSize ?? .zero }
}
