/// Read-only text (UIKit's `UILabel`). Like UIKit's, it ignores touches by default
/// (`isUserInteractionEnabled` is false), so taps fall through to what is behind it.
///
/// The text is laid out with `Drawing.textEngine` (Pango once `Rendering.install()` ran) in the
/// label's width, cut to `numberOfLines` (0: as many as fit) and truncated or clipped per
/// `lineBreakMode`, and drawn vertically centred in the bounds, as UILabel does.
@MainActor
open class Label: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { Label.self }

    /// The old name of the alignment type; the label uses UIKit's `NSTextAlignment` equivalent.
    public typealias Alignment = TextAlignment

    /// The text shown; nil shows nothing. Setting it drops `attributedText`'s runs (the text is
    /// drawn in `font` and `textColor` again), as in UIKit.
    public var text: String? {
        didSet {
            attributedTextStorage = nil
            if oldValue != text { contentDidChange() }
        }
    }
    /// The runs set through `attributedText` (Label+AttributedText.swift), nil for plain text.
    var attributedTextStorage: AttributedText? { didSet { if oldValue != attributedTextStorage { contentDidChange() } } }
    /// UIKit's default label font: the system font at 17 points.
    public var font: Font = .systemFont(ofSize: Font.labelFontSize) { didSet { if oldValue != font { contentDidChange() } } }
    /// The colour of the text (UIKit's default, `Color.label`: black in light, white in dark
    /// appearance).
    public var textColor: Color = .label { didSet { if oldValue != textColor { setNeedsDisplay() } } }
    /// How the text is aligned in the label's bounds; `.natural` (the default) is left in
    /// left-to-right layout and right in right-to-left.
    public var textAlignment: TextAlignment = .natural { didSet { if oldValue != textAlignment { setNeedsDisplay() } } }
    /// The most lines shown; 0 means as many as the text needs (and the bounds hold).
    public var numberOfLines: Int = 1 { didSet { if oldValue != numberOfLines { contentDidChange() } } }
    /// How text that does not fit is wrapped or truncated.
    public var lineBreakMode: LineBreakMode = .byTruncatingTail { didSet { if oldValue != lineBreakMode { contentDidChange() } } }

    /// The text's size may have changed: redraw, tell Auto Layout its intrinsic size changed (as
    /// UIKit's label does: a constrained label, or the view it sizes, follows its text), and let
    /// a button owning this label as its `titleLabel` lay it out again.
    private func contentDidChange() {
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
        if let button = superview as? Button, button.titleLabelIfLoaded === self { button.setNeedsLayout() }
    }

    /// The font size (an alias of `font.pointSize`; setting it keeps the family and weight).
    public var fontSize: Double {
        get { font.pointSize }
        set { font = font.withSize(newValue) }
    }

    /// Makes an empty label; a label takes no touches (`isUserInteractionEnabled` is false), as in UIKit.
    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// What the text engine lays the text out with: a `.natural` alignment is resolved to left
    /// or right by `effectiveUserInterfaceLayoutDirection`, as UIKit's label does.
    public var textAttributes: TextAttributes {
        TextAttributes(
            font: font, color: textColor, alignment: textAlignment.resolved(for: effectiveUserInterfaceLayoutDirection),
            lineBreakMode: lineBreakMode, numberOfLines: numberOfLines)
    }

    /// The rectangle the text is drawn in (UIKit's `textRect(forBounds:limitedToNumberOfLines:)`):
    /// the text's measured height centred vertically in `bounds`. Text taller than the bounds is
    /// cut to the lines that fit (the last one truncated per `lineBreakMode`), centred too.
    /// - Complexity: O(1) for text measured before (cached layouts), else O(text length).
    open func textRect(forBounds bounds: Rect, limitedToNumberOfLines lines: Int) -> Rect {
        textLayout(in: bounds, lines: lines)?.rect ?? Rect(x: bounds.minX, y: bounds.midY, width: 0, height: 0)
    }

    /// Where and with which attributes the text is drawn in `bounds`.
    private func textLayout(in bounds: Rect, lines: Int) -> (rect: Rect, attributes: TextAttributes)? {
        guard let text, !text.isEmpty else { return nil }
        let engine = Drawing.textEngine
        var attributes = textAttributes
        attributes.numberOfLines = max(0, lines)
        var size = measuredSize(of: text, attributes: attributes, width: bounds.width)
        if size.height > bounds.height {
            let ratio = bounds.height / engine.lineHeight(of: font)
            let fitting = ratio.isFinite && ratio >= 1 ? Int(min(ratio, 1_000_000)) : 1
            if attributes.numberOfLines == 0 || attributes.numberOfLines > fitting {
                attributes.numberOfLines = fitting
                size = measuredSize(of: text, attributes: attributes, width: bounds.width)
            }
        }
        // Still too tall (one line higher than the bounds, or lines of a taller fallback font):
        // the whole bounds, where the engine shows what fits.
        guard size.height <= bounds.height else { return (bounds, attributes) }
        let y = bounds.minY + ((bounds.height - size.height) / 2).rounded()
        return (Rect(x: bounds.minX, y: y, width: bounds.width, height: size.height), attributes)
    }

    /// Draws the text in `textRect(forBounds:limitedToNumberOfLines:)`.
    open override func draw(_ rect: Rect) {
        guard let text, let context = GraphicsContext.current, let layout = textLayout(in: bounds, lines: numberOfLines) else { return }
        drawText(text, in: layout.rect, attributes: layout.attributes, context: context)
    }

    /// The size of the text laid out in `size`'s width (unwrapped for a one-line label, as
    /// UIKit's), each dimension rounded up; zero for no text.
    /// - Complexity: O(1) for text measured before, else O(text length).
    open override func sizeThatFits(_ size: Size) -> Size {
        guard let text, !text.isEmpty else { return Size(width: 0, height: 0) }
        let width: Double? = numberOfLines != 1 && size.width.isFinite && size.width > 0 ? size.width : nil
        return measuredSize(of: text, attributes: textAttributes, width: width)
    }

    /// The text's size on one line (or, for a multi-line label, wrapped at its current width).
    open override var intrinsicContentSize: Size {
        sizeThatFits(Size(width: numberOfLines == 1 || bounds.width <= 0 ? .infinity : bounds.width, height: .infinity))
    }
}
