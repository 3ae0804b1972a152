import ResponderKit

/// The second seed's inbox screen: a header with a search field (first responder as soon as the
/// screen is in a window — seed 001 §5's lesson), and a `TableView` of message cells (reused as
/// the list scrolls), laid out by Auto Layout. It is the table's data source and delegate, and it
/// implements the cells' commands (archive, delete, open), so the cells walk `next` to it.
public final class InboxViewController: ViewController, MessageActions, TableViewDataSource, TableViewDelegate {
    public let store: MessageStore
    public let list = TableView(frame: .zero, style: .plain)
    public let searchField = TextField(frame: .zero)
    public let refreshHeader = RefreshHeader()
    private let header = View(frame: .zero)
    private let titleLabel = Label(frame: .zero)
    private let countLabel = Label(frame: .zero)
    private let emptyLabel = Label(frame: .zero)
    /// The cells on screen, by message id (the table makes cells only for the visible rows).
    public var cells: [Int: MessageCell] {
        var cells: [Int: MessageCell] = [:]
        for case let cell as MessageCell in list.visibleCells { cells[cell.message.id] = cell }
        return cells
    }
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
        list.rowHeight = MessageCell.height
        list.separatorStyle = .none  // each cell draws its own inset separator
        list.register(MessageCell.self, forCellReuseIdentifier: MessageCell.reuseIdentifier)
        list.dataSource = self
        list.delegate = self
        list.addSubview(refreshHeader)
        emptyLabel.text = "No messages"
        emptyLabel.textAlignment = .center
        emptyLabel.textColor = InboxPalette.preview
        emptyLabel.isHidden = true
        list.addSubview(emptyLabel)
        root.addSubview(list)
        root.addSubview(header)
        constrain(in: root)
        view = root
        reload(animated: false)
    }

    /// The screen by constraints: the 120 pt header across the top (title, count and search
    /// field inside it), the list under it to the bottom.
    private func constrain(in root: View) {
        let inset = 16.0
        for view in [header, titleLabel, countLabel, searchField, list] as [View] { view.translatesAutoresizingMaskIntoConstraints = false }
        LayoutConstraint.activate([
            header.topAnchor.constraint(equalTo: root.topAnchor),
            header.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            header.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            header.heightAnchor.constraint(equalToConstant: InboxViewController.headerHeight),
            titleLabel.leadingAnchor.constraint(equalTo: header.leadingAnchor, constant: inset),
            titleLabel.topAnchor.constraint(equalTo: header.topAnchor, constant: 12),
            titleLabel.widthAnchor.constraint(equalTo: header.widthAnchor, multiplier: 0.5),
            titleLabel.heightAnchor.constraint(equalToConstant: 40),
            countLabel.leadingAnchor.constraint(equalTo: header.centerXAnchor),
            countLabel.trailingAnchor.constraint(equalTo: header.trailingAnchor, constant: -inset),
            countLabel.topAnchor.constraint(equalTo: header.topAnchor, constant: 20),
            countLabel.heightAnchor.constraint(equalToConstant: 28),
            searchField.leadingAnchor.constraint(equalTo: header.leadingAnchor, constant: inset),
            searchField.trailingAnchor.constraint(equalTo: header.trailingAnchor, constant: -inset),
            searchField.topAnchor.constraint(equalTo: header.topAnchor, constant: 64),
            searchField.heightAnchor.constraint(equalToConstant: 40),
            list.topAnchor.constraint(equalTo: header.bottomAnchor),
            list.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            list.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            list.bottomAnchor.constraint(equalTo: root.bottomAnchor)
        ])
    }

    /// The header's height.
    static let headerHeight = 120.0

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

    // MARK: The list (TableViewDataSource, TableViewDelegate)

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { shownIDs.count }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: MessageCell.reuseIdentifier, for: indexPath)
        guard let messageCell = cell as? MessageCell, let message = store.message(id: shownIDs[indexPath.row]) else { return cell }
        if (messageCell.gestureRecognizers ?? []).allSatisfy({ $0.name != "cell-menu" }) {
            let press = LongPressGestureRecognizer(handler: { [unowned self, unowned messageCell] recognizer in
                if recognizer.state == .began { showMenu(for: messageCell) }
            })
            press.name = "cell-menu"
            messageCell.addGestureRecognizer(press)
        }
        messageCell.show(message)
        return messageCell
    }

    /// A tap on a row opens its message, unless its Delete shows: then the tap hides it.
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        guard let cell = tableView.cellForRow(at: indexPath) as? MessageCell, cell.isDeleteRevealed else { return indexPath }
        cell.setDeleteRevealed(false, animated: true)
        return nil
    }

    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        if let cell = tableView.cellForRow(at: indexPath) as? MessageCell { cell.send(.openMessage) }
    }

    /// Shows the search's result: the rows of the messages that match, from the top.
    func reload(animated: Bool) {
        let query = searchField.text
        shownIDs = store.filtered(by: query).map(\.id)
        list.reloadData()
        updateLabels()
    }

    /// The count in the header, and "No messages" when the list is empty.
    private func updateLabels() {
        let query = searchField.text
        emptyLabel.isHidden = !shownIDs.isEmpty
        countLabel.text = query.isEmpty ? "\(store.messages.count) messages" : "\(shownIDs.count) of \(store.messages.count)"
        onChange(countLabel.text ?? "")
    }

    /// The pieces of the list that are not rows: the refresh header above the first row and the
    /// empty label, at the list's width.
    fileprivate func layoutListExtras() {
        let width = list.bounds.width
        refreshHeader.frame = Rect(x: 0, y: -RefreshHeader.height, width: width, height: RefreshHeader.height)
        emptyLabel.frame = Rect(x: 0, y: 40, width: width, height: 30)
        if keyboardTop != nil { fitListAboveKeyboard() }
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
        guard let row = row(of: id), archive ? store.archive(id: id) : store.delete(id: id) else { return }
        if cell.isFirstResponder { _ = cell.resignFirstResponder() }
        shownIDs.remove(at: row)
        list.deleteRows(at: [IndexPath(row: row, section: 0)], with: .fade)
        updateLabels()
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
        refreshHeader.state = .pull
        list.contentInset.top = 0
        list.setContentOffset(Point(x: 0, y: 0), animated: true)
        let shown = store.filtered(by: searchField.text).map(\.id)
        if shown.first == message.id, Array(shown.dropFirst()) == shownIDs {
            shownIDs = shown
            list.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            updateLabels()
        } else {
            reload(animated: true)
        }
    }
}

/// The inbox's root view: laid out by its constraints, then the list's extras by its controller.
final class InboxScreen: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { InboxScreen.self }

    unowned let controller: InboxViewController
    init(controller: InboxViewController) {
        self.controller = controller
        super.init(frame: .zero)
    }
    override func layoutSubviews() {
        super.layoutSubviews()
        controller.layoutListExtras()
    }
}

extension Selector {
    /// The search field's editingChanged action.
    static let searchChanged = Selector("searchChanged:")
}
