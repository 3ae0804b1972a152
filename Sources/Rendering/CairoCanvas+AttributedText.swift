import CCairo
import ResponderKit

extension CairoCanvas: AttributedTextCanvas {
    /// Draws attributed text through `PangoTextEngine` (its runs as Pango attributes, see
    /// PangoAttributes.swift).
    public func draw(_ text: AttributedText, in rect: Rect, attributes: TextAttributes) {
        prepare()
        guard !isSuppressed else { return }
        textEngine.draw(text, in: rect, attributes: attributes, into: cairo)
    }
}
