import FoundationEssentials

/// Swipe actions (UIKit's `trailingSwipeActionsConfigurationForRowAt`): a drag to the left on a
/// row slides its content view and reveals the actions' buttons behind it, the first action at
/// the trailing edge.
///
/// - The swipe is a pan of the table that begins only for a mostly horizontal drag on a row with
///   actions (the table's own pan fails such a drag, the swipe fails a vertical one), and it
///   cancels the cell's touch, so the row does not stay highlighted.
/// - At release the row opens to show the buttons when dragged past half their width (or
///   flicked left), and closes otherwise; past 60 % of the row's width with
///   `performsFirstActionWithFullSwipe` it performs the first action (UIKit's full swipe: the
///   destructive action of a delete).
/// - A tap on a button performs its action; a touch anywhere else on the table, a scroll or an
///   update closes the row first.
extension TableView {
    /// The row whose swipe actions show.
    struct SwipeState {
        let cell: TableViewCell
        let configuration: SwipeActionsConfiguration
        /// The cell's offset when the current pan began.
        var startOffset: Double
        /// The full width of the buttons.
        var actionsWidth: Double { Double(configuration.actions.count) * TableView.swipeActionWidth }
    }

    /// The width of one swipe action's button.
    public nonisolated static let swipeActionWidth = 80.0
    /// The fraction of the row's width past which a swipe is a full swipe.
    public nonisolated static let fullSwipeFraction = 0.6

    /// The row whose swipe actions show (or are being dragged), nil when none.
    public var indexPathForRevealedSwipeActions: IndexPath? { swipe.flatMap { indexPath(for: $0.cell) } }

    /// Closes the revealed swipe actions, if any.
    public func closeSwipeActions(animated: Bool) {
        guard let state = swipe else { return }
        swipe = nil
        setSwipeOffset(0, of: state.cell, animated: animated)
    }

    /// The actions of the row under the pan's start, if it may begin: a mostly horizontal drag,
    /// to the left unless the row is already open, not on a floating header.
    func swipeMayBegin(at point: Point, translation: Point) -> Bool {
        guard abs(translation.x) > abs(translation.y) else { return false }
        if let header = floatingHeaderView, header.frame.contains(point) { return false }  // the header covers the row
        guard let indexPath = indexPathForRow(at: point), let cell = cellForRow(at: indexPath) else { return false }
        if let state = swipe, state.cell === cell { return true }
        guard translation.x < 0,
            let configuration = tableDelegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath),
            !configuration.actions.isEmpty
        else { return false }
        if swipe != nil { closeSwipeActions(animated: true) }
        swipe = SwipeState(cell: cell, configuration: configuration, startOffset: 0)
        install(configuration, in: cell)
        return true
    }

    /// The swipe pan's actions.
    func swipePanChanged() {
        guard var state = swipe else { return }
        let cell = state.cell
        let t = swipeRecognizer.translation(in: self).x
        switch swipeRecognizer.state {
        case .began:
            state.startOffset = cell.swipeOffset
            swipe = state
            fallthrough
        case .changed:
            let limit = state.configuration.performsFirstActionWithFullSwipe ? cell.bounds.width : state.actionsWidth * 1.2
            setSwipeOffset(min(0, max(-limit, state.startOffset + t)), of: cell, animated: false)
        case .ended:
            let offset = -cell.swipeOffset
            let velocity = swipeRecognizer.velocity(in: self).x
            if state.configuration.performsFirstActionWithFullSwipe, offset > cell.bounds.width * TableView.fullSwipeFraction {
                perform(state.configuration.actions[0], of: state, fullSwipe: true)
            } else if offset > state.actionsWidth / 2 || velocity < -500 {
                setSwipeOffset(-state.actionsWidth, of: cell, animated: true)
            } else {
                closeSwipeActions(animated: true)
            }
        case .cancelled, .failed:
            closeSwipeActions(animated: true)
        default:
            break
        }
    }

    /// Runs an action's handler; its completion closes the row (a destructive action that
    /// succeeded has deleted the row by then, and its cell with it).
    private func perform(_ action: ContextualAction, of state: SwipeState, fullSwipe: Bool) {
        let cell = state.cell
        if fullSwipe { setSwipeOffset(-cell.bounds.width, of: cell, animated: true) }
        let button = cell.swipeActionsView.subviews.first ?? cell
        action.handler(action, button) { [weak self, weak cell] _ in
            guard let self, let cell, self.swipe?.cell === cell else { return }
            self.closeSwipeActions(animated: true)
        }
    }

    /// Makes the buttons of `configuration` behind `cell`'s content.
    private func install(_ configuration: SwipeActionsConfiguration, in cell: TableViewCell) {
        for view in cell.swipeActionsView.subviews { view.removeFromSuperview() }
        for action in configuration.actions {
            let button = Button(frame: .zero)
            button.setTitle(action.title, for: .normal)
            button.setTitleColor(.white, for: .normal)
            button.backgroundColor = action.backgroundColor
            button.addAction(
                Action(title: action.title ?? "") { [weak self, weak cell] _ in
                    guard let self, let cell, let state = self.swipe, state.cell === cell else { return }
                    self.perform(action, of: state, fullSwipe: false)
                }, for: .touchUpInside)
            cell.swipeActionsView.addSubview(button)
        }
        cell.swipeActionsView.isHidden = false
        cell.setNeedsLayout()
    }

    /// Slides the content of `cell` to `offset` (≤ 0), animated on the frame clock.
    func setSwipeOffset(_ offset: Double, of cell: TableViewCell, animated: Bool) {
        cell.swipeOffset = offset
        let place = {
            cell.contentView.frame = cell.contentFrame
            cell.layoutSwipeActionButtons()
        }
        if animated, window != nil {
            View.animate(withDuration: 0.25, animations: place) { [weak cell] _ in
                guard let cell, cell.swipeOffset == 0 else { return }
                cell.closeSwipeActions()
            }
        } else {
            place()
            if offset == 0 { cell.closeSwipeActions() }
        }
    }
}

