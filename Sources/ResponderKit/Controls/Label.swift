/// Read-only text (UIKit's `UILabel`). Like UIKit's, it ignores touches by default
/// (`isUserInteractionEnabled` is false), so taps fall through to what is behind it.
///
/// The text is laid out with `Drawing.textEngine` (Pango once `Rendering.install()` ran) in the
/// label's width, cut to `numberOfLines` (0: as many as fit) and truncated or clipped per
/// `lineBreakMode`, and drawn vertically centred in the bounds, as UILabel does.
@MainActor
open class Label: View {
    /// The old name of the alignment type; the label uses UIKit's `NSTextAlignment` equivalent.
    public typealias Alignment = TextAlignment

    public var text: String? { didSet { if oldValue != text { setNeedsDisplay() } } }
    /// UIKit's default label font: the system font at 17 points.
    public var font: Font = .systemFont(ofSize: Font.labelFontSize) { didSet { if oldValue != font { setNeedsDisplay() } } }
    public var textColor: Color = .black { didSet { if oldValue != textColor { setNeedsDisplay() } } }
    public var textAlignment: TextAlignment = .natural { didSet { if oldValue != textAlignment { setNeedsDisplay() } } }
    /// The most lines shown; 0 means as many as the text needs (and the bounds hold).
    public var numberOfLines: Int = 1 { didSet { if oldValue != numberOfLines { setNeedsDisplay() } } }
    public var lineBreakMode: LineBreakMode = .byTruncatingTail { didSet { if oldValue != lineBreakMode { setNeedsDisplay() } } }

    /// The font size (an alias of `font.pointSize`; setting it keeps the family and weight).
    public var fontSize: Double {
        get { font.pointSize }
        set { font = font.withSize(newValue) }
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// What the text engine lays the text out with.
    public var textAttributes: TextAttributes {
        TextAttributes(font: font, color: textColor, alignment: textAlignment, lineBreakMode: lineBreakMode, numberOfLines: numberOfLines)
    }

    /// The rectangle the text is drawn in (UIKit's `textRect(forBounds:limitedToNumberOfLines:)`):
    /// the text's measured height centred vertically in `bounds`, or `bounds` itself when the
    /// text is taller (the lines that fit are drawn, the last one truncated).
    /// - Complexity: O(1) for text measured before (cached layouts), else O(text length).
    open func textRect(forBounds bounds: Rect, limitedToNumberOfLines lines: Int) -> Rect {
        guard let text, !text.isEmpty else { return Rect(x: bounds.minX, y: bounds.midY, width: 0, height: 0) }
        var attributes = textAttributes
        attributes.numberOfLines = max(0, lines)
        let size = Drawing.textEngine.size(of: text, attributes: attributes, width: bounds.width)
        guard size.height < bounds.height else { return bounds }
        return Rect(x: bounds.minX, y: bounds.minY + ((bounds.height - size.height) / 2).rounded(), width: bounds.width, height: size.height)
    }

    /// Draws the text with the label's attributes in `textRect(forBounds:limitedToNumberOfLines:)`.
    open override func draw(_ rect: Rect) {
        guard let text, !text.isEmpty, let context = GraphicsContext.current else { return }
        context.draw(text, in: textRect(forBounds: bounds, limitedToNumberOfLines: numberOfLines), attributes: textAttributes)
    }

    /// The size of the text laid out in `size`'s width (unwrapped for a one-line label, as
    /// UIKit's), each dimension rounded up; zero for no text.
    /// - Complexity: O(1) for text measured before, else O(text length).
    open override func sizeThatFits(_ size: Size) -> Size {
        guard let text, !text.isEmpty else { return Size(width: 0, height: 0) }
        let width: Double? = numberOfLines != 1 && size.width.isFinite && size.width > 0 ? size.width : nil
        return Drawing.textEngine.size(of: text, attributes: textAttributes, width: width)
    }

    /// The text's size on one line (or, for a multi-line label, wrapped at its current width).
    open override var intrinsicContentSize: Size {
        sizeThatFits(Size(width: numberOfLines == 1 || bounds.width <= 0 ? .infinity : bounds.width, height: .infinity))
    }
}
