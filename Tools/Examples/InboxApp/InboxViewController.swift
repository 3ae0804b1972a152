import ResponderKit

/// The second seed's inbox screen: a header with a search field (first responder as soon as the
/// screen is in a window — seed 001 §5's lesson), and a scrolling list of message cells. It
/// implements the cells' commands (archive, delete, open), so the cells walk `next` to it.
public final class InboxViewController: ViewController, MessageActions, ScrollViewDelegate {
    public let store: MessageStore
    public let list = ScrollView(frame: .zero)
    public let searchField = TextField(frame: .zero)
    public let refreshHeader = RefreshHeader()
    private let header = View(frame: .zero)
    private let titleLabel = Label(frame: .zero)
    private let countLabel = Label(frame: .zero)
    private let emptyLabel = Label(frame: .zero)
    /// One cell per message still in the inbox, by message id.
    public private(set) var cells: [Int: MessageCell] = [:]
    /// The ids the list shows, top to bottom (the search's result).
    public private(set) var shownIDs: [Int] = []
    /// Called after the list changes (the kiosk script prints it).
    public var onChange: (String) -> Void = { _ in }

    /// How far past the top a pull must go for a refresh.
    public static let refreshThreshold = 70.0
    /// How long a refresh takes (the app's clock).
    public static let refreshDuration = 1.0

    public init(store: MessageStore) {
        self.store = store
        super.init()
        title = "Inbox"
        implement(.archiveMessage) { [unowned self] sender in if let cell = sender as? MessageCell { archiveMessage(cell) } }
        implement(.deleteMessage) { [unowned self] sender in if let cell = sender as? MessageCell { deleteMessage(cell) } }
        implement(.openMessage) { [unowned self] sender in if let cell = sender as? MessageCell { openMessage(cell) } }
    }

    public override func loadView() {
        let root = InboxScreen(controller: self)
        root.backgroundColor = InboxPalette.background
        header.backgroundColor = InboxPalette.header
        titleLabel.text = "Inbox"
        titleLabel.font = .systemFont(ofSize: 28, weight: .bold)
        titleLabel.textColor = InboxPalette.headerText
        countLabel.font = .systemFont(ofSize: 15)
        countLabel.textColor = InboxPalette.headerText
        countLabel.textAlignment = .right
        searchField.placeholder = "Search"
        searchField.borderStyle = .roundedRect
        searchField.backgroundColor = .white
        searchField.returnKeyType = .search  // the on-screen keyboard's Return reads "Search"
        searchField.autocapitalizationType = .none
        searchField.addTarget(self, action: .searchChanged, for: .editingChanged)
        implement(.searchChanged) { [unowned self] _ in
            reload(animated: false)
            list.contentOffset = Point(x: 0, y: 0)  // a new search starts at its first result
        }
        for view in [titleLabel, countLabel, searchField] as [View] { header.addSubview(view) }
        list.backgroundColor = InboxPalette.background
        list.alwaysBounceVertical = true
        list.delegate = self
        list.addSubview(refreshHeader)
        emptyLabel.text = "No messages"
        emptyLabel.textAlignment = .center
        emptyLabel.textColor = InboxPalette.preview
        emptyLabel.isHidden = true
        list.addSubview(emptyLabel)
        for message in store.messages { makeCell(for: message) }
        root.addSubview(list)
        root.addSubview(header)
        view = root
        reload(animated: false)
    }

    /// The keyboard observers (UIKit's pattern: the list makes room for the on-screen keyboard,
    /// which docks over its bottom while the search field is focused).
    private var keyboardObservers: [NotificationCenter.ObserverToken] = []
    /// The docked keyboard's top edge (window coordinates) while it shows.
    private var keyboardTop: Double?

    /// The list's bottom inset: what the keyboard covers of it (0 without a keyboard).
    private func fitListAboveKeyboard() {
        guard let window = view.window, let top = keyboardTop else {
            list.contentInset.bottom = 0
            return
        }
        list.contentInset.bottom = max(0, list.convert(list.bounds, to: window).maxY - top)
    }

    isolated deinit {
        for token in keyboardObservers { NotificationCenter.default.removeObserver(token) }
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if keyboardObservers.isEmpty, let window = view.window {
            let center = NotificationCenter.default
            keyboardObservers.append(
                center.addObserver(forName: Responder.keyboardWillShowNotification, object: window) { [weak self] note in
                    guard let self, let frame = note.keyboardFrameEnd else { return }
                    keyboardTop = frame.minY
                    fitListAboveKeyboard()
                })
            keyboardObservers.append(
                center.addObserver(forName: Responder.keyboardWillHideNotification, object: window) { [weak self] _ in
                    guard let self else { return }
                    keyboardTop = nil
                    fitListAboveKeyboard()
                })
        }
        // In a window now, so this succeeds (in viewDidLoad it would return false: seed 001 §5).
        _ = searchField.becomeFirstResponder()
    }

    @discardableResult
    private func makeCell(for message: Message) -> MessageCell {
        let cell = MessageCell(message: message)
        cells[message.id] = cell
        let press = LongPressGestureRecognizer(handler: { [unowned self, unowned cell] recognizer in
            if recognizer.state == .began { showMenu(for: cell) }
        })
        press.name = "cell-menu"
        cell.addGestureRecognizer(press)
        list.addSubview(cell)
        return cell
    }