extension TableViewCell {
    /// The buttons fill the space the content left, the first action outermost (each takes an
    /// equal share, so a full swipe stretches them).
    func layoutSwipeActionButtons() {
        let buttons = swipeActionsView.subviews
        guard !buttons.isEmpty else { return }
        let revealed = -swipeOffset
        let share = revealed / Double(buttons.count)
        for (i, button) in buttons.enumerated() {
            // Action 0 at the trailing edge, the next to its left.
            let x = bounds.width - share * Double(i + 1)
            button.frame = Rect(x: x, y: 0, width: share, height: bounds.height)
        }
    }

    /// Takes the swipe buttons away and puts the content back.
    func closeSwipeActions() {
        swipeOffset = 0
        for view in swipeActionsView.subviews { view.removeFromSuperview() }
        swipeActionsView.isHidden = true
        if contentView.frame != contentFrame { contentView.frame = contentFrame }
    }
}

/// The pan of a table that reveals swipe actions (UIKit's swipe-actions pan): it begins only
/// for a mostly horizontal drag on a row the delegate gives actions to.
@MainActor
final class SwipeActionPanGestureRecognizer: PanGestureRecognizer {
    weak var tableView: TableView?

    convenience init() { self.init(target: nil, action: nil) }

    override func mayBegin(translation: Point) -> Bool {
        guard super.mayBegin(translation: translation) else { return false }
        guard let tableView else {
            state = .failed
            return false
        }
        let now = location(in: tableView)
        let start = Point(x: now.x - translation.x, y: now.y - translation.y)
        guard tableView.swipeMayBegin(at: start, translation: translation) else {
            state = .failed
            return false
        }
        return true
    }
}

/// Receives the swipe pan's actions (a recognizer holds its targets weakly).
@MainActor
final class SwipeActionTarget: ActionTarget {
    static let action: Selector = "tableViewSwipe:"
    weak var tableView: TableView?

    func responds(to action: Selector) -> Bool { action == SwipeActionTarget.action }

    func perform(_ action: Selector, with sender: Any?) -> Bool {
        guard action == SwipeActionTarget.action, let tableView else { return false }
        tableView.swipePanChanged()
        return true
    }
}
