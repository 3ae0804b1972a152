extension GraphicsContext {
    /// Draws `text` in `rect` from its top (UIKit's `NSAttributedString.draw(in:)`): runs
    /// without a font or colour use `attributes`' (a label's `font` and `textColor`). Each
    /// run's colours are resolved for the context's traits and faded by its alpha first. A
    /// canvas that cannot draw attributed text draws the plain string with `attributes`.
    public func draw(_ text: AttributedText, in rect: Rect, attributes: TextAttributes) {
        var attributes = attributes
        attributes.color = faded(attributes.color)
        guard let canvas = canvas as? any AttributedTextCanvas else {
            canvas.draw(text.string, in: rect, attributes: attributes.applying(text.paragraphStyle))
            return
        }
        let resolved = text.mapAttributes { run in
            var run = run
            run.foregroundColor = run.foregroundColor.map(faded)
            run.backgroundColor = run.backgroundColor.map(faded)
            return run
        }
        canvas.draw(resolved, in: rect, attributes: attributes)
    }
}
