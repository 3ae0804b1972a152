/// Measures text the way the renderer will draw it. The core knows no font library: the
/// `Rendering` module installs a Pango engine (`Rendering.install()`, which every host target
/// calls), so `sizeThatFits` and the drawn text come from the same Pango layout.
@MainActor
public protocol TextEngine: AnyObject {
    /// The size of `text` laid out with `attributes`, wrapped at `width` when given.
    func size(of text: String, attributes: TextAttributes, width: Double?) -> Size
    /// The height of one line of `font`.
    func lineHeight(of font: Font) -> Double
    /// The x offset (from the start of the line, unaligned) of the caret before character `index`
    /// of a single line of `text`.
    func caretOffset(at index: Int, in text: String, font: Font) -> Double
    /// The character index whose caret position is nearest to `x` in a single line of `text`.
    func characterIndex(nearestTo x: Double, in text: String, font: Font) -> Int
}

/// Decodes image files into pixels; installed by `Rendering` (Cairo's PNG reader).
@MainActor
public protocol ImageDecoder: AnyObject {
    /// Reads an image file (PNG), or throws a message naming the file and the problem.
    func decodeImage(contentsOfFile path: String) throws -> Image
}

/// Where the core finds the services that need C libraries.
@MainActor
public enum Drawing {
    /// The text engine in use; the estimate engine until a renderer installs Pango.
    public static var textEngine: any TextEngine = EstimatedTextEngine()
    /// The image decoder in use; none until a renderer installs one.
    public static var imageDecoder: (any ImageDecoder)?
}

/// Metrics for a core used without a renderer (unit tests of layout code): every character is
/// 0.6 em wide and a line is 1.2 em high, wrapping at character boundaries. It keeps layout code
/// deterministic where no font library is loaded; real apps measure with Pango.
@MainActor
public final class EstimatedTextEngine: TextEngine {
    /// Makes the estimating engine.
    public init() {}

    public func size(of text: String, attributes: TextAttributes, width: Double?) -> Size {
        let em = attributes.font.pointSize
        let charWidth = 0.6 * em
        var lines = 0
        var widest = 0.0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let w = Double(paragraph.count) * charWidth
            if let width, width > 0, w > width, attributes.numberOfLines != 1 {
                let perLine = max(1, Int(width / charWidth))
                lines += (paragraph.count + perLine - 1) / perLine
                widest = max(widest, Double(perLine) * charWidth)
            } else {
                lines += 1
                widest = max(widest, w)
            }
        }
        if attributes.numberOfLines > 0 { lines = min(lines, attributes.numberOfLines) }
        if let width, width > 0 { widest = min(widest, width) }
        return Size(width: widest, height: Double(max(1, lines)) * lineHeight(of: attributes.font))
    }

    public func lineHeight(of font: Font) -> Double { 1.2 * font.pointSize }

    public func caretOffset(at index: Int, in text: String, font: Font) -> Double {
        Double(min(max(0, index), text.count)) * 0.6 * font.pointSize
    }

    public func characterIndex(nearestTo x: Double, in text: String, font: Font) -> Int {
        Int.clamped(x / (0.6 * font.pointSize), rounding: .toNearestOrAwayFromZero, to: 0...text.count)
    }
}
