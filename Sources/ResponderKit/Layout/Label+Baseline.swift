extension Label {
    /// Where the first (or last) line's baseline lies relative to the label's vertical centre,
    /// where the text is centred: the text block is `intrinsicContentSize.height` high, each line
    /// `font.lineHeight`, and the baseline sits 0.8 em below the top of the em box, centred in its
    /// line (an estimate from the font size; the text engine reports no ascent).
    func baselineOffsetFromCenter(last: Bool) -> Double {
        let line = font.lineHeight
        let measured = intrinsicContentSize.height
        let block = measured > 0 ? measured : line
        let lineTop = last ? block / 2 - line : -block / 2
        return lineTop + (line - font.pointSize) / 2 + 0.8 * font.pointSize
    }
}
