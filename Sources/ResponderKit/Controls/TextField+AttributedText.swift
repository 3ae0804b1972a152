/// A text field's attributed placeholder (UIKit's `attributedPlaceholder`).
extension TextField {
    /// The placeholder with runs of fonts, colours and underlines (UIKit's
    /// `attributedPlaceholder`). Setting it sets `placeholder` to its string; setting
    /// `placeholder` afterwards drops the runs. Runs without a colour are drawn in
    /// `TextField.placeholderColor`, runs without a font in the field's `font`. Reading it for a
    /// plain placeholder gives the placeholder in that font and colour.
    public var attributedPlaceholder: AttributedText? {
        get {
            if let attributedPlaceholderStorage { return attributedPlaceholderStorage }
            return placeholder.map { AttributedText($0, attributes: TextRunAttributes(font: font, foregroundColor: TextField.placeholderColor)) }
        }
        set {
            placeholder = newValue?.string
            attributedPlaceholderStorage = newValue
        }
    }

    /// The attributes the placeholder's runs fall back to: the field's, one unwrapped line, in
    /// the placeholder colour.
    var placeholderAttributes: TextAttributes {
        var attributes = textAttributes
        attributes.color = TextField.placeholderColor
        attributes.numberOfLines = 1
        attributes.lineBreakMode = .byClipping
        return attributes
    }

    /// The attributed placeholder's size on one line.
    func attributedPlaceholderSize(_ placeholder: AttributedText) -> Size {
        Drawing.textEngine.measure(placeholder, attributes: placeholderAttributes, width: nil)
    }

    /// Draws the attributed placeholder on one line from `top`, aligned in `area` as the
    /// plain placeholder is.
    func drawAttributedPlaceholder(_ placeholder: AttributedText, in area: Rect, top: Double, context: GraphicsContext) {
        guard placeholder.length > 0 else { return }
        let size = attributedPlaceholderSize(placeholder)
        let origin = Point(x: area.minX + alignmentOffset(forTextWidth: size.width, in: area), y: top)
        context.draw(placeholder, in: Rect(origin: origin, size: size), attributes: placeholderAttributes)
    }
}
