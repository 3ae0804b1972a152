/// The view of an `AlertController`: it covers the window with the dimming colour and takes
/// every touch there, so nothing below can be touched while the alert shows; the cards sit on it,
/// placed by Auto Layout (an alert's card centred and above the on-screen keyboard through
/// `keyboardLayoutGuide`; an action sheet's cards at the bottom, the cancel action in a card of
/// its own below the others, as UIKit places it) and filled by stack views.
///
/// While it is in a window it is first responder (or its first text field is), so it receives
/// the keys the alert handles (see `AlertController`).
@MainActor
public final class AlertView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    public override class var standardHitTestingClass: View.Type { AlertView.self }

    private unowned let controller: AlertController
    /// The alert's cards: one for an alert; for an action sheet, the actions' card (absent when
    /// it would be empty) and the cancel card (when there is a cancel action).
    public private(set) var cards: [View] = []
    /// The buttons in the order the keys move through them (top to bottom, left to right).
    public private(set) var buttons: [AlertActionButton] = []
    /// The title's label (nil without a title).
    public private(set) var titleLabel: Label?
    /// The message's label (nil without a message).
    public private(set) var messageLabel: Label?
    /// Whether two buttons sit side by side (an alert with two actions whose titles fit).
    public private(set) var buttonsAreSideBySide = false
    /// The button the keys focused (Tab, arrows), if any.
    public private(set) var focusedButton: AlertActionButton?

    /// The column holding the cards (positioned against the window's edges and the keyboard).
    private let column = StackView(arrangedSubviews: [])
    private var wrappingLabels: [AlertTextLabel] = []
    private weak var previousFirstResponder: Responder?
    /// The keys whose press the alert used, so their releases stop here too.
    private var handledKeys: Set<Int> = []

    init(controller: AlertController) {
        self.controller = controller
        super.init(frame: .zero)
        backgroundColor = AlertMetrics.dimmingColor
        column.axis = .vertical
        column.spacing = AlertMetrics.cancelGap
        column.translatesAutoresizingMaskIntoConstraints = false
        addSubview(column)
        placeColumn()
        rebuild()
    }

    private var style: AlertController.Style { controller.preferredStyle }

    /// The cards' width for a view `width` wide.
    func cardWidth(forViewWidth width: Double) -> Double {
        let widest = style == .alert ? AlertMetrics.alertWidth : AlertMetrics.actionSheetMaximumWidth
        return max(0, min(widest, width - 2 * AlertMetrics.edgeMargin))
    }

    // MARK: Layout

    /// The column's place: centred horizontally and as wide as `cardWidth`; an alert centred
    /// vertically, an action sheet at the bottom; both above the keyboard and inside the safe
    /// area, the margin kept.
    private func placeColumn() {
        let margin = AlertMetrics.edgeMargin
        let safe = safeAreaLayoutGuide
        let width = column.widthAnchor.constraint(equalToConstant: AlertMetrics.alertWidth)
        width.priority = .defaultHigh
        widthConstraint = width
        var constraints = [
            column.centerXAnchor.constraint(equalTo: centerXAnchor),
            width,
            column.widthAnchor.constraint(lessThanOrEqualTo: widthAnchor, constant: -2 * margin),
            column.bottomAnchor.constraint(lessThanOrEqualTo: keyboardLayoutGuide.topAnchor, constant: -margin),
            column.bottomAnchor.constraint(lessThanOrEqualTo: safe.bottomAnchor, constant: -margin)
        ]
        let top = column.topAnchor.constraint(greaterThanOrEqualTo: safe.topAnchor, constant: margin)
        top.priority = LayoutPriority(rawValue: 999)
        constraints.append(top)
        let place: LayoutConstraint
        if style == .alert {
            place = column.centerYAnchor.constraint(equalTo: centerYAnchor)
        } else {
            place = column.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -margin)
        }
        place.priority = .defaultLow
        constraints.append(place)
        LayoutConstraint.activate(constraints)
    }

    private var widthConstraint: LayoutConstraint?

    /// Keeps the wrapping labels measured at the cards' width for the view's current width.
    func updateWidths() {
        let width = cardWidth(forViewWidth: bounds.width > 0 ? bounds.width : AlertMetrics.alertWidth + 2 * AlertMetrics.edgeMargin)
        if widthConstraint?.constant != width { widthConstraint?.constant = width }
        let insets = style == .alert ? AlertMetrics.headerInsets : AlertMetrics.actionSheetHeaderInsets
        for label in wrappingLabels { label.wrapWidth = max(0, width - insets.left - insets.right) }
    }

    /// Measures the wrapping labels at the cards' width for the current size.
    public override func layoutSubviews() {
        super.layoutSubviews()
        updateWidths()
    }

    // MARK: Content

    /// The title, message, text fields or actions changed: the cards are made again.
    func contentDidChange() {
        rebuild()
        setNeedsLayout()
    }

    private func rebuild() {
        for card in cards {
            column.removeArrangedSubview(card)
            card.removeFromSuperview()
        }
        for field in controller.textFields ?? [] { field.removeFromSuperview() }
        cards = []
        buttons = []
        wrappingLabels = []
        focusedButton = nil
        titleLabel = nil
        messageLabel = nil
        if style == .alert { buildAlert() } else { buildActionSheet() }
        for card in cards { column.addArrangedSubview(card) }
        updateWidths()
    }

    /// One card: the header (title, message, text fields), then the buttons — two side by side
    /// (cancel on the left) when their titles fit, else a column with the cancel action last.
    private func buildAlert() {
        let card = makeCard(color: AlertMetrics.cardColor)
        var parts: [View] = []
        if let header = makeHeader() { parts.append(header) }
        let actions = controller.actions
        let ordered = actions.filter { $0.style != .cancel } + actions.filter { $0.style == .cancel }
        let made = ordered.map { makeButton($0, fontSize: AlertMetrics.alertButtonFontSize) }
        let half = AlertMetrics.alertWidth / 2
        buttonsAreSideBySide = made.count == 2 && made.allSatisfy { $0.intrinsicContentSize.width <= half }
        if buttonsAreSideBySide {
            // UIKit puts the cancel action on the left of two.
            let pair = made[1].action.style == .cancel ? [made[1], made[0]] : made
            pair[1].separatorLeft = true
            let row = StackView(arrangedSubviews: pair)
            row.axis = .horizontal
            row.distribution = .fillEqually
            parts.append(row)
            buttons = pair
        } else {
            parts.append(contentsOf: made)
            buttons = made
        }
        fill(card, with: parts)
        cards = [card]
    }

    /// The actions' card (header, then every action but cancel) and, below it, the cancel card.
    private func buildActionSheet() {
        buttonsAreSideBySide = false
        let actions = controller.actions
        var parts: [View] = []
        if let header = makeHeader() { parts.append(header) }
        let main = actions.filter { $0.style != .cancel }.map { makeButton($0, fontSize: AlertMetrics.actionSheetButtonFontSize) }
        if let first = main.first, parts.isEmpty { first.separatorAbove = false }
        parts.append(contentsOf: main)
        buttons = main
        if !parts.isEmpty {
            let card = makeCard(color: AlertMetrics.cardColor)
            fill(card, with: parts)
            cards.append(card)
        }
        if let cancel = controller.cancelAction {
            let button = makeButton(cancel, fontSize: AlertMetrics.actionSheetButtonFontSize)
            button.separatorAbove = false
            let card = makeCard(color: AlertMetrics.cancelCardColor)
            fill(card, with: [button])
            cards.append(card)
            buttons.append(button)
        }
    }

    private func makeCard(color: Color) -> View {
        let card = View(frame: .zero)
        card.backgroundColor = color
        card.layer.cornerRadius = AlertMetrics.cornerRadius
        card.clipsToBounds = true
        return card
    }

    /// Stacks `parts` top to bottom, edge to edge, in `card`.
    private func fill(_ card: View, with parts: [View]) {
        let stack = StackView(arrangedSubviews: parts)
        stack.axis = .vertical
        stack.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(stack)
        LayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: card.topAnchor),
            stack.leadingAnchor.constraint(equalTo: card.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: card.trailingAnchor),
            stack.bottomAnchor.constraint(equalTo: card.bottomAnchor)
        ])
    }

    /// The title (semibold), the message and the text fields, inset; nil when there is none.
    private func makeHeader() -> View? {
        let isAlert = style == .alert
        var rows: [View] = []
        if let title = controller.title, !title.isEmpty {
            let label = AlertTextLabel(frame: .zero)
            label.text = title
            label.font = .systemFont(ofSize: isAlert ? 17 : 13, weight: .semibold)
            label.textColor = isAlert ? .label : .secondaryLabel
            titleLabel = label
            wrappingLabels.append(label)
            rows.append(label)
        }
        if let message = controller.message, !message.isEmpty {
            let label = AlertTextLabel(frame: .zero)
            label.text = message
            label.font = .systemFont(ofSize: 13)
            label.textColor = isAlert ? .label : .secondaryLabel
            messageLabel = label
            wrappingLabels.append(label)
            rows.append(label)
        }
        for field in controller.textFields ?? [] {
            field.addAction(
                Action(identifier: "ResponderKit.AlertController.return") { [unowned self] _ in returnPressed() }, for: .editingDidEndOnExit)
            rows.append(field)
        }
        guard !rows.isEmpty else { return nil }
        let insets = isAlert ? AlertMetrics.headerInsets : AlertMetrics.actionSheetHeaderInsets
        let stack = StackView(arrangedSubviews: rows)
        stack.axis = .vertical
        stack.spacing = AlertMetrics.headerSpacing
        stack.translatesAutoresizingMaskIntoConstraints = false
        let header = View(frame: .zero)
        header.addSubview(stack)
        LayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: header.topAnchor, constant: insets.top),
            stack.leadingAnchor.constraint(equalTo: header.leadingAnchor, constant: insets.left),
            stack.trailingAnchor.constraint(equalTo: header.trailingAnchor, constant: -insets.right),
            stack.bottomAnchor.constraint(equalTo: header.bottomAnchor, constant: -insets.bottom)
        ])
        return header
    }

    private func makeButton(_ action: AlertAction, fontSize: Double) -> AlertActionButton {
        let button = AlertActionButton(action: action)
        button.fontSize = fontSize
        let preferred = controller.preferredAction
        button.isBold = preferred.map { $0 === action } ?? (action.style == .cancel)
        button.heightAnchor.constraint(equalToConstant: button.intrinsicContentSize.height).isActive = true
        button.addAction(Action { [unowned self] _ in controller.choose(action) }, for: .touchUpInside)
        action.onEnabledChange = { [weak button] in
            guard let button else { return }
            button.isEnabled = action.isEnabled
            if !action.isEnabled, button.isKeyboardFocused { button.isKeyboardFocused = false }
        }
        return button
    }

    // MARK: First responder

    /// True until an action was chosen.
    public override var canBecomeFirstResponder: Bool { !controller.isChoosingAction }

    /// Takes the keys when it arrives in a window: the first text field becomes first responder
    /// (its keyboard comes up), else this view; the previous first responder gets its place
    /// back when the alert is gone.
    public override func didMoveToWindow() {
        super.didMoveToWindow()
        guard let window, !controller.isChoosingAction else { return }
        updateWidths()
        if let current = window.firstResponder, !((current as? View)?.isDescendant(of: self) ?? false) {
            previousFirstResponder = current
        }
        if let field = controller.textFields?.first, field.becomeFirstResponder() { return }
        _ = becomeFirstResponder()
    }

    /// Gives the first responder back to what had it before the alert (if it is still in a
    /// window and accepts).
    func restorePreviousFirstResponder() {
        defer { previousFirstResponder = nil }
        guard let previous = previousFirstResponder else { return }
        if let view = previous as? View, view.window == nil { return }
        _ = previous.becomeFirstResponder()
    }

    // MARK: Keys

    /// Return runs the focused button or `returnKeyAction`; Escape the cancel action; Tab, Down
    /// and Right move the focus forwards, Shift-Tab, Up and Left backwards (Right and Left
    /// visually, so backwards and forwards across a mirrored right-to-left pair). Other keys go
    /// on along the chain.
    public override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        var unused: Set<Press> = []
        for press in presses {
            guard let key = press.key, !controller.isChoosingAction else {
                unused.insert(press)
                continue
            }
            handledKeys.insert(key.keyCode)
            switch key.keyCode {
            case KeyCode.enter, KeyCode.keypadEnter: returnPressed()
            case KeyCode.escape:
                if let cancel = controller.cancelAction { controller.choose(cancel) }
            case KeyCode.tab: moveFocus(forward: !key.modifierFlags.contains(.shift))
            case KeyCode.down: moveFocus(forward: true)
            case KeyCode.up: moveFocus(forward: false)
            // Two buttons side by side are mirrored in right-to-left layout: → still moves right.
            case KeyCode.right: moveFocus(forward: !isMirroredPair)
            case KeyCode.left: moveFocus(forward: isMirroredPair)
            default:
                handledKeys.remove(key.keyCode)
                unused.insert(press)
            }
        }
        if !unused.isEmpty { super.pressesBegan(unused, with: event) }
    }

    /// The release of a key the alert used goes no further; others go on along the chain.
    public override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        let unused = presses.filter { press in !(press.key.map { handledKeys.remove($0.keyCode) != nil } ?? false) }
        if !unused.isEmpty { super.pressesEnded(unused, with: event) }
    }

    /// As `pressesEnded(_:with:)`.
    public override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        let unused = presses.filter { press in !(press.key.map { handledKeys.remove($0.keyCode) != nil } ?? false) }
        if !unused.isEmpty { super.pressesCancelled(unused, with: event) }
    }

    /// Whether the buttons are two side by side in right-to-left layout (the first on the right).
    var isMirroredPair: Bool { buttonsAreSideBySide && effectiveUserInterfaceLayoutDirection == .rightToLeft }

    /// Runs the focused button's action, else the controller's `returnKeyAction`.
    func returnPressed() {
        if let focused = focusedButton, focused.isEnabled {
            controller.choose(focused.action)
        } else if let action = controller.returnKeyAction {
            controller.choose(action)
        }
    }

    /// Moves the key focus to the next (or previous) enabled button, wrapping; from a text
    /// field the focus goes to the buttons and this view takes the keys.
    func moveFocus(forward: Bool) {
        let enabled = buttons.filter(\.isEnabled)
        guard !enabled.isEmpty else { return }
        let next: AlertActionButton
        if let focused = focusedButton, let index = enabled.firstIndex(where: { $0 === focused }) {
            next = enabled[(index + (forward ? 1 : enabled.count - 1)) % enabled.count]
        } else {
            next = forward ? enabled[0] : enabled[enabled.count - 1]
        }
        focusedButton?.isKeyboardFocused = false
        focusedButton = next
        next.isKeyboardFocused = true
        if !isFirstResponder { _ = becomeFirstResponder() }
    }

    // MARK: Touches

    /// A touch on the dimming goes nowhere (the views below are covered). Lifted outside the
    /// cards of an action sheet that has a cancel action, it runs that action, as on an iPhone.
    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {}
    /// Taken, going nowhere.
    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
    /// Taken, going nowhere.
    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}
    /// Runs an action sheet's cancel action when lifted outside its cards.
    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard style == .actionSheet, let cancel = controller.cancelAction, let touch = touches.first(where: { $0.view === self }) else { return }
        let point = touch.location(in: self)
        guard !column.frame.contains(point) else { return }
        controller.choose(cancel)
    }
}
