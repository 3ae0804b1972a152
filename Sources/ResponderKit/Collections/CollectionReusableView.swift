/// A view a collection view reuses (UIKit's `UICollectionReusableView`): the base of its cells
/// and of its supplementary views (section headers and footers).
///
/// The collection view makes these from the registered classes, hands them out through
/// `dequeueReusableCell(withReuseIdentifier:for:)` and
/// `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`, and takes them back when
/// they scroll away; `prepareForReuse()` runs before one is handed out again.
@MainActor
open class CollectionReusableView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { CollectionReusableView.self }

    /// The identifier the view was registered and dequeued under (nil for one made by hand).
    public internal(set) var reuseIdentifier: String?

    /// The collection view this view shows in (set when it is dequeued).
    public internal(set) weak var collectionView: CollectionView?

    /// A view for a collection view (the collection view calls it for registered classes, so
    /// subclasses override it).
    public required override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Resets what a previous item left; subclasses call super and reset their own content.
    open func prepareForReuse() {
        alpha = 1
    }

    /// The attributes the view will show with, adjusted to what it needs (UIKit's
    /// `preferredLayoutAttributesFitting(_:)`): with an estimated size the collection view asks
    /// this when the view first shows. By default the view's Auto Layout size
    /// (`systemLayoutSizeFitting`) with the estimate's extent across the scroll direction held,
    /// or `sizeThatFits` when nothing in it has constraints.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: CollectionViewLayoutAttributes) -> CollectionViewLayoutAttributes {
        let fitted = fittingSize(for: layoutAttributes.size)
        let preferred = layoutAttributes.copy()
        preferred.size = fitted
        return preferred
    }

    /// The size the view's content asks for near `estimate`.
    func fittingSize(for estimate: Size) -> Size {
        let content = (self as? CollectionViewCell)?.contentView ?? self
        let fitted = content.systemLayoutSizeFitting(
            Size(width: estimate.width, height: 0), withHorizontalFittingPriority: .fittingSizeLevel,
            verticalFittingPriority: .fittingSizeLevel)
        if fitted.height > 0, fitted.width > 0 { return fitted }
        let fits = sizeThatFits(estimate)
        return fits.width > 0 && fits.height > 0 ? fits : estimate
    }
}
