/// A `TextEngine` that also measures `AttributedText` (the Pango engine does; a separate
/// protocol so engines written against `TextEngine` keep compiling). Measuring and drawing use
/// the same runs, so a label's `sizeThatFits` is the extent of what it draws.
@MainActor
public protocol AttributedTextEngine: TextEngine {
    /// The size of `text` laid out with `attributes` (the fallbacks for runs without a font,
    /// and the box: alignment, line break mode and number of lines, which the text's paragraph
    /// style replaces), wrapped at `width` when given.
    func size(of text: AttributedText, attributes: TextAttributes, width: Double?) -> Size
}

/// A `GraphicsCanvas` that also draws `AttributedText` (the Cairo canvas does).
@MainActor
public protocol AttributedTextCanvas: GraphicsCanvas {
    /// Lays `text` out in `rect` like `draw(_:in:attributes:)` and draws it, each run with its
    /// attributes (colours already resolved for the view's traits).
    func draw(_ text: AttributedText, in rect: Rect, attributes: TextAttributes)
}

extension TextAttributes {
    /// These attributes with `paragraph`'s alignment and line break mode, when there is one.
    public func applying(_ paragraph: ParagraphStyle?) -> TextAttributes {
        guard let paragraph else { return self }
        var result = self
        result.alignment = paragraph.alignment
        result.lineBreakMode = paragraph.lineBreakMode
        return result
    }
}

extension TextEngine {
    /// The size of `text`: measured by the engine when it is an `AttributedTextEngine`, else as
    /// its plain string in the largest font of its runs.
    public func measure(_ text: AttributedText, attributes: TextAttributes, width: Double?) -> Size {
        if let engine = self as? any AttributedTextEngine { return engine.size(of: text, attributes: attributes, width: width) }
        var plain = attributes.applying(text.paragraphStyle)
        if let largest = text.runs.compactMap(\.attributes.font).max(by: { $0.pointSize < $1.pointSize }), largest.pointSize > plain.font.pointSize {
            plain.font = largest
        }
        return size(of: text.string, attributes: plain, width: width)
    }
}
