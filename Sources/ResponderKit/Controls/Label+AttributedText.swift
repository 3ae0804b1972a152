/// A label's attributed text (UIKit's `attributedText`): runs of fonts, colours, underlines and a
/// paragraph style, measured and drawn by the same engine calls as plain text.
extension Label {
    /// The text with its runs (UIKit's `attributedText`). Setting it sets `text` to its string;
    /// setting `text` afterwards drops the runs. Runs without a font or foreground colour use
    /// the label's `font` and `textColor` (so changing those still changes such runs); the
    /// text's paragraph style replaces `textAlignment` and `lineBreakMode` while it is set.
    /// Reading it for plain text gives the text with the label's font and colour.
    public var attributedText: AttributedText? {
        get {
            if let attributedTextStorage { return attributedTextStorage }
            return text.map { AttributedText($0, attributes: TextRunAttributes(font: font, foregroundColor: textColor)) }
        }
        set {
            text = newValue?.string
            attributedTextStorage = newValue
        }
    }

    /// The size of the label's text: its runs when it has `attributedText`, else `text` plain.
    func measuredSize(of text: String, attributes: TextAttributes, width: Double?) -> Size {
        guard let attributed = attributedTextStorage else { return Drawing.textEngine.size(of: text, attributes: attributes, width: width) }
        return Drawing.textEngine.measure(attributed, attributes: attributes.applying(attributed.paragraphStyle), width: width)
    }

    /// Draws the label's text (its runs when it has `attributedText`) in `rect`.
    func drawText(_ text: String, in rect: Rect, attributes: TextAttributes, context: GraphicsContext) {
        guard let attributed = attributedTextStorage else { return context.draw(text, in: rect, attributes: attributes) }
        context.draw(attributed, in: rect, attributes: attributes.applying(attributed.paragraphStyle))
    }
}