    // MARK: The list

    /// Lays the shown cells out top to bottom (animated after a removal), hides the others.
    func reload(animated: Bool) {
        let query = searchField.text
        shownIDs = store.filtered(by: query).map(\.id)
        let shown = Set(shownIDs)
        for (id, cell) in cells where !shown.contains(id) { cell.isHidden = true }
        let width = list.bounds.width
        let place = {
            for (row, id) in self.shownIDs.enumerated() {
                guard let cell = self.cells[id] else { continue }
                cell.frame = Rect(x: 0, y: Double(row) * MessageCell.height, width: width, height: MessageCell.height)
            }
        }
        for id in shownIDs { cells[id]?.isHidden = false }
        if animated { View.animate(withDuration: 0.25, animations: place) } else { place() }
        list.contentSize = Size(width: width, height: Double(shownIDs.count) * MessageCell.height)
        emptyLabel.isHidden = !shownIDs.isEmpty
        emptyLabel.frame = Rect(x: 0, y: 40, width: width, height: 30)
        countLabel.text = query.isEmpty ? "\(store.messages.count) messages" : "\(shownIDs.count) of \(store.messages.count)"
        onChange(countLabel.text ?? "")
    }

    fileprivate func layout(in bounds: Rect) {
        let inset = 16.0, headerHeight = 120.0
        header.frame = Rect(x: 0, y: 0, width: bounds.width, height: headerHeight)
        titleLabel.frame = Rect(x: inset, y: 12, width: bounds.width / 2, height: 40)
        countLabel.frame = Rect(x: bounds.width / 2, y: 20, width: bounds.width / 2 - inset, height: 28)
        searchField.frame = Rect(x: inset, y: 64, width: bounds.width - 2 * inset, height: 40)
        let oldWidth = list.bounds.width
        list.frame = Rect(x: 0, y: headerHeight, width: bounds.width, height: max(0, bounds.height - headerHeight))
        refreshHeader.frame = Rect(x: 0, y: -RefreshHeader.height, width: bounds.width, height: RefreshHeader.height)
        if keyboardTop != nil { fitListAboveKeyboard() }
        if oldWidth != bounds.width { reload(animated: false) }
    }

    /// The row of a shown message, if shown.
    public func row(of id: Int) -> Int? { shownIDs.firstIndex(of: id) }

    // MARK: MessageActions (reached by the cells walking `next`)

    public func archiveMessage(_ cell: MessageCell) { remove(cell, archive: true) }

    public func deleteMessage(_ cell: MessageCell) { remove(cell, archive: false) }

    public func openMessage(_ cell: MessageCell) {
        present(MessageViewController(message: cell.message), animated: true)
    }

    private func remove(_ cell: MessageCell, archive: Bool) {
        let id = cell.message.id
        guard archive ? store.archive(id: id) : store.delete(id: id) else { return }
        if cell.isFirstResponder { _ = cell.resignFirstResponder() }
        cells[id] = nil
        cell.removeFromSuperview()
        reload(animated: true)
    }

    // MARK: The edit menu

    /// A long press makes the cell first responder and shows what its chain can perform (Copy).
    func showMenu(for cell: MessageCell) {
        guard cell.becomeFirstResponder() else { return }
        MenuController.shared.showMenu(from: cell, rect: cell.bounds)
    }

    // MARK: Pull to refresh (ScrollViewDelegate)

    public func scrollViewDidScroll(_ scrollView: ScrollView) {
        guard !refreshHeader.isRefreshing else { return }
        refreshHeader.state = -scrollView.contentOffset.y >= InboxViewController.refreshThreshold ? .release : .pull
    }

    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        guard !refreshHeader.isRefreshing, -scrollView.contentOffset.y >= InboxViewController.refreshThreshold else { return }
        beginRefreshing()
    }

    /// Shows "Refreshing…" above the first row (the inset keeps it on screen) and brings new mail
    /// after `refreshDuration` on the app's clock.
    public func beginRefreshing() {
        guard !refreshHeader.isRefreshing else { return }
        refreshHeader.state = .refreshing
        list.contentInset.top = RefreshHeader.height
        // The application this screen runs in (not `Application.shared`: tests run several).
        guard let application = viewIfLoaded?.window?.application else { return }
        application.timers.schedule(at: application.clock.now + InboxViewController.refreshDuration) { [weak self] _ in
            self?.endRefreshing()
        }
    }

    private func endRefreshing() {
        let message = store.receiveNewMail()
        makeCell(for: message)
        refreshHeader.state = .pull
        list.contentInset.top = 0
        list.setContentOffset(Point(x: 0, y: 0), animated: true)
        reload(animated: true)
    }
}

/// The inbox's root view: lays out through its controller.
final class InboxScreen: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { InboxScreen.self }

    unowned let controller: InboxViewController
    init(controller: InboxViewController) {
        self.controller = controller
        super.init(frame: .zero)
    }
    override func layoutSubviews() { controller.layout(in: bounds) }
}

extension Selector {
    /// The search field's editingChanged action.
    static let searchChanged = Selector("searchChanged:")
}
