import ResponderKit

/// One visitor in the list, a reusable table cell: a rounded card with the badge and name on the
/// first line and the details under it, 6 points apart from the next. Its height is its labels'
/// (the table measures the content view by Auto Layout). A long press asks to remove it
/// (`onRemove`).
@MainActor
final class VisitorRow: TableViewCell {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { VisitorRow.self }

    /// The list's reuse identifier for visitor rows.
    static let reuseIdentifier = "visitor"
    /// The gap under each card.
    static let spacing = 6.0

    private(set) var visitor = Visitor(badge: 0, name: "", company: "", host: "", kind: .guest, needsParking: false)
    let card = View(frame: .zero)
    let nameLabel = Label(frame: .zero)
    let detailLabel = Label(frame: .zero)
    /// Called when a long press asks to remove this row.
    var onRemove: (@MainActor (VisitorRow) -> Void)?

    required init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        normalBackgroundColor = .clear
        selectionStyle = .none
        textLabel?.removeFromSuperview()
        card.backgroundColor = CheckInPalette.row
        card.layer.cornerRadius = 6
        nameLabel.font = .boldSystemFont(ofSize: 16)
        nameLabel.textColor = CheckInPalette.title
        detailLabel.font = .systemFont(ofSize: 13)
        detailLabel.textColor = CheckInPalette.secondary
        let lines = StackView(arrangedSubviews: [nameLabel, detailLabel])
        lines.axis = .vertical
        lines.spacing = 2
        lines.isLayoutMarginsRelativeArrangement = true
        lines.layoutMargins = EdgeInsets(top: 8, left: 12, bottom: 8, right: 12)
        contentView.addSubview(card)
        card.addSubview(lines)
        for view in [card, lines] as [View] { view.translatesAutoresizingMaskIntoConstraints = false }
        LayoutConstraint.activate([
            card.topAnchor.constraint(equalTo: contentView.topAnchor),
            card.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            card.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            card.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -VisitorRow.spacing),
            lines.topAnchor.constraint(equalTo: card.topAnchor),
            lines.leadingAnchor.constraint(equalTo: card.leadingAnchor),
            lines.trailingAnchor.constraint(equalTo: card.trailingAnchor),
            lines.bottomAnchor.constraint(equalTo: card.bottomAnchor)
        ])
        let press = LongPressGestureRecognizer { [unowned self] recognizer in
            if recognizer.state == .began { onRemove?(self) }
        }
        addGestureRecognizer(press)
    }

    /// Shows `visitor`.
    func show(_ visitor: Visitor) {
        self.visitor = visitor
        nameLabel.text = "#\(visitor.badge)  \(visitor.name)"
        detailLabel.text = visitor.details
    }
}
