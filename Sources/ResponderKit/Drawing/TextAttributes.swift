/// How a paragraph is aligned (UIKit's `NSTextAlignment`). `natural` is left for left-to-right text.
public enum TextAlignment: Sendable, Hashable {
    case left, center, right, justified, natural
}

/// What happens to text that does not fit (UIKit's `NSLineBreakMode`).
public enum LineBreakMode: Sendable, Hashable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// Everything the text engine needs to lay out and draw a string (the subset of UIKit's string
/// attributes and paragraph style that labels, buttons and text fields use).
public struct TextAttributes: Hashable, Sendable {
    public var font: Font
    public var color: Color
    public var alignment: TextAlignment
    public var lineBreakMode: LineBreakMode
    /// 0 means as many lines as the text needs (UIKit's `numberOfLines`).
    public var numberOfLines: Int
    /// Draws a single underline (an input method's preedit text).
    public var underline: Bool

    public init(font: Font = .systemFont(ofSize: 17), color: Color = .black, alignment: TextAlignment = .natural,
                lineBreakMode: LineBreakMode = .byWordWrapping, numberOfLines: Int = 0, underline: Bool = false) {
        self.font = font
        self.color = color
        self.alignment = alignment
        self.lineBreakMode = lineBreakMode
        self.numberOfLines = max(0, numberOfLines)
        self.underline = underline
    }
}
