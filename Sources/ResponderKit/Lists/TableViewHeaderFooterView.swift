/// The view of a section's header or footer title (UIKit's `UITableViewHeaderFooterView`):
/// a small gray title at the leading margin. The table makes and reuses these for
/// `titleForHeaderInSection`/`titleForFooterInSection`; `viewForHeaderInSection` replaces it.
@MainActor
open class TableViewHeaderFooterView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { TableViewHeaderFooterView.self }

    /// The title.
    public let textLabel = Label(frame: .zero)

    /// An empty header or footer view.
    public override init(frame: Rect) {
        super.init(frame: frame)
        textLabel.font = .systemFont(ofSize: 13)
        textLabel.textColor = .secondaryLabel
        textLabel.isUserInteractionEnabled = false
        addSubview(textLabel)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        textLabel.frame = Rect(x: 16, y: max(0, bounds.height - 28), width: max(0, bounds.width - 32), height: 24)
    }
}
