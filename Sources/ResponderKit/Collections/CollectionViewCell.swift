/// One item of a `CollectionView` (UIKit's `UICollectionViewCell`): a `contentView` that apps put
/// their views in (by frames or Auto Layout), optional background views, and the highlighted and
/// selected states the collection view sets from touches.
///
/// Touches: a cell inside its collection view takes the scroll view's content touches, so a
/// touch held still highlights after the 150 ms delay, a quick tap highlights and selects at
/// the lift, and a drag that becomes a scroll cancels the highlight (UIKit's behaviour). Controls in
/// the content view take their own touches.
///
/// Accessibility: as a `TableViewCell`, a cell is not an element itself: the screen reader reads
/// the labels and controls in it (CollectionViewCell+Accessibility.swift gives the selected trait
/// and activation to a cell an app makes an element).
@MainActor
open class CollectionViewCell: CollectionReusableView {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { CollectionViewCell.self }

    /// The view apps add their content to; it fills the cell.
    public let contentView = View(frame: .zero)

    /// A view behind the content (nil: none).
    public var backgroundView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            updateBackgrounds()
        }
    }

    /// A view behind the content while highlighted or selected (nil: none, the cell shows no
    /// change unless a subclass does).
    public var selectedBackgroundView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let selectedBackgroundView { insertSubview(selectedBackgroundView, at: backgroundView == nil ? 0 : 1) }
            updateBackgrounds()
        }
    }

    /// Highlighted while a touch presses it (set by the collection view).
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { updateBackgrounds() } } }

    /// Selected (set by the collection view on a tap, or by `selectItem`).
    open var isSelected = false {
        didSet { if isSelected != oldValue { updateBackgrounds() } }
    }

    /// An empty cell.
    public required init(frame: Rect) {
        super.init(frame: frame)
        contentView.frame = bounds
        addSubview(contentView)
    }

    /// Resets highlight and selection; subclasses call super and reset their own content.
    open override func prepareForReuse() {
        super.prepareForReuse()
        isHighlighted = false
        isSelected = false
    }

    private func updateBackgrounds() {
        selectedBackgroundView?.isHidden = !(isHighlighted || isSelected)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if contentView.frame != bounds { contentView.frame = bounds }
        if let backgroundView, backgroundView.frame != bounds { backgroundView.frame = bounds }
        if let selectedBackgroundView, selectedBackgroundView.frame != bounds { selectedBackgroundView.frame = bounds }
    }

    // MARK: Touches (the collection view turns them into highlight and selection)

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard let collectionView else { return super.touchesBegan(touches, with: event) }
        collectionView.cellTouchBegan(self)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let collectionView else { return super.touchesMoved(touches, with: event) }
        if let touch = touches.first { collectionView.cellTouchMoved(self, inside: bounds.contains(touch.location(in: self))) }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let collectionView else { return super.touchesEnded(touches, with: event) }
        collectionView.cellTouchEnded(self, inside: touches.first.map { bounds.contains($0.location(in: self)) } ?? false)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        guard let collectionView else { return super.touchesCancelled(touches, with: event) }
        collectionView.cellTouchCancelled(self)
    }
}
