/// How the lines of a paragraph are laid out (UIKit's `NSParagraphStyle`), the value of
/// `StringAttributeKey.paragraphStyle` in an `AttributedText`. A value type: change a copy
/// (`var style = ParagraphStyle(); style.lineSpacing = 4`) where UIKit mutates an
/// `NSMutableParagraphStyle`.
///
/// Pango lays a whole layout out with one paragraph style, so the style of the text's first
/// character applies to all of it (UIKit applies a style per paragraph; for the one paragraph of
/// most labels that is the same). Each field names the Pango call the renderer makes for it.
public struct ParagraphStyle: Hashable, Sendable {
    /// How the lines are aligned; it replaces the label's `textAlignment`
    /// (`pango_layout_set_alignment`, `pango_layout_set_justify`).
    public var alignment: TextAlignment
    /// Extra space between lines, in points (`pango_layout_set_spacing`).
    public var lineSpacing: Double
    /// How lines that do not fit are wrapped or truncated; it replaces the label's
    /// `lineBreakMode` (`pango_layout_set_wrap`, `pango_layout_set_ellipsize`).
    public var lineBreakMode: LineBreakMode
    /// The first line's distance from the leading edge, in points (`pango_layout_set_indent`
    /// with the difference to `headIndent`; the layout is narrowed by the smaller of the two).
    public var firstLineHeadIndent: Double
    /// The other lines' distance from the leading edge, in points (see `firstLineHeadIndent`).
    public var headIndent: Double

    /// Makes a style; the defaults are UIKit's (natural alignment, no spacing, word wrapping,
    /// no indents).
    public init(
        alignment: TextAlignment = .natural, lineSpacing: Double = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
        firstLineHeadIndent: Double = 0, headIndent: Double = 0
    ) {
        self.alignment = alignment
        self.lineSpacing = lineSpacing.isFinite ? max(0, lineSpacing) : 0
        self.lineBreakMode = lineBreakMode
        self.firstLineHeadIndent = firstLineHeadIndent.isFinite ? max(0, firstLineHeadIndent) : 0
        self.headIndent = headIndent.isFinite ? max(0, headIndent) : 0
    }

    /// UIKit's `NSParagraphStyle.default`.
    public static let `default` = ParagraphStyle()

    /// The indent of line `index` (0 is the first); a negative or non-finite indent counts as 0.
    public func indent(ofLine index: Int) -> Double {
        let value = index == 0 ? firstLineHeadIndent : headIndent
        return value.isFinite ? max(0, value) : 0
    }
}
