import ResponderKit

/// A message opened from the list, presented modally over the inbox; Close dismisses it.
public final class MessageViewController: ViewController {
    public let message: Message
    public let closeButton = Button(frame: .zero)
    private let senderLabel = Label(frame: .zero)
    private let subjectLabel = Label(frame: .zero)
    private let bodyLabel = Label(frame: .zero)
    private let bar = View(frame: .zero)

    public init(message: Message) {
        self.message = message
        super.init()
        title = message.subject
    }

    public override func loadView() {
        let root = MessageScreen(controller: self)
        root.backgroundColor = .white
        bar.backgroundColor = InboxPalette.header
        closeButton.setTitle("Close", for: .normal)
        closeButton.setTitleColor(InboxPalette.headerText, for: .normal)
        closeButton.addTarget(self, action: .closeMessage, for: .touchUpInside)
        implement(.closeMessage) { [unowned self] _ in dismiss(animated: true) }
        senderLabel.text = "From: \(message.sender)"
        senderLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        subjectLabel.text = message.subject
        subjectLabel.font = .systemFont(ofSize: 22, weight: .bold)
        subjectLabel.numberOfLines = 2
        bodyLabel.text = message.body + "\n\n— sent at \(message.time)"
        bodyLabel.font = .systemFont(ofSize: 17)
        bodyLabel.textColor = InboxPalette.subject
        bodyLabel.numberOfLines = 0
        bar.addSubview(closeButton)
        for view in [bar, subjectLabel, senderLabel, bodyLabel] as [View] { root.addSubview(view) }
        view = root
    }

    fileprivate func layout(in bounds: Rect) {
        let inset = 20.0
        bar.frame = Rect(x: 0, y: 0, width: bounds.width, height: 56)
        closeButton.frame = Rect(x: 8, y: 8, width: 88, height: 40)
        subjectLabel.frame = Rect(x: inset, y: 72, width: bounds.width - 2 * inset, height: 60)
        senderLabel.frame = Rect(x: inset, y: 136, width: bounds.width - 2 * inset, height: 24)
        // A label centres its text vertically (as UIKit's): give it the height the text needs.
        let bodyWidth = bounds.width - 2 * inset
        let needed = bodyLabel.sizeThatFits(Size(width: bodyWidth, height: 100_000)).height
        bodyLabel.frame = Rect(x: inset, y: 176, width: bodyWidth, height: min(needed.rounded(.up), max(0, bounds.height - 196)))
    }
}

/// The message screen's root view: lays out through its controller.
final class MessageScreen: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { MessageScreen.self }

    unowned let controller: MessageViewController
    init(controller: MessageViewController) {
        self.controller = controller
        super.init(frame: .zero)
    }
    override func layoutSubviews() { controller.layout(in: bounds) }
}

extension Selector {
    /// The message screen's Close button.
    static let closeMessage = Selector("closeMessage:")
}
