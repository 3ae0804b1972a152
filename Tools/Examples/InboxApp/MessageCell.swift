import ResponderKit

/// One row of the inbox, a `TableViewCell` the list reuses: sender, time, subject and a preview
/// on a white part that slides (`content`, in the cell's content view), an Archive button on it,
/// and a Delete button behind it that a swipe to the left reveals. Its subviews are placed by
/// Auto Layout. The cell never holds its controller: its commands walk `next` (seed 001 §4).
public final class MessageCell: TableViewCell {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    public override class var standardHitTestingClass: View.Type { MessageCell.self }

    /// The message shown (a reused cell shows another after `show(_:)`).
    public private(set) var message = Message(id: -1, sender: "", subject: "", body: "", time: "")
    /// The sliding part; everything but the Delete button lives on it.
    public let content = MessageCellContent()
    public let senderLabel = Label(frame: .zero)
    public let timeLabel = Label(frame: .zero)
    public let subjectLabel = Label(frame: .zero)
    public let previewLabel = Label(frame: .zero)
    public let archiveButton = Button(frame: .zero)
    public let deleteButton = Button(frame: .zero)
    private let separator = View(frame: .zero)
    /// Whether the Delete button is showing.
    public private(set) var isDeleteRevealed = false
    /// The content's leading edge: 0, or `-deleteWidth` while Delete shows.
    private var slide: LayoutConstraint!

    /// How far the content slides to reveal Delete.
    public static let deleteWidth = 96.0
    /// The cell's height in the list.
    public static let height = 76.0
    /// The list's reuse identifier for message cells.
    public static let reuseIdentifier = "message"

    public required init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        backgroundColor = InboxPalette.cell
        normalBackgroundColor = InboxPalette.cell
        selectionStyle = .none  // the content shows the press (MessageCellContent)
        layer.masksToBounds = true
        textLabel?.removeFromSuperview()
        deleteButton.setTitle("Delete", for: .normal)
        deleteButton.setTitleColor(.white, for: .normal)
        deleteButton.backgroundColor = InboxPalette.delete
        // Behind the content until a swipe reveals it: the screen reader must not read it then, and
        // offers it as the row's custom action instead (as UIKit does for hidden swipe actions).
        deleteButton.accessibilityElementsHidden = true
        contentView.addSubview(deleteButton)
        content.backgroundColor = InboxPalette.cell
        contentView.addSubview(content)
        senderLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        senderLabel.textColor = InboxPalette.sender
        timeLabel.font = .systemFont(ofSize: 14)
        timeLabel.textColor = InboxPalette.preview
        timeLabel.textAlignment = .right
        subjectLabel.font = .systemFont(ofSize: 15)
        subjectLabel.textColor = InboxPalette.subject
        previewLabel.font = .systemFont(ofSize: 14)
        previewLabel.textColor = InboxPalette.preview
        archiveButton.setTitle("Archive", for: .normal)
        archiveButton.setTitleColor(InboxPalette.archive, for: .normal)
        archiveButton.titleLabel?.font = .systemFont(ofSize: 15, weight: .medium)
        for view in [senderLabel, timeLabel, subjectLabel, previewLabel, archiveButton] as [View] { content.addSubview(view) }
        separator.backgroundColor = InboxPalette.separator
        separator.isUserInteractionEnabled = false
        content.addSubview(separator)
        constrain()

        // The buttons name this cell as their target; the cell turns each into a command that walks
        // the chain, so neither the button nor the cell knows the controller.
        implement(.archiveTapped) { [unowned self] _ in send(.archiveMessage) }
        implement(.deleteTapped) { [unowned self] _ in send(.deleteMessage) }
        archiveButton.addTarget(self, action: .archiveTapped, for: .touchUpInside)
        deleteButton.addTarget(self, action: .deleteTapped, for: .touchUpInside)

        // Swipe left reveals Delete, right hides it (the seed: swipe-to-delete is a recognizer, so
        // it works whatever the views' touch methods do).
        let reveal = SwipeGestureRecognizer(handler: { [unowned self] _ in setDeleteRevealed(true, animated: true) })
        reveal.direction = .left
        reveal.name = "reveal-delete"
        addGestureRecognizer(reveal)
        let hide = SwipeGestureRecognizer(handler: { [unowned self] _ in setDeleteRevealed(false, animated: true) })
        hide.direction = .right
        hide.name = "hide-delete"
        addGestureRecognizer(hide)

