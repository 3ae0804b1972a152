import ResponderKit

/// One row of the inbox (the seed's table view cell): sender, time, subject and a preview on a
/// white content view, an Archive button on it, and a Delete button behind it that a swipe to the
/// left reveals. The cell never holds its controller: its commands walk `next` (seed 001 §4).
public final class MessageCell: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    public override class var standardHitTestingClass: View.Type { MessageCell.self }

    public private(set) var message: Message
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

    /// How far the content slides to reveal Delete.
    public static let deleteWidth = 96.0
    /// The cell's height in the list.
    public static let height = 76.0

    public init(message: Message) {
        self.message = message
        super.init(frame: .zero)
        backgroundColor = InboxPalette.cell
        layer.masksToBounds = true
        deleteButton.setTitle("Delete", for: .normal)
        deleteButton.setTitleColor(.white, for: .normal)
        deleteButton.backgroundColor = InboxPalette.delete
        addSubview(deleteButton)
        content.backgroundColor = InboxPalette.cell
        addSubview(content)
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
        show(message)

        // The buttons name this cell as their target; the cell turns each into a command that walks
        // the chain, so neither the button nor the cell knows the controller.
        implement(.archiveTapped) { [unowned self] _ in send(.archiveMessage) }
        implement(.deleteTapped) { [unowned self] _ in send(.deleteMessage) }
        archiveButton.addTarget(self, action: .archiveTapped, for: .touchUpInside)
        deleteButton.addTarget(self, action: .deleteTapped, for: .touchUpInside)
        content.onTap = { [unowned self] in
            if isDeleteRevealed { setDeleteRevealed(false, animated: true) } else { send(.openMessage) }
        }

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

    /// Shows another message in this cell.
    public func show(_ message: Message) {
        self.message = message
        senderLabel.text = message.sender
        timeLabel.text = message.time
        subjectLabel.text = message.subject
        previewLabel.text = message.body
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
        let target = Rect(x: revealed ? -MessageCell.deleteWidth : 0, y: 0, width: bounds.width, height: bounds.height)
        if animated {
            View.animate(withDuration: 0.2) { self.content.frame = target }
        } else {
            content.frame = target
        }
    }

    public override func layoutSubviews() {
        let w = bounds.width, h = bounds.height
        content.frame = Rect(x: isDeleteRevealed ? -MessageCell.deleteWidth : 0, y: 0, width: w, height: h)
        deleteButton.frame = Rect(x: w - MessageCell.deleteWidth, y: 0, width: MessageCell.deleteWidth, height: h)
        let inset = 16.0, buttonWidth = 84.0
        timeLabel.frame = Rect(x: w - inset - 60, y: 8, width: 60, height: 22)
        senderLabel.frame = Rect(x: inset, y: 8, width: max(0, w - 2 * inset - 64), height: 22)
        subjectLabel.frame = Rect(x: inset, y: 30, width: max(0, w - 2 * inset - buttonWidth), height: 20)
        previewLabel.frame = Rect(x: inset, y: 50, width: max(0, w - 2 * inset - buttonWidth), height: 20)
        archiveButton.frame = Rect(x: w - inset - buttonWidth + 8, y: 34, width: buttonWidth - 8, height: 34)
        separator.frame = Rect(x: inset, y: h - 1, width: w - inset, height: 1)
    }
}

extension Selector {
    /// The Archive button's action, handled by its cell.
    static let archiveTapped = Selector("archiveTapped:")
    /// The Delete button's action, handled by its cell.
    static let deleteTapped = Selector("deleteTapped:")
}
