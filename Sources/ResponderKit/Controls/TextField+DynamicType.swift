/// Dynamic Type for text fields (issue 26 §5): a field whose font is a preferred font follows the
/// text size and bold text.
extension TextField: ContentSizeCategoryAdjusting {
    /// Remakes the font for its text style at the current settings and re-measures.
    func adjustFontToCurrentSettings() {
        guard let adjusted = font.adjustedToCurrentSettings else { return }
        font = adjusted
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }
}
