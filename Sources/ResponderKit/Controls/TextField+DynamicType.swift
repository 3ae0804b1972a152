/// Dynamic Type for text fields (issue 26 §5): a field whose font is a preferred font follows the
/// text size and bold text.
extension TextField: ContentSizeCategoryAdjusting {
    /// Whether the field's preferred font follows the text size and bold text (UIKit's
    /// `adjustsFontForContentSizeCategory`).
    public var adjustsFontForContentSizeCategory: Bool {
        get { DynamicTypeRegistry.contains(self) }
        set {
            DynamicTypeRegistry.set(self, newValue)
            if newValue { adjustFontToCurrentSettings() }
        }
    }

    /// Remakes the font for its text style at the current settings and re-measures.
    func adjustFontToCurrentSettings() {
        guard let style = font.textStyle else { return }
        let adjusted = Font.preferredFont(forTextStyle: style)
        guard adjusted != font else { return }
        font = adjusted
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }
}
