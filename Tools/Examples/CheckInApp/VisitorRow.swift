import ResponderKit

/// One visitor in the list: the badge and name on the first line, the details under it. A long
/// press asks to remove it (`onRemove`). Laid out by a `StackView`; its height is its labels'.
@MainActor
final class VisitorRow: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { VisitorRow.self }

    let visitor: Visitor
    let nameLabel = Label(frame: .zero)
    let detailLabel = Label(frame: .zero)
    /// Called when a long press asks to remove this row.
    var onRemove: (@MainActor (VisitorRow) -> Void)?

    init(visitor: Visitor) {
        self.visitor = visitor
        super.init(frame: .zero)
        backgroundColor = CheckInPalette.row
        layer.cornerRadius = 6
        nameLabel.text = "#\(visitor.badge)  \(visitor.name)"
        nameLabel.font = .boldSystemFont(ofSize: 16)
        nameLabel.textColor = CheckInPalette.title
        detailLabel.text = visitor.details
        detailLabel.font = .systemFont(ofSize: 13)
        detailLabel.textColor = CheckInPalette.secondary
        let lines = StackView(arrangedSubviews: [nameLabel, detailLabel])
        lines.axis = .vertical
        lines.spacing = 2
        lines.isLayoutMarginsRelativeArrangement = true
        lines.layoutMargins = EdgeInsets(top: 8, left: 12, bottom: 8, right: 12)
        addSubview(lines)
        lines.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            lines.topAnchor.constraint(equalTo: topAnchor),
            lines.leadingAnchor.constraint(equalTo: leadingAnchor),
            lines.trailingAnchor.constraint(equalTo: trailingAnchor),
            lines.bottomAnchor.constraint(equalTo: bottomAnchor)
        ])
        let press = LongPressGestureRecognizer { [unowned self] recognizer in
            if recognizer.state == .began { onRemove?(self) }
        }
        addGestureRecognizer(press)
    }
}
