/// Dynamic Type for labels (issue 26 §5): a label whose font is a preferred font grows and shrinks
/// with the text size, re-measures (Auto Layout sees its new intrinsic size; with
/// `numberOfLines = 0` it wraps onto more lines) and redraws.
extension Label: ContentSizeCategoryAdjusting {
    /// Whether the label's preferred font follows the text size and bold text (UIKit's
    /// `adjustsFontForContentSizeCategory`); fonts without a text style are left alone.
    public var adjustsFontForContentSizeCategory: Bool {
        get { DynamicTypeRegistry.contains(self) }
        set {
            DynamicTypeRegistry.set(self, newValue)
            if newValue { adjustFontToCurrentSettings() }
        }
    }

    /// Remakes the font for its text style at the current settings; a button whose title this is
    /// re-measures too.
    func adjustFontToCurrentSettings() {
        guard let style = font.textStyle else { return }
        let adjusted = Font.preferredFont(forTextStyle: style)
        guard adjusted != font else { return }
        font = adjusted
        setNeedsLayout()
        if let button = superview as? Button {
            button.invalidateIntrinsicContentSize()
            button.setNeedsLayout()
        }
        superview?.setNeedsLayout()
    }
}
