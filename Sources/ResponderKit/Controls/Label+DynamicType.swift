/// Dynamic Type for labels (issue 26 §5): a label whose font is a preferred font grows and shrinks
/// with the text size, re-measures (Auto Layout sees its new intrinsic size; with
/// `numberOfLines = 0` it wraps onto more lines) and redraws.
extension Label: ContentSizeCategoryAdjusting {
    /// Remakes the font for its text style at the current settings; a button whose title this is
    /// re-measures too.
    func adjustFontToCurrentSettings() {
        guard let adjusted = font.adjustedToCurrentSettings else { return }
        font = adjusted
        setNeedsLayout()
        if let button = superview as? Button {
            button.invalidateIntrinsicContentSize()
            button.setNeedsLayout()
        }
        superview?.setNeedsLayout()
    }
}
