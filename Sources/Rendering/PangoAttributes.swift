import CCairo
import ResponderKit

/// Attributed text in Pango: each run of an `AttributedText` becomes `PangoAttribute`s over the
/// run's UTF-8 bytes in one `PangoAttrList` on the layout, and its paragraph style becomes layout
/// settings. The runs are part of the layout's cache key, so measuring (`size(of:attributes:width:)`)
/// and drawing lay the text out with the same attributes and `sizeThatFits` is what is drawn.
///
/// | attribute | Pango call |
/// |---|---|
/// | `font` | `pango_attr_font_desc_new` (family, absolute size, weight) |
/// | `foregroundColor` | `pango_attr_foreground_new`, `pango_attr_foreground_alpha_new` below full opacity |
/// | `backgroundColor` | `pango_attr_background_new`, `pango_attr_background_alpha_new` |
/// | `underlineStyle` | `pango_attr_underline_new` (`PANGO_UNDERLINE_SINGLE`, `…_DOUBLE`) |
/// | `strikethroughStyle` | `pango_attr_strikethrough_new` |
/// | `kern` | `pango_attr_letter_spacing_new` |
/// | `paragraphStyle` | `pango_layout_set_spacing`, `pango_layout_set_indent` (with a narrower width) |
extension PangoTextEngine {
    /// The size of attributed `text` (`TextEngine.measure` calls it).
    /// - Complexity: O(1) for a cached layout, else O(text length + runs) (Pango shaping).
    public func size(of text: AttributedText, attributes: TextAttributes, width: Double?) -> Size {
        let size = laidOut(text, attributes: attributes, width: width, height: nil).size
        return Size(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }

    /// Draws attributed `text` in `rect` as `draw(_:in:attributes:into:)` draws a string.
    /// - Complexity: O(glyphs drawn) for a cached layout.
    func draw(_ text: AttributedText, in rect: Rect, attributes: TextAttributes, into cr: OpaquePointer) {
        let r = rect.standardized
        guard text.length > 0, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
        show(laidOut(text, attributes: attributes, width: r.width, height: r.height), in: r, color: attributes.color, into: cr)
    }

    /// The layout of attributed text, found as `laidOut(_:attributes:width:height:)` finds a
    /// string's (the unlimited-height layout whenever its lines fit).
    func laidOut(_ text: AttributedText, attributes: TextAttributes, width: Double?, height: Double?) -> TextLayout {
        let string = Self.sanitized(text.string)
        let direction: TextLayoutDirection = attributes.baseWritingDirection.resolved(for: string) == .rightToLeft ? .rightToLeft : .leftToRight
        var key = TextLayoutKey(
            text: string, font: attributes.font, alignment: attributes.alignment,
            lineBreakMode: attributes.lineBreakMode, numberOfLines: attributes.numberOfLines,
            underline: attributes.underline, direction: direction, width: Self.limit(width), height: -1, runs: text.runs,
            paragraph: text.paragraphStyle)
        let free = layout(for: key)
        let heightLimit = Self.limit(height)
        guard heightLimit >= 0, free.size.height > heightLimit + 0.01, free.lines.count > 1 else { return free }
        key.height = heightLimit
        return layout(for: key)
    }

    /// Puts `key`'s runs on `layout` as Pango attributes (added to a list the layout already
    /// has) and applies its paragraph style. Returns how far every line is moved right: the
    /// smaller indent, by which a wrapping layout was narrowed (`pango_layout_set_indent` then
    /// takes the difference: positive indents the first line, negative the others).
    func applyRuns(of key: TextLayoutKey, to layout: OpaquePointer) -> Double {
        var offset = 0.0
        if let paragraph = key.paragraph {
            if paragraph.lineSpacing.isFinite, paragraph.lineSpacing > 0 { pango_layout_set_spacing(layout, Self.units(paragraph.lineSpacing)) }
            let first = paragraph.indent(ofLine: 0), head = paragraph.indent(ofLine: 1)
            if first > 0 || head > 0 {
                offset = min(first, head)
                let width = pango_layout_get_width(layout)
                if width >= 0 { pango_layout_set_width(layout, max(0, width - Self.units(offset))) }
                let difference = first - head
                pango_layout_set_indent(layout, difference >= 0 ? Self.units(difference) : -Self.units(-difference))
            }
        }
        guard !key.runs.isEmpty else { return offset }
        let list = pango_layout_get_attributes(layout).map { pango_attr_list_copy($0) } ?? pango_attr_list_new()
        let bytes = Self.characterByteOffsets(key.text)
        for run in key.runs {
            let lower = min(max(0, run.range.lowerBound), bytes.count - 1), upper = min(max(lower, run.range.upperBound), bytes.count - 1)
            guard lower < upper else { continue }
            for attribute in pangoAttributes(run.attributes) {
                attribute.pointee.start_index = UInt32(bytes[lower])
                attribute.pointee.end_index = UInt32(bytes[upper])
                pango_attr_list_insert(list, attribute)  // the list owns it
            }
        }
        pango_layout_set_attributes(layout, list)  // the layout refs it
        pango_attr_list_unref(list)
        return offset
    }

    /// The Pango attributes of one run (new, unowned: the caller inserts them in a list).
    private func pangoAttributes(_ run: TextRunAttributes) -> [UnsafeMutablePointer<PangoAttribute>] {
        var made: [UnsafeMutablePointer<PangoAttribute>?] = []
        if let font = run.font { made.append(pango_attr_font_desc_new(fontDescription(for: font))) }  // copies the description
        if let color = run.foregroundColor {
            made.append(pango_attr_foreground_new(Self.channel(color.red), Self.channel(color.green), Self.channel(color.blue)))
            if color.alpha < 1 { made.append(pango_attr_foreground_alpha_new(Self.channel(color.alpha))) }
        }
        if let color = run.backgroundColor, color.alpha > 0 {
            made.append(pango_attr_background_new(Self.channel(color.red), Self.channel(color.green), Self.channel(color.blue)))
            if color.alpha < 1 { made.append(pango_attr_background_alpha_new(Self.channel(color.alpha))) }
        }
        if let style = run.underlineStyle, !style.isEmpty {
            made.append(pango_attr_underline_new(style.contains(.double) ? PANGO_UNDERLINE_DOUBLE : PANGO_UNDERLINE_SINGLE))
        }
        if let style = run.strikethroughStyle, !style.isEmpty { made.append(pango_attr_strikethrough_new(1)) }
        if let kern = run.kern, kern != 0 {
            let units = Int32(clamping: Int((min(max(kern, -Self.maximumExtent), Self.maximumExtent) * Self.pangoScale).rounded()))
            made.append(pango_attr_letter_spacing_new(units))
        }
        return made.compactMap { $0 }
    }

    /// A colour component as Pango's 16-bit channel.
    private static func channel(_ value: Double) -> UInt16 { UInt16((value.clamped01 * 65535).rounded()) }

    /// The UTF-8 offset of each character boundary of `text` (one more than its characters).
    static func characterByteOffsets(_ text: String) -> [Int] {
        var offsets = [0]
        offsets.reserveCapacity(text.count + 1)
        var offset = 0
        for character in text {
            offset += character.utf8.count
            offsets.append(offset)
        }
        return offsets
    }
}

extension PangoTextEngine: AttributedTextEngine {}
