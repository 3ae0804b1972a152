import CCairo
import ResponderKit

/// One configured `PangoLayout` and the lines of it that are shown: what `PangoTextEngine`
/// measures and what it draws are read from the same object, so a size returned by
/// `sizeThatFits` is exactly the extent of the drawn text.
final class TextLayout {
    /// A shown line: where its left edge and baseline sit, relative to the top-left of the text
    /// rectangle, in points.
    struct LineOrigin {
        var x: Double
        var baseline: Double
    }

    /// The `PangoLayout` (owned: unreferenced with `g_object_unref` in `deinit`).
    let layout: OpaquePointer
    /// The lines drawn, top to bottom (a prefix of the layout's lines: `numberOfLines` and a
    /// height limit cut the rest).
    let lines: [LineOrigin]
    /// The logical extent of the shown lines (widest line × top of the first to bottom of the
    /// last), unrounded.
    let size: Size
    /// Single-line clipping text is laid out unwrapped and must be clipped to its rectangle.
    let clipsToRect: Bool

    init(layout: OpaquePointer, lines: [LineOrigin], size: Size, clipsToRect: Bool) {
        self.layout = layout
        self.lines = lines
        self.size = size
        self.clipsToRect = clipsToRect
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }
}
