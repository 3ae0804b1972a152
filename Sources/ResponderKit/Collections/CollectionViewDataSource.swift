import FoundationEssentials

/// What a collection view shows (UIKit's `UICollectionViewDataSource`): how many sections and
/// items, the cell for an item (`dequeueReusableCell(withReuseIdentifier:for:)`, configured) and
/// the supplementary views (headers and footers) the layout places.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    /// The number of sections. Default 1.
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// The number of items in `section`.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell for the item at `indexPath`: dequeue one and configure it.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
    /// The view for a supplementary element the layout places (a section header or footer):
    /// dequeue one with `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`.
    /// Default: none (the element stays empty, reported once).
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionReusableView?
}

extension CollectionViewDataSource {
    /// One section.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    /// No supplementary view.
    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionReusableView? { nil }
}
