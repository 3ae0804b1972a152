import RecordingViews
import ResponderKitTesting

@testable import ResponderKit

// Seed 001's running example: an inbox screen whose list has cells, each with a Delete button and
// a message view. UIKit's private wrapper views (UITableViewCellContentView, UIDropShadowView,
// UITransitionView) have no counterpart here, so the chain is the seed's dump without them.

/// A table cell (the seed's UITableViewCell).
final class Cell: RecordingView {}

/// The list the cells live in (the seed's UITableView).
final class ListView: RecordingView {}

/// Seed 001 §4: the command a message view sends without knowing who implements it.
@MainActor
protocol MessageActions: AnyObject {
    func archiveMessage(_ sender: Any?)
}

extension Selector {
    /// The selector form of `MessageActions.archiveMessage(_:)`.
    static let archiveMessage = Selector("archiveMessage:")
    /// Seed 000 §11.7.2's nil-targeted button action.
    static let buttonPressed = Selector("buttonPressed:")
}

/// Seed 001 §4's MessageView: `archiveTapped()` walks `next` from self until something responds
/// to archiveMessage:, and performs it there (the seed's `while let current = responder` loop).
final class MessageView: RecordingView {
    /// The responder that performed the action, if any.
    @discardableResult
    func archiveTapped() -> Responder? {
        var responder: Responder? = self
        while let current = responder {
            if current.responds(to: .archiveMessage) {
                current.perform(.archiveMessage, with: self)
                return current
            }
            responder = current.next
        }
        return nil
    }

    /// The same walk in its typed Swift form.
    @discardableResult
    func archiveTappedTyped() -> MessageActions? {
        let handler = nearest(MessageActions.self)
        handler?.archiveMessage(self)
        return handler
    }
}

/// The inbox screen. Its root view is a plain `View` (the dump's "UIView"); the list fills it below
/// a 100 pt header; cell `i` is 60 pt tall at y = 60·i in the list; each cell has a message view
/// at (10, 10, 200, 40) and a Delete button at (300, 10, 80, 40).
class InboxViewController: RecordingViewController, MessageActions {
    private(set) var list: ListView!
    private(set) var cells: [Cell] = []
    private(set) var deleteButtons: [Button] = []
    private(set) var messageViews: [MessageView] = []
    /// Senders of every archiveMessage: that reached this controller.
    private(set) var archived: [AnyObject] = []
    let cellCount: Int

    init(log: Log, cells: Int = 3) {
        cellCount = cells
        super.init(log: log)
        implement(.archiveMessage) { [unowned self] sender in archiveMessage(sender) }
    }

    override func loadView() { view = View() }

    override func viewDidLoad() {
        super.viewDidLoad()
        let list = ListView(frame: Rect(0, 100, 400, 600), log: log)
        view.addSubview(list)
        self.list = list
        for i in 0..<cellCount {
            let cell = Cell(frame: Rect(0, Double(i) * 60, 400, 60), log: log)
            cell.tag = 100 + i
            let message = MessageView(frame: Rect(10, 10, 200, 40), log: log)
            let delete = Button(frame: Rect(300, 10, 80, 40))
            delete.setTitle("Delete", for: .normal)
            cell.addSubview(message)
            cell.addSubview(delete)
            list.addSubview(cell)
            cells.append(cell)
            messageViews.append(message)
            deleteButtons.append(delete)
        }
    }

    func archiveMessage(_ sender: Any?) {
        log.add("\(name).archiveMessage")
        if let sender = sender as AnyObject? { archived.append(sender) }
    }
}

/// The inbox installed as the root of a key window.
@MainActor
struct InboxScreen {
    let harness: Harness
    let inbox: InboxViewController
    var log: Log { harness.log }
    var window: Window { harness.window }
    var driver: InputDriver { harness.driver }

    init(cells: Int = 3) {
        let log = Log()
        let inbox = InboxViewController(log: log, cells: cells)
        self.inbox = inbox
        harness = Harness(root: inbox, log: log)
    }

    /// The centre of cell `i`'s Delete button, in window coordinates.
    func deleteButtonCenter(_ i: Int) -> Point {
        let button = inbox.deleteButtons[i]
        return button.convert(Point(40, 20), to: window)
    }
}
