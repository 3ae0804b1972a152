import ResponderKit

/// The checked-in visitors, newest first: rows in a vertical `StackView` inside a `ScrollView`
/// (a later version moves this to a table view; the list's API is what the controller uses:
/// `insert(_:)`, `remove(_:)`, `visitors`). The stack is pinned to the scroll view's content
/// by constraints; the content size follows the stack's height, and the offset is clamped when
/// rows go, so no gap shows under the last row.
@MainActor
final class VisitorList: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { VisitorList.self }

    let scrollView = ScrollView(frame: .zero)
    let rows = StackView(arrangedSubviews: [])
    let emptyLabel = Label(frame: .zero)
    /// Called after a row was removed by a long press.
    var onRemove: (@MainActor (Visitor) -> Void)?

    override init(frame: Rect) {
        super.init(frame: frame)
        rows.axis = .vertical
        rows.spacing = 6
        emptyLabel.text = localized("No visitors yet")
        emptyLabel.textColor = CheckInPalette.secondary
        emptyLabel.textAlignment = .center
        addSubview(scrollView)
        addSubview(emptyLabel)
        scrollView.addSubview(rows)
        for view in [scrollView, rows, emptyLabel] as [View] { view.translatesAutoresizingMaskIntoConstraints = false }
        LayoutConstraint.activate([
            scrollView.topAnchor.constraint(equalTo: topAnchor),
            scrollView.leadingAnchor.constraint(equalTo: leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: trailingAnchor),
            scrollView.bottomAnchor.constraint(equalTo: bottomAnchor),
            rows.topAnchor.constraint(equalTo: scrollView.topAnchor),
            rows.leadingAnchor.constraint(equalTo: scrollView.leadingAnchor),
            rows.widthAnchor.constraint(equalTo: scrollView.widthAnchor),
            emptyLabel.centerXAnchor.constraint(equalTo: centerXAnchor),
            emptyLabel.topAnchor.constraint(equalTo: topAnchor, constant: 24)
        ])
    }

    /// The visitors shown, top to bottom.
    var visitors: [Visitor] { rows.arrangedSubviews.compactMap { ($0 as? VisitorRow)?.visitor } }

    /// The rows shown, top to bottom.
    var visitorRows: [VisitorRow] { rows.arrangedSubviews.compactMap { $0 as? VisitorRow } }

    /// Adds `visitor` at the top.
    func insert(_ visitor: Visitor) {
        let row = VisitorRow(visitor: visitor)
        row.onRemove = { [unowned self] row in remove(row) }
        rows.insertArrangedSubview(row, at: 0)
        emptyLabel.isHidden = true
        setNeedsLayout()
    }

    /// Takes `row` out of the list.
    func remove(_ row: VisitorRow) {
        rows.removeArrangedSubview(row)
        row.removeFromSuperview()
        emptyLabel.isHidden = !visitorRows.isEmpty
        setNeedsLayout()
        onRemove?(row.visitor)
    }

    /// The content is the stack's height; an offset past the new end comes back.
    override func layoutSubviews() {
        super.layoutSubviews()
        let size = Size(width: scrollView.bounds.width, height: rows.frame.height)
        if scrollView.contentSize != size { scrollView.contentSize = size }
        let end = max(0, size.height - scrollView.bounds.height)
        if scrollView.contentOffset.y > end { scrollView.contentOffset = Point(x: 0, y: end) }
    }
}
