import ResponderKit

/// What identifies a layout in the cache: the text, every attribute that changes the layout
/// (not the colour, which is the cairo source when drawing) and the box it is laid out in.
struct TextLayoutKey: Hashable {
    var text: String
    var font: Font
    var alignment: TextAlignment
    var lineBreakMode: LineBreakMode
    var numberOfLines: Int
    var underline: Bool
    /// The paragraphs' base direction.
    var direction: TextLayoutDirection
    /// The wrapping width in points; -1 for none.
    var width: Double
    /// The height the shown lines must fit in; -1 for none.
    var height: Double
    /// Attributed text's runs (colours resolved), as `Character` ranges of `text`; empty for
    /// plain text.
    var runs: [AttributedText.Run] = []
    /// Attributed text's paragraph style (spacing and indents; its alignment and line break
    /// mode are in the fields above).
    var paragraph: ParagraphStyle? = nil
}

/// How a layout's base direction is chosen: by Pango per paragraph (`pango_layout_set_auto_dir`,
/// the single-line layouts of text fields' caret arithmetic), or fixed (the resolved
/// `TextAttributes.baseWritingDirection` of drawn and measured text, with absolute alignment).
enum TextLayoutDirection: Hashable {
    case automatic
    case leftToRight
    case rightToLeft
}

/// A bounded cache of laid-out text, least recently used evicted first, so relaying out the same
/// strings every frame (labels, buttons) costs a dictionary look-up and memory stays bounded.
struct TextLayoutCache {
    private var entries: [TextLayoutKey: (layout: TextLayout, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = max(2, capacity) }

    var count: Int { entries.count }

    /// The keys of the cached layouts (the strings and fonts laid out lately).
    var keys: Dictionary<TextLayoutKey, (layout: TextLayout, lastUse: UInt64)>.Keys { entries.keys }

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
