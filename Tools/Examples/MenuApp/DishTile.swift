import ResponderKit

/// A dish's tile: its name centred on a rounded, tinted card that darkens while pressed.
final class DishTile: CollectionViewCell {
    override class var standardHitTestingClass: View.Type { DishTile.self }
    let title = Label(frame: .zero)

    required init(frame: Rect) {
        super.init(frame: frame)
        contentView.backgroundColor = .secondarySystemBackground
        contentView.layer.cornerRadius = 14
        title.textAlignment = .center
        title.font = .systemFont(ofSize: 20, weight: .semibold)
        title.textColor = .label
        title.numberOfLines = 2
        contentView.addSubview(title)
    }

    override var isHighlighted: Bool {
        didSet { contentView.backgroundColor = isHighlighted ? .systemGray4 : .secondarySystemBackground }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = contentView.bounds.insetBy(dx: 8, dy: 8)
    }
}

/// A course's header: its title in bold at the leading edge.
final class CourseHeader: CollectionReusableView {
    override class var standardHitTestingClass: View.Type { CourseHeader.self }
    let title = Label(frame: .zero)

    required init(frame: Rect) {
        super.init(frame: frame)
        title.font = .boldSystemFont(ofSize: 22)
        title.textColor = .label
        addSubview(title)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = bounds
    }
}
