/// One button of an alert or action sheet: the action's title centred, in the tint colour (red
/// for a destructive action, grey when disabled), semibold for the preferred action (or, without
/// one, the cancel action), with a hairline above it and, for the right one of two side-by-side
/// buttons, at its left. It fills with `AlertMetrics.highlightColor` while pressed or focused
/// with the keys.
@MainActor
public final class AlertActionButton: Control {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    public override class var standardHitTestingClass: View.Type { AlertActionButton.self }

    /// The action the button runs.
    public let action: AlertAction
    /// Whether the title is semibold (the preferred action, or the cancel action).
    public internal(set) var isBold = false { didSet { if oldValue != isBold { setNeedsDisplay() } } }
    /// Whether the keys moved the focus here (Tab, the arrows); Return then runs this button.
    public internal(set) var isKeyboardFocused = false { didSet { if oldValue != isKeyboardFocused { setNeedsDisplay() } } }
    /// The title's size in points.
    var fontSize = AlertMetrics.alertButtonFontSize { didSet { if oldValue != fontSize { setNeedsDisplay() } } }
    /// Draws the hairline along the top edge.
    var separatorAbove = true { didSet { if oldValue != separatorAbove { setNeedsDisplay() } } }
    /// Draws the hairline along the left edge (the second of two side-by-side buttons).
    var separatorLeft = false { didSet { if oldValue != separatorLeft { setNeedsDisplay() } } }

    init(action: AlertAction) {
        self.action = action
        super.init(frame: .zero)
        isEnabled = action.isEnabled
    }

    /// The font the title is drawn with.
    public var titleFont: Font { .systemFont(ofSize: fontSize, weight: isBold ? .semibold : .regular) }

    /// The title's colour: grey when disabled, red when destructive, else the tint colour.
    public var titleColor: Color {
        if !isEnabled { return .tertiaryLabel }
        return action.style == .destructive ? .systemRed : tintColor
    }

    /// The title's width plus padding, and the button height of its style.
    public override var intrinsicContentSize: Size {
        let width = Drawing.textEngine.size(of: action.title ?? "", attributes: TextAttributes(font: titleFont, numberOfLines: 1), width: nil).width
        return Size(
            width: width + 2 * AlertMetrics.buttonPadding,
            height: fontSize > AlertMetrics.alertButtonFontSize ? AlertMetrics.actionSheetButtonHeight : AlertMetrics.alertButtonHeight)
    }

    /// Redraws the title in the new tint colour.
    public override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsDisplay()
    }

    /// Draws the highlight, the hairlines and the title.
    public override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        if isEnabled, isHighlighted || isKeyboardFocused {
            context.setFillColor(AlertMetrics.highlightColor)
            context.fill(bounds)
        }
        context.setFillColor(.separator)
        let hairline = AlertMetrics.separatorWidth
        if separatorAbove { context.fill(Rect(x: 0, y: 0, width: bounds.width, height: hairline)) }
        if separatorLeft {
            // The hairline between two buttons side by side: on this button's leading edge,
            // which is its right edge in right-to-left layout (the pair is mirrored).
            let x = effectiveUserInterfaceLayoutDirection == .rightToLeft ? bounds.width - hairline : 0
            context.fill(Rect(x: x, y: 0, width: hairline, height: bounds.height))
        }
        guard let title = action.title, !title.isEmpty else { return }
        let font = titleFont
        let lineHeight = Drawing.textEngine.lineHeight(of: font)
        let attributes = TextAttributes(font: font, color: titleColor, alignment: .center, lineBreakMode: .byTruncatingMiddle, numberOfLines: 1)
        let padding = AlertMetrics.buttonPadding
        let box = Rect(x: padding, y: ((bounds.height - lineHeight) / 2).rounded(), width: max(0, bounds.width - 2 * padding), height: lineHeight)
        context.draw(title, in: box, attributes: attributes)
    }
}
