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

/// What identifies a layout in the cache: the text, every attribute that changes the layout
/// (not the colour, which is the cairo source when drawing) and the box it is laid out in.
struct TextLayoutKey: Hashable {
    var text: String
    var font: Font
    var alignment: TextAlignment
    var lineBreakMode: LineBreakMode
    var numberOfLines: Int
    var underline: Bool
    /// The wrapping width in points; -1 for none.
    var width: Double
    /// The height the shown lines must fit in; -1 for none.
    var height: Double
}

/// A bounded cache of laid-out text, least recently used evicted first, so relaying out the same
/// strings every frame (labels, buttons) costs a dictionary look-up and memory stays bounded.
struct TextLayoutCache {
    private var entries: [TextLayoutKey: (layout: TextLayout, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = max(2, capacity) }

    var count: Int { entries.count }

    /// - Complexity: O(1) on average (plus the text's hash).
    mutating func layout(for key: TextLayoutKey) -> TextLayout? {
        clock &+= 1
        guard var entry = entries[key] else { return nil }
        entry.lastUse = clock
        entries[key] = entry
        return entry.layout
    }

    /// Stores `layout`; past `capacity` the least recently used half is dropped (each drop
    /// releases its `PangoLayout`).
    /// - Complexity: O(1) amortized; O(capacity log capacity) for the eviction that runs once
    ///   every `capacity / 2` insertions.
    mutating func insert(_ layout: TextLayout, for key: TextLayoutKey) {
        clock &+= 1
        entries[key] = (layout, clock)
        guard entries.count > capacity else { return }
        let cutoff = entries.values.map(\.lastUse).sorted()[entries.count / 2]
        entries = entries.filter { $0.value.lastUse >= cutoff }
    }

    mutating func removeAll() { entries.removeAll() }
}
