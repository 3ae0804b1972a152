/// One row of a `TableView` (UIKit's `UITableViewCell`): a `contentView` that apps put their
/// views in (by frames or Auto Layout), the standard labels of a `CellStyle`, an accessory, and
/// the highlighted and selected states the table sets from touches.
///
/// Cells are reused: the table makes them from the registered class, hands them out through
/// `dequeueReusableCell(withIdentifier:for:)`, and takes them back when they scroll away;
/// `prepareForReuse()` runs before one is handed out again.
///
/// Touches: a cell inside its table takes the scroll view's content touches (so a touch held
/// still highlights after the 150 ms delay, a quick tap highlights and selects at the lift, and a
/// drag that becomes a scroll cancels the highlight, as in UIKit). Controls in the content view
/// take their own touches.
@MainActor
open class TableViewCell: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { TableViewCell.self }

    /// The standard layouts of the built-in labels (UIKit's `UITableViewCell.CellStyle`).
    public enum CellStyle: Sendable {
        /// A text label on the left.
        case `default`
        /// A text label on the left, a detail label right-aligned on the right.
        case value1
        /// A small right-aligned label on the left, the detail on its right.
        case value2
        /// A text label with a smaller detail label under it.
        case subtitle
    }

    /// What a cell shows at its trailing edge (UIKit's `UITableViewCell.AccessoryType`).
    public enum AccessoryType: Sendable {
        /// Nothing.
        case none
        /// A chevron: the row leads somewhere.
        case disclosureIndicator
        /// A check mark: the row is chosen.
        case checkmark
    }

    /// How the cell looks selected or highlighted (UIKit's `SelectionStyle`).
    public enum SelectionStyle: Sendable {
        /// No change.
        case none
        /// A gray background.
        case `default`
    }

    /// The style given at creation.
    public let style: CellStyle
    /// The identifier the cell was made for (nil for cells made outside a table).
    public let reuseIdentifier: String?
    /// The view apps add their content to; it slides while swipe actions show.
    public let contentView = View(frame: .zero)
    /// The main label (every style has one).
    public private(set) var textLabel: Label?
    /// The second label (`.value1`, `.value2`, `.subtitle`; nil for `.default`).
    public private(set) var detailTextLabel: Label?
    /// The accessory at the trailing edge.
    public var accessoryType: AccessoryType = .none { didSet { updateAccessory() } }
    /// How selection shows.
    public var selectionStyle: SelectionStyle = .default { didSet { updateBackground() } }
    /// The background when neither highlighted nor selected.
    public var normalBackgroundColor: Color = .systemBackground { didSet { updateBackground() } }
    /// The background when highlighted or selected (with `.default` selection style).
    public var selectedBackgroundColor: Color = .systemGray4 { didSet { updateBackground() } }

    /// Highlighted while a touch presses it (set by the table).
    public var isHighlighted: Bool {
        get { highlighted }
        set { setHighlighted(newValue, animated: false) }
    }
    /// Selected (set by the table on a tap, or by `selectRow`).
    public var isSelected: Bool {
        get { selected }
        set { setSelected(newValue, animated: false) }
    }

    private var highlighted = false
    private var selected = false
    private let accessoryLabel = Label(frame: .zero)
    let separatorView = View(frame: .zero)
    /// The buttons of the revealed swipe actions (behind the content view).
    let swipeActionsView = View(frame: .zero)
    /// How far the content slides left to show swipe actions (0 or negative).
    var swipeOffset = 0.0

    /// The table this cell is displayed in (set when the table dequeues it).
    public internal(set) weak var tableView: TableView?

    /// How far the separator is inset from the leading edge.
    public var separatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }

    /// A cell with a style and a reuse identifier (UIKit's designated initializer; the table
    /// calls it for registered classes, so subclasses override it).
    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        clipsToBounds = true
        swipeActionsView.isHidden = true
        addSubview(swipeActionsView)
        addSubview(contentView)
        let text = Label(frame: .zero)
        text.font = .systemFont(ofSize: 17)
        text.textColor = .label
        text.isUserInteractionEnabled = false
        contentView.addSubview(text)
        textLabel = text
        if style != .default {
            let detail = Label(frame: .zero)
            detail.font = .systemFont(ofSize: style == .subtitle ? 13 : 17)
            detail.textColor = .secondaryLabel
            detail.isUserInteractionEnabled = false
            if style == .value1 { detail.textAlignment = .right }
            if style == .value2 { text.textAlignment = .right; text.font = .systemFont(ofSize: 13) }
            contentView.addSubview(detail)
            detailTextLabel = detail
        }
        accessoryLabel.isUserInteractionEnabled = false
        accessoryLabel.textAlignment = .center
        accessoryLabel.textColor = .systemGray2
        accessoryLabel.isHidden = true
        addSubview(accessoryLabel)
        separatorView.backgroundColor = .separator
        separatorView.isUserInteractionEnabled = false
        addSubview(separatorView)
        updateBackground()
    }

    /// A `.default` cell without a reuse identifier.
    public convenience override init(frame: Rect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// Resets what a previous row left (highlight, selection, swipe); subclasses call super and
    /// reset their own content. The table calls it before handing the cell out again.
    open func prepareForReuse() {
        setHighlighted(false, animated: false)
        setSelected(false, animated: false)
        closeSwipeActions()
        alpha = 1
    }

    /// Sets the highlight (subclasses may override to show it their way; call super).
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != self.highlighted else { return }
        self.highlighted = highlighted
        updateBackground()
    }

    /// Sets the selection (subclasses may override; call super).
    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != self.selected else { return }
        self.selected = selected
        updateBackground()
    }

    private func updateBackground() {
        let shows = selectionStyle != .none && (highlighted || selected)
        let color = shows ? selectedBackgroundColor : normalBackgroundColor
        if backgroundColor != color { backgroundColor = color }
        if contentView.backgroundColor != nil { contentView.backgroundColor = color }
    }

    private func updateAccessory() {
        switch accessoryType {
        case .none: accessoryLabel.text = nil
        case .disclosureIndicator: accessoryLabel.text = "›"
        case .checkmark: accessoryLabel.text = "✓"
        }
        accessoryLabel.textColor = accessoryType == .checkmark ? tintColor : .systemGray2
        accessoryLabel.isHidden = accessoryType == .none
        setNeedsLayout()
    }

    /// The width the accessory takes at the trailing edge.
    var accessoryWidth: Double { accessoryType == .none ? 0 : 36 }

    /// The content view's frame: the bounds less the accessory, slid by the swipe offset.
    var contentFrame: Rect {
        Rect(x: swipeOffset, y: 0, width: max(0, bounds.width - accessoryWidth), height: bounds.height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let frame = contentFrame
        if contentView.frame != frame { contentView.frame = frame }
        let inset = 16.0, width = frame.width, height = frame.height
        accessoryLabel.frame = Rect(x: swipeOffset + width, y: 0, width: accessoryWidth, height: height)
        separatorView.frame = Rect(
            x: separatorInset.left, y: bounds.height - 0.5, width: max(0, bounds.width - separatorInset.left - separatorInset.right),
            height: 0.5)
        swipeActionsView.frame = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        layoutSwipeActionButtons()
        guard let text = textLabel, text.superview === contentView else { return }
        let lineWidth = max(0, width - 2 * inset)
        switch style {
        case .default:
            text.frame = Rect(x: inset, y: 0, width: lineWidth, height: height)
        case .subtitle:
            let detail = detailTextLabel!
            let top = max(0, (height - 42) / 2)
            text.frame = Rect(x: inset, y: top, width: lineWidth, height: 22)
            detail.frame = Rect(x: inset, y: top + 22, width: lineWidth, height: 18)
        case .value1:
            text.frame = Rect(x: inset, y: 0, width: lineWidth * 0.6, height: height)
            detailTextLabel!.frame = Rect(x: inset + lineWidth * 0.4, y: 0, width: lineWidth * 0.6, height: height)
        case .value2:
            text.frame = Rect(x: inset, y: 0, width: 84, height: height)
            detailTextLabel!.frame = Rect(x: inset + 92, y: 0, width: max(0, lineWidth - 92), height: height)
        }
    }

    /// The height the built-in labels need (the table's self-sizing falls back to it when the
    /// content view has no constraints): one line, or two for `.subtitle`, with margins.
    open override func sizeThatFits(_ size: Size) -> Size {
        let textHeight = textLabel?.sizeThatFits(size).height ?? 0
        let detailHeight = style == .subtitle ? (detailTextLabel?.sizeThatFits(size).height ?? 0) : 0
        return Size(width: size.width, height: max(44, textHeight + detailHeight + 22))
    }

    // MARK: Touches (the table turns them into highlight and selection)

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard let tableView else { return super.touchesBegan(touches, with: event) }
        tableView.cellTouchBegan(self)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let tableView else { return super.touchesMoved(touches, with: event) }
        if let touch = touches.first { tableView.cellTouchMoved(self, inside: bounds.contains(touch.location(in: self))) }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let tableView else { return super.touchesEnded(touches, with: event) }
        let inside = touches.first.map { bounds.contains($0.location(in: self)) } ?? false
        tableView.cellTouchEnded(self, inside: inside)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        guard let tableView else { return super.touchesCancelled(touches, with: event) }
        tableView.cellTouchCancelled(self)
    }
}