        // Copy: the cell becomes first responder on a long press and offers what it can perform.
        implement(.copy) { [unowned self] _ in
            Pasteboard.general.string = "\(self.message.sender): \(self.message.subject)"
        }
    }

    /// The layout, by constraints: the content fills the content view and slides by `slide`'s
    /// constant; Delete sits at the trailing edge behind it; the labels as the seed drew them.
    private func constrain() {
        let inset = 16.0, buttonWidth = 84.0
        for view in [deleteButton, content, senderLabel, timeLabel, subjectLabel, previewLabel, archiveButton, separator] as [View] {
            view.translatesAutoresizingMaskIntoConstraints = false
        }
        slide = content.leadingAnchor.constraint(equalTo: contentView.leadingAnchor)
        LayoutConstraint.activate([
            slide,
            content.topAnchor.constraint(equalTo: contentView.topAnchor),
            content.widthAnchor.constraint(equalTo: contentView.widthAnchor),
            content.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
            deleteButton.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            deleteButton.topAnchor.constraint(equalTo: contentView.topAnchor),
            deleteButton.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
            deleteButton.widthAnchor.constraint(equalToConstant: MessageCell.deleteWidth),
            timeLabel.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -inset),
            timeLabel.topAnchor.constraint(equalTo: content.topAnchor, constant: 8),
            timeLabel.widthAnchor.constraint(equalToConstant: 60),
            timeLabel.heightAnchor.constraint(equalToConstant: 22),
            senderLabel.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: inset),
            senderLabel.topAnchor.constraint(equalTo: content.topAnchor, constant: 8),
            senderLabel.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -(inset + 64)),
            senderLabel.heightAnchor.constraint(equalToConstant: 22),
            subjectLabel.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: inset),
            subjectLabel.topAnchor.constraint(equalTo: content.topAnchor, constant: 30),
            subjectLabel.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -(inset + buttonWidth)),
            subjectLabel.heightAnchor.constraint(equalToConstant: 20),
            previewLabel.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: inset),
            previewLabel.topAnchor.constraint(equalTo: content.topAnchor, constant: 50),
            previewLabel.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -(inset + buttonWidth)),
            previewLabel.heightAnchor.constraint(equalToConstant: 20),
            archiveButton.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -inset),
            archiveButton.topAnchor.constraint(equalTo: content.topAnchor, constant: 34),
            archiveButton.widthAnchor.constraint(equalToConstant: buttonWidth - 8),
            archiveButton.heightAnchor.constraint(equalToConstant: 34),
            separator.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: inset),
            separator.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            separator.bottomAnchor.constraint(equalTo: content.bottomAnchor),
            separator.heightAnchor.constraint(equalToConstant: 1)
        ])
    }

    /// Shows another message in this cell.
    public func show(_ message: Message) {
        self.message = message
        senderLabel.text = message.sender
        timeLabel.text = message.time
        subjectLabel.text = message.subject
        previewLabel.text = message.body
    }

    /// A reused cell starts closed, unpressed and not first responder.
    public override func prepareForReuse() {
        super.prepareForReuse()
        if isFirstResponder { _ = resignFirstResponder() }
        content.reset()
        setDeleteRevealed(false, animated: false)
    }

    /// The table's highlight is the content's press (shown at least `minimumPressDuration`).
    public override func setHighlighted(_ highlighted: Bool, animated: Bool) {
        super.setHighlighted(highlighted, animated: animated)
        if highlighted { content.press() } else { content.release() }
    }

    public override var canBecomeFirstResponder: Bool { true }

    public override func becomeFirstResponder() -> Bool {
        let became = super.becomeFirstResponder()
        if became { content.isSelected = true }
        return became
    }

    public override func resignFirstResponder() -> Bool {
        let resigned = super.resignFirstResponder()
        if resigned { content.isSelected = false }
        return resigned
    }

    public override var description: String { "MessageCell(\(message.id))" }

    /// While Delete is hidden, the row offers it to the screen reader as a custom action (its
    /// vertical swipes choose it on any part of the row, a double-tap deletes); once revealed, the
    /// button itself is read instead.
    public override var accessibilityCustomActions: [AccessibilityCustomAction]? {
        get {
            guard !isDeleteRevealed else { return nil }
            return [AccessibilityCustomAction(name: "Delete") { [unowned self] _ in send(.deleteMessage) != nil }]
        }
        set { super.accessibilityCustomActions = newValue }
    }

    /// Walks `next` from this cell to the first responder that implements `action` and performs it
    /// there (seed 001's `archiveTapped()`). Returns who performed it.
    @discardableResult
    public func send(_ action: Selector) -> Responder? {
        var responder: Responder? = next
        while let current = responder {
            if current.responds(to: action) {
                current.perform(action, with: self)
                return current
            }
            responder = current.next
        }
        return nil
    }

    /// Slides the content to show or hide the Delete button.
    public func setDeleteRevealed(_ revealed: Bool, animated: Bool) {
        guard revealed != isDeleteRevealed else { return }
        isDeleteRevealed = revealed
        deleteButton.accessibilityElementsHidden = !revealed
        slide.constant = revealed ? -MessageCell.deleteWidth : 0
        if animated {
            View.animate(withDuration: 0.2) { self.contentView.layoutIfNeeded() }
        } else {
            contentView.layoutIfNeeded()
        }
    }
}

extension Selector {
    /// The Archive button's action, handled by its cell.
    static let archiveTapped = Selector("archiveTapped:")
    /// The Delete button's action, handled by its cell.
    static let deleteTapped = Selector("deleteTapped:")
}
