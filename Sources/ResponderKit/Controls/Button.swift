/// A push button (UIKit's `UIButton`, system type): highlighted while a finger is on it,
/// `.touchUpInside` and `.primaryActionTriggered` when a tap lifts inside the tracking tolerance.
///
/// Its title is a `Label` subview (`titleLabel`, made when first asked for or when a title is
/// set) centred in the bounds inside `contentEdgeInsets`. The look follows UIKit's system button:
/// the title in the tint colour (system blue), faded while highlighted unless a colour was set for
/// `.highlighted`, grey while disabled; per-state titles and colours fall back to `.normal`'s.
///
/// Modern UIKit forms: `Button(primaryAction:)` (an `Action` for the tap, its title as the
/// button's), `Button(configuration:primaryAction:)` (`Button.Configuration`: filled, tinted,
/// gray or plain, with a subtitle, an image and padding), and `menu` with
/// `showsMenuAsPrimaryAction` (a tap shows a popup list of actions).
@MainActor
open class Button: Control {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { Button.self }

    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: Color] = [:]
    private var label: Label?

    /// The system button's title colour when no `tintColor` is set anywhere above it.
    public static let systemTitleColor = Color.systemBlue
    /// The disabled system button's title colour (UIKit's system grey, 142, 142, 147).
    public static let disabledTitleColor = Color.systemGray
    /// How much of the title's alpha a highlighted system button keeps.
    public static let highlightedTitleAlpha = 0.2
    /// The system button's title font (UIKit's 15 point system font).
    public static let defaultTitleFont = Font.systemFont(ofSize: 15)

    /// Space around the title, inside the bounds; part of `intrinsicContentSize`. The default
    /// gives a 15 pt title UIKit's 30 pt system-button height.
    public var contentEdgeInsets = EdgeInsets(top: 6, left: 8, bottom: 6, right: 8) {
        didSet { if oldValue != contentEdgeInsets { setNeedsLayout() } }
    }

    /// The menu `showsMenuAsPrimaryAction` shows (UIKit's `menu`): its actions, submenus
    /// inline, in a popup list under the button (`MenuPopupView`).
    public var menu: Menu?
    /// Whether a tap shows `menu` instead of sending `.primaryActionTriggered` (UIKit's
    /// `showsMenuAsPrimaryAction`); `.touchUpInside` is still sent first.
    public var showsMenuAsPrimaryAction = false
    /// The popup list on screen, if any.
    public internal(set) var presentedMenu: MenuPopupView?
    /// The look (`Button.Configuration`); nil (the default) draws the classic system button,
    /// titles and colours per state. Setting one lays the title (or the configuration's), a
    /// subtitle and an image out inside `contentInsets` over the configured background.
    public var configuration: Configuration? {
        didSet { configurationDidChange() }
    }
    var subtitleLabel: Label?
    var configurationImageView: ImageView?

    /// Makes a button with no title.
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Makes a button that runs `primaryAction` when tapped (UIKit's
    /// `init(frame:primaryAction:)`), titled with the action's title; the action is added for
    /// `.primaryActionTriggered`.
    public init(frame: Rect, primaryAction: Action?) {
        super.init(frame: frame)
        guard let primaryAction else { return }
        if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
        addAction(primaryAction, for: .primaryActionTriggered)
    }

    /// Makes a button with a zero frame (Auto Layout sizes it by its `intrinsicContentSize`) that
    /// runs `primaryAction` when tapped (UIKit's `init(primaryAction:)`).
    public convenience init(primaryAction: Action?) {
        self.init(frame: .zero, primaryAction: primaryAction)
    }

    /// Makes a button with `configuration` and, optionally, a primary action (UIKit's
    /// `init(configuration:primaryAction:)`); without a configuration title the action's shows.
    public convenience init(configuration: Configuration, primaryAction: Action? = nil) {
        self.init(frame: .zero, primaryAction: primaryAction)
        self.configuration = configuration
        configurationDidChange()  // an initializer's own assignment runs no observer
    }

    /// A new configuration: new content size, title, colours and parts.
    private func configurationDidChange() {
        invalidateIntrinsicContentSize()
        updateTitle()
    }

    /// The label showing the current title (UIKit's `titleLabel`; created on first use, so a
    /// button without a title has no subview). Set its font to change the title's font.
    public var titleLabel: Label? {
        if let label { return label }
        let made = Label(frame: .zero)
        made.font = Button.defaultTitleFont
        made.textAlignment = .center
        made.lineBreakMode = .byTruncatingMiddle
        label = made
        addSubview(made)
        updateTitle()
        return made
    }

    /// The title label if it was made (reading `titleLabel` makes it).
    var titleLabelIfLoaded: Label? { label }

    /// Sets the title shown in `state` (states without one use `.normal`'s).
    public func setTitle(_ title: String?, for state: ControlState) {
        titles[state.rawValue] = title
        if label == nil, title != nil { _ = titleLabel }
        updateTitle()
    }

    /// The title for `state`, falling back to `.normal`'s.
    public func title(for state: ControlState) -> String? { titles[state.rawValue] ?? titles[ControlState.normal.rawValue] }

    /// Sets the title colour in `state` (states without one use `.normal`'s).
    public func setTitleColor(_ color: Color?, for state: ControlState) {
        titleColors[state.rawValue] = color
        updateTitle()
    }

    /// The title colour for `state`: the one set for it, else the one set for `.normal`, else the
    /// system button's: the inherited `tintColor` (system blue by default; grey when disabled).
    /// Highlighting fades it when drawn (`currentTitleColor`).
    public func titleColor(for state: ControlState) -> Color? {
        if let color = titleColors[state.rawValue] { return color }
        if state.contains(.disabled) { return titleColors[ControlState.disabled.rawValue] ?? Button.disabledTitleColor }
        return titleColors[ControlState.normal.rawValue] ?? tintColor
    }

    /// The title shown now (a configuration's title first).
    public var currentTitle: String? { configuration?.title ?? title(for: state) }

    /// The title colour shown now: a colour set for the exact state (or for `.highlighted` while
    /// highlighted) wins; otherwise the state's colour, faded while highlighted.
    public var currentTitleColor: Color {
        let state = self.state
        if let exact = titleColors[state.rawValue] { return exact }
        if state.contains(.highlighted), !state.contains(.disabled), let highlighted = titleColors[ControlState.highlighted.rawValue] {
            return highlighted
        }
        let base = titleColor(for: state.subtracting(.highlighted)) ?? tintColor!
        if state.contains(.highlighted) && !state.contains(.disabled) { return base.multiplyingAlpha(by: Button.highlightedTitleAlpha) }
        return base
    }

    open override var touchUpInsideEvents: ControlEvents { [.touchUpInside, .primaryActionTriggered] }

    /// An ancestor's single tap would take the button's tap: the button wins (UIKit).
    open override func defaultActionOverlaps(_ gestureRecognizer: GestureRecognizer) -> Bool {
        Control.isSingleTap(gestureRecognizer)
    }

    /// Highlighting, enabling and selecting change the title and its colour.
    open override func stateDidChange() {
        super.stateDidChange()
        updateTitle()
    }

    /// A system button's title is drawn in the tint: follow it.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateTitle()
    }

    private func updateTitle() {
        if configuration != nil, label == nil { _ = titleLabel }
        guard let label else { return }
        let title = currentTitle
        label.text = title  // a changed text asks this button for layout (Label.contentDidChange)
        label.textColor = currentTitleColor
        if configuration != nil || subtitleLabel != nil || configurationImageView != nil { applyConfiguration() }
    }

    // MARK: Menu

    /// With `showsMenuAsPrimaryAction` and a menu with actions, a tap shows the menu instead of
    /// sending `.primaryActionTriggered`.
    override func primaryActionTriggered(event: Event?) {
        guard showsMenuAsPrimaryAction, let menu, !menu.flattenedActions.isEmpty, let window else {
            return super.primaryActionTriggered(event: event)
        }
        presentedMenu?.dismiss()
        let popup = MenuPopupView(menu: menu, button: self)
        presentedMenu = popup
        popup.present(in: window, around: convert(bounds, to: window))
    }

    /// The popup went away (chosen, tapped outside, Escape).
    func menuDidDismiss(_ popup: MenuPopupView) {
        if presentedMenu === popup { presentedMenu = nil }
    }

    /// A configured button draws its background; the classic one draws nothing itself.
    open override func draw(_ rect: Rect) {
        if let configuration { drawConfiguredBackground(configuration) }
    }

    /// Places the title label inside `contentEdgeInsets` by `contentHorizontalAlignment` and
    /// `contentVerticalAlignment` (centred by default), as wide as its text (at most the
    /// available width; a longer title is truncated in the middle; `.fill` takes it all).
    open override func layoutSubviews() {
        super.layoutSubviews()
        if let configuration { return layoutConfigured(configuration) }
        guard let label else { return }
        let content = bounds.inset(by: contentEdgeInsets)
        let available = Size(width: max(0, content.width), height: max(0, content.height))
        let fitted = label.sizeThatFits(available)
        var width = min(fitted.width, available.width), height = fitted.height
        let x: Double, y: Double
        switch contentHorizontalAlignment {
        case .center: x = content.minX + ((available.width - width) / 2).rounded()
        case .left, .leading: x = content.minX
        case .right, .trailing: x = content.minX + available.width - width
        case .fill: x = content.minX; width = available.width
        }
        switch contentVerticalAlignment {
        case .center: y = content.minY + ((content.height - height) / 2).rounded()
        case .top: y = content.minY
        case .bottom: y = content.minY + available.height - height
        case .fill: y = content.minY; height = available.height
        }
        label.frame = Rect(x: x.isFinite ? x : 0, y: y.isFinite ? y : 0, width: width.isFinite ? width : 0, height: height.isFinite ? height : 0)
    }

    /// The title's size plus `contentEdgeInsets` (the insets alone without a title).
    /// - Complexity: O(1) for a title measured before, else O(title length).
    open override func sizeThatFits(_ size: Size) -> Size {
        if let configuration { return configuredSize(configuration) }
        let insets = contentEdgeInsets
        var title = Size(width: 0, height: 0)
        if let text = currentTitle, !text.isEmpty {
            let font = label?.font ?? Button.defaultTitleFont
            title = Drawing.textEngine.size(of: text, attributes: TextAttributes(font: font, numberOfLines: 1), width: nil)
        }
        return Size(width: title.width + insets.left + insets.right, height: title.height + insets.top + insets.bottom)
    }

    open override var intrinsicContentSize: Size { sizeThatFits(Size(width: Double.infinity, height: .infinity)) }
}
