/// How a paragraph is aligned (UIKit's `NSTextAlignment`). `natural` is left for left-to-right text.
public enum TextAlignment: Sendable, Hashable {
    /// Horizontal text alignment: left, centred, right, justified, or natural (left in
    /// left-to-right layout, right in right-to-left: views resolve it with
    /// `resolved(for:)` before drawing; the text engine takes a natural it is given as left).
    case left, center, right, justified, natural

    /// `.natural` as `.left` or `.right` in `direction`; other alignments unchanged (UIKit's
    /// rule for `NSTextAlignment.natural`).
    public func resolved(for direction: UserInterfaceLayoutDirection) -> TextAlignment {
        guard self == .natural else { return self }
        return direction == .leftToRight ? .left : .right
    }
}

/// What happens to text that does not fit (UIKit's `NSLineBreakMode`).
public enum LineBreakMode: Sendable, Hashable {
    /// How text that does not fit is broken or shortened: wrap at words or characters, clip, or truncate with an ellipsis at the head, tail or middle.
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// Everything the text engine needs to lay out and draw a string (the subset of UIKit's string
/// attributes and paragraph style that labels, buttons and text fields use).
public struct TextAttributes: Hashable, Sendable {
    /// The font.
    public var font: Font
    /// The text colour.
    public var color: Color
    /// The alignment within the drawing rectangle.
    public var alignment: TextAlignment
    /// How lines that do not fit are broken or truncated.
    public var lineBreakMode: LineBreakMode
    /// 0 means as many lines as the text needs (UIKit's `numberOfLines`).
    public var numberOfLines: Int
    /// Draws a single underline (an input method's preedit text).
    public var underline: Bool
    /// The paragraphs' base direction (UIKit's `NSParagraphStyle.baseWritingDirection`):
    /// `.natural`, the default, takes it from the text's first strong character.
    public var baseWritingDirection: WritingDirection = .natural

    /// Makes attributes; the defaults are 17-point system text in black.
    public init(
        font: Font = .systemFont(ofSize: 17), color: Color = .black, alignment: TextAlignment = .natural,
        lineBreakMode: LineBreakMode = .byWordWrapping, numberOfLines: Int = 0, underline: Bool = false
    ) {
        self.font = font
        self.color = color
        self.alignment = alignment
        self.lineBreakMode = lineBreakMode
        self.numberOfLines = max(0, numberOfLines)
        self.underline = underline
    }
}
