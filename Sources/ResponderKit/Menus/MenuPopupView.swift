/// A button's menu on screen (`Button.showsMenuAsPrimaryAction`): a transparent view over the
/// whole window holding a rounded list of the menu's actions under the button (above it when
/// there is no room below), one row highlighted while a finger is on it or the arrow keys moved
/// to it.
///
/// As with the edit menu, covering the window is what makes a touch outside the list dismiss the
/// menu without reaching the views behind (UIKit swallows that touch too); the view stays,
/// invisible and no longer hit, until the touches it tracks end. While it shows it is the first
/// responder, so the keys reach it: Up and Down move the highlight (wrapping), Return chooses,
/// Escape dismisses; the previous first responder gets its place back when the menu goes.
///
/// Choosing an enabled action dismisses the menu, then runs the action through the button's
/// `sendAction(_:)` (the button is its `sender`). A disabled action is drawn grey and does
/// nothing; a destructive one is drawn red.
@MainActor
public final class MenuPopupView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    public override class var standardHitTestingClass: View.Type { MenuPopupView.self }

    /// A row's height, the list's corner radius, its width limits, the gap to the button and the
    /// smallest distance to the window's edges (points).
    public static let rowHeight = 44.0
    /// The list's corner radius.
    public static let cornerRadius = 12.0
    /// The narrowest list.
    public static let minimumWidth = 200.0
    /// Space left and right of a row's title.
    public static let rowPadding = 16.0
    /// The gap between the button and the list.
    public static let targetGap = 6.0
    /// The minimum distance between the list and the window's edges.
    public static let edgeMargin = 8.0
    /// The rows' font (UIKit's 17 pt menu font).
    public static let titleFont = Font.systemFont(ofSize: 17)
    /// The list's background: a light grey sheet in light appearance, a dark one in dark.
    public static let listColor = Color(
        light: Color(red: 249.0 / 255, green: 249.0 / 255, blue: 249.0 / 255), dark: Color(red: 37.0 / 255, green: 37.0 / 255, blue: 37.0 / 255))
    /// The highlighted row's fill.
    public static let highlightColor = Color.systemFill
    /// The lines between rows.
    public static let separatorColor = Color.separator

    /// The menu shown.
    public let menu: Menu
    /// The actions listed, top to bottom (`menu.flattenedActions`).
    public let actions: [Action]
    /// The row under the finger or chosen with the arrow keys, if any.
    public private(set) var highlightedIndex: Int? { didSet { if oldValue != highlightedIndex { setNeedsDisplay() } } }
    /// The list, in this view's (= the window's) coordinates.
    public private(set) var listFrame: Rect = .zero
    /// True when there was no room below the button, so the list sits above it.
    public private(set) var isAboveTarget = false
    /// The button whose menu this is.
    public private(set) weak var button: Button?

    private(set) var isRetired = false
    private var trackedTouches: Set<Touch> = []
    private weak var previousFirstResponder: Responder?

    init(menu: Menu, button: Button) {
        self.menu = menu
        self.actions = menu.flattenedActions
        self.button = button
        super.init(frame: .zero)
    }

    /// Each row's rectangle in this view's coordinates.
    public var rowFrames: [Rect] {
        actions.indices.map { Rect(x: listFrame.minX, y: listFrame.minY + Double($0) * Self.rowHeight, width: listFrame.width, height: Self.rowHeight) }
    }

    /// The row at `point` (this view's coordinates).
    public func rowIndex(at point: Point) -> Int? {
        guard listFrame.contains(point) else { return nil }
        let index = Int(((point.y - listFrame.minY) / Self.rowHeight).rounded(.down))
        return actions.indices.contains(index) ? index : nil
    }

    // MARK: Presenting

    /// Covers `window`, places the list by `target` (window coordinates) and takes the keys.
    func present(in window: Window, around target: Rect) {
        frame = window.bounds
        layoutList(around: target)
        window.addSubview(self)
        previousFirstResponder = window.firstResponder
        _ = becomeFirstResponder()
    }

    /// Sizes the list to its widest title and places it under `target` (above when the space
    /// below is too small), inside the edges.
    func layoutList(around target: Rect) {
        let engine = Drawing.textEngine
        let attributes = TextAttributes(font: Self.titleFont, numberOfLines: 1)
        let widest = actions.map { engine.size(of: $0.title, attributes: attributes, width: nil).width }.max() ?? 0
        let margin = Self.edgeMargin
        let width = min(max(Self.minimumWidth, (widest + 2 * Self.rowPadding).rounded(.up)), max(0, bounds.width - 2 * margin))
        let height = min(Double(actions.count) * Self.rowHeight, max(0, bounds.height - 2 * margin))
        let x = max(margin, min(target.minX, bounds.width - margin - width)).rounded()
        var y = target.maxY + Self.targetGap
        isAboveTarget = y + height > bounds.height - margin && target.minY - Self.targetGap - height >= margin
        if isAboveTarget { y = target.minY - Self.targetGap - height }
        y = max(margin, min(y, bounds.height - margin - height)).rounded()
        listFrame = Rect(x: x, y: y, width: width, height: height)
        setNeedsDisplay()
    }

    /// Hides the menu without running anything.
    public func dismiss() {
        guard !isRetired else { return }
        isRetired = true
        highlightedIndex = nil
        isUserInteractionEnabled = false
        setNeedsDisplay()
        if isFirstResponder {
            _ = resignFirstResponder()
            if let previous = previousFirstResponder { _ = previous.becomeFirstResponder() }
        }
        button?.menuDidDismiss(self)
        leaveIfDone()
    }

    /// Dismisses the menu and runs `actions[index]` with the button as sender (nothing for a
    /// disabled action, or an index out of range).
    func choose(_ index: Int) {
        guard actions.indices.contains(index), !actions[index].attributes.contains(.disabled) else { return }
        let action = actions[index]
        let button = self.button
        dismiss()
        if let button { button.sendAction(action) } else { action.perform(sender: nil) }
    }

    // MARK: Drawing

    public override func draw(_ rect: Rect) {
        guard !isRetired, let context = GraphicsContext.current, !actions.isEmpty else { return }
        let list = BezierPath(roundedRect: listFrame, cornerRadius: Self.cornerRadius)
        context.saveGState()
        context.setFillColor(Color(white: 0, alpha: 0.12))
        context.fill(BezierPath(roundedRect: listFrame.insetBy(dx: -1, dy: -1).offsetBy(dx: 0, dy: 1), cornerRadius: Self.cornerRadius + 1))
        context.setFillColor(Self.listColor)
        context.fill(list)
        context.clip(to: list)
        let rows = rowFrames
        if let highlighted = highlightedIndex, rows.indices.contains(highlighted) {
            context.setFillColor(Self.highlightColor)
            context.fill(rows[highlighted])
        }
        context.setFillColor(Self.separatorColor)
        for row in rows.dropLast() { context.fill(Rect(x: row.minX, y: row.maxY - 0.5, width: row.width, height: 0.5)) }
        let lineHeight = Drawing.textEngine.lineHeight(of: Self.titleFont)
        for (action, row) in zip(actions, rows) {
            let color: Color =
                action.attributes.contains(.disabled) ? .tertiaryLabel : action.attributes.contains(.destructive) ? .systemRed : .label
            let attributes = TextAttributes(font: Self.titleFont, color: color, alignment: .left, lineBreakMode: .byTruncatingTail, numberOfLines: 1)
            let box = Rect(
                x: row.minX + Self.rowPadding, y: (row.minY + (row.height - lineHeight) / 2).rounded(),
                width: max(0, row.width - 2 * Self.rowPadding), height: lineHeight)
            context.draw(action.title, in: box, attributes: attributes)
        }
        context.restoreGState()
    }

    // MARK: Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches where touch.view === self { trackedTouches.insert(touch) }
        guard !isRetired, let touch = touches.first(where: { $0.view === self }) else { return }
        if let index = rowIndex(at: touch.location(in: self)) {
            highlightedIndex = index
        } else {
            dismiss()
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard !isRetired, let touch = touches.first(where: { trackedTouches.contains($0) }) else { return }
        highlightedIndex = rowIndex(at: touch.location(in: self))
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        let lifted = touches.filter { trackedTouches.contains($0) }
        trackedTouches.subtract(lifted)
        if !isRetired, let touch = lifted.first, let index = rowIndex(at: touch.location(in: self)), index == highlightedIndex {
            choose(index)
        }
        leaveIfDone()
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        trackedTouches.subtract(touches)
        highlightedIndex = nil
        leaveIfDone()
    }

    // MARK: Keys

    public override var canBecomeFirstResponder: Bool { !isRetired }

    /// Up and Down move the highlight (wrapping), Return chooses, Escape dismisses; other keys
    /// go on along the chain.
    public override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        var unused: Set<Press> = []
        for press in presses {
            guard let key = press.key, !isRetired, !actions.isEmpty else {
                unused.insert(press)
                continue
            }
            switch key.keyCode {
            case KeyCode.down: highlightedIndex = highlightedIndex.map { ($0 + 1) % actions.count } ?? 0
            case KeyCode.up: highlightedIndex = highlightedIndex.map { ($0 + actions.count - 1) % actions.count } ?? actions.count - 1
            case KeyCode.enter, KeyCode.keypadEnter:
                if let index = highlightedIndex { choose(index) } else { dismiss() }
            case KeyCode.escape: dismiss()
            default: unused.insert(press)
            }
        }
        if !unused.isEmpty { super.pressesBegan(unused, with: event) }
    }

    private func leaveIfDone() {
        if isRetired, trackedTouches.isEmpty, superview != nil { removeFromSuperview() }
    }
}
