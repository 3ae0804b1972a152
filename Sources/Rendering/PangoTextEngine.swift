import CCairo
import ResponderKit

/// The core's `TextEngine` over Pango: fonts resolved by fontconfig, text shaped and laid out by
/// Pango, drawn by Cairo. One `PangoFontMap`/`PangoContext` pair serves the whole process; the
/// font options are fixed (grey antialiasing, no hinting, unhinted metrics), so layouts do not
/// depend on the drawing scale and the output is the same on every machine with
/// `fonts-dejavu-core`. A font of size N is N pixels at scale 1 (Pango's absolute size).
///
/// Measuring (`size(of:attributes:width:)`) and drawing go through the same cached
/// `PangoLayout` (`TextLayout`), so what `sizeThatFits` reports is what is drawn.
/// Indices in the API are `Character` offsets; Pango's are UTF-8 byte offsets, converted here.
@MainActor
public final class PangoTextEngine: TextEngine {
    /// The engine `Rendering.install()` installs.
    public static let shared = PangoTextEngine()

    /// Pango's unit: 1 point is 1024 Pango units (`PANGO_SCALE`).
    static let pangoScale = Double(PANGO_SCALE)
    /// Widths and heights beyond this are treated as unlimited (they would overflow Pango's
    /// 32-bit units).
    static let maximumExtent = 1_000_000.0
    /// Sizes beyond this are clamped: FreeType would rasterize each glyph into a bitmap of
    /// this many pixels squared (Cairo switches to paths only past 10240).
    static let maximumFontSize = 4096.0

    /// `pango_cairo_font_map_new()`: a private font map, so nothing else in the process can
    /// change its resolution or options.
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// `pango_font_map_create_context()` with the fixed cairo font options; its base direction
    /// is Pango's default (weak left to right) and layouts made in it choose theirs per paragraph.
    private let context: OpaquePointer
    /// The same, with the base direction fixed left to right (`pango_context_set_base_dir`).
    private let leftToRightContext: OpaquePointer
    /// The same, with the base direction fixed right to left.
    private let rightToLeftContext: OpaquePointer
    private var fontDescriptions: [Font: OpaquePointer] = [:]
    private var lineHeights: [Font: Double] = [:]
    private var cache = TextLayoutCache(capacity: 512)

    init() {
        let fonts = FontConfiguration.makeCurrent()
        fontMap = pango_cairo_font_map_new()
        FontConfiguration.apply(fonts, to: fontMap)
        context = Self.makeContext(fontMap)
        leftToRightContext = Self.makeContext(fontMap)
        pango_context_set_base_dir(leftToRightContext, PANGO_DIRECTION_LTR)
        rightToLeftContext = Self.makeContext(fontMap)
        pango_context_set_base_dir(rightToLeftContext, PANGO_DIRECTION_RTL)
    }

    /// `pango_font_map_create_context()` with the fixed cairo font options.
    private static func makeContext(_ fontMap: UnsafeMutablePointer<PangoFontMap>) -> OpaquePointer {
        let context = pango_font_map_create_context(fontMap)!
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)  // copies the options
        cairo_font_options_destroy(options)
        // Unrounded glyph positions: the layout is the same at every scale, and widths are exact.
        pango_context_set_round_glyph_positions(context, 0)
        return context
    }

    isolated deinit {
        cache.removeAll()
        for description in fontDescriptions.values { pango_font_description_free(description) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(leftToRightContext))
        g_object_unref(UnsafeMutableRawPointer(rightToLeftContext))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// The font families this engine's font map has, as fontconfig names them
    /// (`pango_font_map_list_families`, `pango_font_family_get_name`).
    /// - Complexity: O(families); fontconfig has listed them when the font map was made.
    public var familyNames: [String] {
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(fontMap, &families, &count)
        defer { g_free(families) }  // the array only; the families belong to the font map
        guard let families else { return [] }
        return (0..<Int(max(0, count))).compactMap { i in
            families[i].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) }
        }
    }

    /// How many laid-out strings are cached (for tests and diagnostics).
    public var cachedLayoutCount: Int { cache.count }

    /// Drops every cached layout and font description (they are rebuilt on demand).
    public func removeCachedLayouts() {
        cache.removeAll()
        for description in fontDescriptions.values { pango_font_description_free(description) }
        fontDescriptions.removeAll()
        lineHeights.removeAll()
    }

    // MARK: TextEngine

    /// The logical size of the shown lines, each dimension rounded up to a whole point.
    /// - Complexity: O(1) for a cached layout, else O(text length) (Pango shaping).
    public func size(of text: String, attributes: TextAttributes, width: Double?) -> Size {
        let size = laidOut(text, attributes: attributes, width: width, height: nil).size
        return Size(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }

    /// The logical height of a line of `font` (an empty layout's extent, which Pango gives the
    /// font's ascent plus descent).
    /// - Complexity: O(1) after the first call for `font`.
    public func lineHeight(of font: Font) -> Double {
        if let height = lineHeights[font] { return height }
        let height = layout(for: singleLineKey("", font: font)).size.height
        lineHeights[font] = height
        return height
    }

    /// The strong caret's x (`pango_layout_get_cursor_pos`) at the UTF-8 offset of character
    /// `index` (clamped to the text) of the unwrapped line: where text typed there in the
    /// paragraph's direction appears, so in right-to-left text index 0 is the right end and at a
    /// boundary between runs of both directions the caret stays with the paragraph's run.
    /// - Complexity: O(index) for the offset conversion, plus the layout (cached).
    public func caretOffset(at index: Int, in text: String, font: Font) -> Double {
        let text = Self.sanitized(text)
        return caretOffset(at: index, in: text, key: singleLineKey(text, font: font))
    }

    /// `pango_layout_xy_to_index` on the unwrapped line, its byte offset converted to a
    /// character offset (a hit on a character's trailing half is the index after it).
    /// - Complexity: O(text length) for the offset conversion, plus the layout (cached).
    public func characterIndex(nearestTo x: Double, in text: String, font: Font) -> Int {
        let text = Self.sanitized(text)
        return characterIndex(nearestTo: x, in: text, key: singleLineKey(text, font: font))
    }

    // MARK: Drawing

    /// Draws `text` laid out in `rect` (wrapped to its width, cut or ellipsized to its height
    /// and `numberOfLines`) from the rect's top, in `attributes.color`: each shown line with
    /// `pango_cairo_show_layout_line` at its baseline.
    /// - Complexity: O(glyphs drawn) for a cached layout.
    func draw(_ text: String, in rect: Rect, attributes: TextAttributes, into cr: OpaquePointer) {
        let r = rect.standardized
        guard !text.isEmpty, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
        show(laidOut(text, attributes: attributes, width: r.width, height: r.height), in: r, color: attributes.color, into: cr)
    }

    /// Draws the shown lines of `laid` from the top of `r` in `color` (the cairo source; runs
    /// with a foreground attribute draw in theirs).
    /// - Complexity: O(glyphs drawn).
    func show(_ laid: TextLayout, in r: Rect, color: Color, into cr: OpaquePointer) {
        cairo_set_source_rgba(cr, color.red.clamped01, color.green.clamped01, color.blue.clamped01, color.alpha.clamped01)
        if laid.clipsToRect {
            cairo_save(cr)
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            cairo_clip(cr)
        }
        let iterator = pango_layout_get_iter(laid.layout)
        for origin in laid.lines {
            if let line = pango_layout_iter_get_line_readonly(iterator) {
                cairo_move_to(cr, r.minX + origin.x, r.minY + origin.baseline)
                pango_cairo_show_layout_line(cr, line)
            }
            if pango_layout_iter_next_line(iterator) == 0 { break }
        }
        pango_layout_iter_free(iterator)
        cairo_new_path(cr)
        if laid.clipsToRect { cairo_restore(cr) }
    }

    // MARK: Layouts

    /// The layout for `text` in a box `width` wide (nil: unwrapped) and, when drawing, `height`
    /// high. The unlimited-height layout (the one `size(of:)` measured) is used whenever its
    /// lines fit, so a label drawn in the size it measured reuses the measured layout.
    func laidOut(_ text: String, attributes: TextAttributes, width: Double?, height: Double?) -> TextLayout {
        let text = Self.sanitized(text)
        let direction: TextLayoutDirection = attributes.baseWritingDirection.resolved(for: text) == .rightToLeft ? .rightToLeft : .leftToRight
        var key = TextLayoutKey(
            text: text, font: attributes.font, alignment: attributes.alignment,
            lineBreakMode: attributes.lineBreakMode, numberOfLines: attributes.numberOfLines,
            underline: attributes.underline, direction: direction, width: Self.limit(width), height: -1)
        let free = layout(for: key)
        let heightLimit = Self.limit(height)
        guard heightLimit >= 0, free.size.height > heightLimit + 0.01, free.lines.count > 1 else { return free }
        key.height = heightLimit
        return layout(for: key)
    }

    func singleLineKey(_ text: String, font: Font) -> TextLayoutKey {
        TextLayoutKey(
            text: text, font: font, alignment: .left, lineBreakMode: .byClipping, numberOfLines: 1,
            underline: false, direction: .automatic, width: -1, height: -1)
    }

    func layout(for key: TextLayoutKey) -> TextLayout {
        if let cached = cache.layout(for: key) { return cached }
        let made = makeLayout(key)
        cache.insert(made, for: key)
        return made
    }

    /// Configures a new `PangoLayout` for `key` and reads its shown lines
    /// (`pango_layout_get_iter`, `pango_layout_iter_get_line_extents`, `…_get_baseline`).
    /// A fixed direction makes it in the context of that base direction with
    /// `pango_layout_set_auto_dir` off, so Pango's bidi runs in that paragraph direction and
    /// left and right alignment stay absolute (with auto-dir on, Pango swaps them for
    /// paragraphs whose direction differs from the context's).
    private func makeLayout(_ key: TextLayoutKey) -> TextLayout {
        let layout: OpaquePointer
        switch key.direction {
        case .automatic: layout = pango_layout_new(context)!
        case .leftToRight: layout = pango_layout_new(leftToRightContext)!
        case .rightToLeft: layout = pango_layout_new(rightToLeftContext)!
        }
        if key.direction != .automatic { pango_layout_set_auto_dir(layout, 0) }
        pango_layout_set_font_description(layout, fontDescription(for: key.font))  // copied by Pango
        var text = key.text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { pango_layout_set_text(layout, $0.baseAddress, Int32(clamping: $0.count)) }
        }

        let mode = key.lineBreakMode
        let truncating = Self.isTruncating(mode)
        // One clipped line is laid out unwrapped (UIKit cuts it at the edge, mid-glyph).
        let unwrapped = key.width < 0 || (key.numberOfLines == 1 && mode == .byClipping)
        if !unwrapped {
            pango_layout_set_width(layout, Self.units(key.width))
            pango_layout_set_wrap(layout, mode == .byCharWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        }
        if truncating && !unwrapped {
            let ellipsize: PangoEllipsizeMode
            switch mode {
            case .byTruncatingHead: ellipsize = PANGO_ELLIPSIZE_START
            case .byTruncatingMiddle: ellipsize = PANGO_ELLIPSIZE_MIDDLE
            default: ellipsize = PANGO_ELLIPSIZE_END
            }
            pango_layout_set_ellipsize(layout, ellipsize)
            // Negative: at most N lines per paragraph, the last one ellipsized; positive: the
            // lines that fit in that height, the last one ellipsized.
            if key.height >= 0 {
                pango_layout_set_height(layout, Self.units(key.height))
            } else if key.numberOfLines > 0 {
                pango_layout_set_height(layout, -Int32(clamping: key.numberOfLines))
            } else {
                pango_layout_set_height(layout, Int32.max)
            }
        }
        switch key.alignment {
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified:
            pango_layout_set_justify(layout, 1)
            if key.direction == .rightToLeft { pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT) }
        case .left, .natural: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        }
        if key.underline {
            let attributes = pango_attr_list_new()
            pango_attr_list_insert(attributes, pango_attr_underline_new(PANGO_UNDERLINE_SINGLE))  // the list owns it
            pango_layout_set_attributes(layout, attributes)  // the layout refs it
            pango_attr_list_unref(attributes)
        }
        // Attributed text: its runs' Pango attributes and its paragraph style (PangoAttributes.swift).
        let indent = applyRuns(of: key, to: layout)

        // The shown lines: at most numberOfLines (all paragraphs together, as UIKit counts),
        // and only those that fit in the height (at least one).
        let maxLines = key.numberOfLines > 0 ? key.numberOfLines : Int.max
        var lines: [TextLayout.LineOrigin] = []
        var widest = 0.0
        var top = 0.0, bottom = 0.0
        let iterator = pango_layout_get_iter(layout)
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let lineTop = Double(logical.y) / Self.pangoScale
            let lineBottom = Double(logical.y + logical.height) / Self.pangoScale
            if lines.isEmpty { top = lineTop } else if key.height >= 0, lineBottom - top > key.height + 0.01 { break }
            let lineWidth = Double(logical.width) / Self.pangoScale
            var x = Double(logical.x) / Self.pangoScale
            if unwrapped, key.width >= 0 { x = Self.alignmentFactor(key.alignment) * (key.width - lineWidth) }
            let lineIndent = key.paragraph?.indent(ofLine: lines.count) ?? 0
            lines.append(TextLayout.LineOrigin(x: x + indent, baseline: Double(pango_layout_iter_get_baseline(iterator)) / Self.pangoScale - top))
            widest = max(widest, lineWidth + lineIndent)
            bottom = lineBottom
        } while lines.count < maxLines && pango_layout_iter_next_line(iterator) != 0
        pango_layout_iter_free(iterator)
        return TextLayout(
            layout: layout, lines: lines, size: Size(width: widest, height: bottom - top),
            clipsToRect: unwrapped && key.width >= 0)
    }

    /// `pango_font_description_new` with the family, the absolute size (pixels at scale 1) and
    /// the CSS weight; kept for the engine's life (a few fonts per app).
    func fontDescription(for font: Font) -> OpaquePointer {
        if let description = fontDescriptions[font] { return description }
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, font.familyName)
        let size = min(max(font.pointSize, 0.01), Self.maximumFontSize)
        pango_font_description_set_absolute_size(description, size * Self.pangoScale)
        pango_font_description_set_weight(description, PangoWeight(UInt32(font.weight.cssWeight)))
        if fontDescriptions.count >= 64 {
            for old in fontDescriptions.values { pango_font_description_free(old) }
            fontDescriptions.removeAll()
        }
        fontDescriptions[font] = description
        return description
    }

    // MARK: Warming up

    /// Rasterizes the digits, plus every character of the strings laid out so far, in every
    /// font used so far at `scale` pixels per point, into a scratch image surface
    /// (`pango_cairo_show_layout` into `cairo_image_surface_create`): afterwards Pango's shaping
    /// caches and Cairo's glyph cache of those scaled fonts hold what the next strings of the app
    /// most likely need (a counter's new digit, a row's new word), so the first interaction does
    /// not pay FreeType's rasterization. The layouts made here are not kept in the layout cache.
    /// The host calls it once, idle after its first frame (`KioskSession.warmUp()`).
    /// - Returns: the number of fonts warmed.
    /// - Complexity: O(fonts × characters); one surface per font, freed before returning.
    @discardableResult
    public func warmGlyphs(scale: Double) -> Int {
        let scale = scale.isFinite && scale > 0 ? min(scale, 8) : 1
        var characters = Set<Character>("0123456789")
        for key in cache.keys where characters.count < 512 { characters.formUnion(key.text) }
        characters.remove("\u{0}")
        let text = Self.sanitized(String(characters.sorted()))
        let wrapWidth = 1024.0
        for description in fontDescriptions.values {
            let layout = pango_layout_new(context)!
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            pango_layout_set_font_description(layout, description)
            var copy = text
            copy.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { pango_layout_set_text(layout, $0.baseAddress, Int32(clamping: $0.count)) }
            }
            pango_layout_set_width(layout, Self.units(wrapWidth))
            pango_layout_set_wrap(layout, PANGO_WRAP_CHAR)
            var logical = PangoRectangle()
            pango_layout_get_pixel_extents(layout, nil, &logical)
            let width = Int32(clamping: Int((wrapWidth * scale).rounded(.up)) + 1)
            let height = Int32(clamping: min(4096, Int((Double(max(1, logical.height)) * scale).rounded(.up)) + 1))
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
            let cr = cairo_create(surface)
            cairo_scale(cr, scale, scale)
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            pango_cairo_show_layout(cr, layout)
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }
        return fontDescriptions.count
    }

    // MARK: Helpers

    static func isTruncating(_ mode: LineBreakMode) -> Bool {
        mode == .byTruncatingHead || mode == .byTruncatingMiddle || mode == .byTruncatingTail
    }

    static func alignmentFactor(_ alignment: TextAlignment) -> Double {
        switch alignment {
        case .center: return 0.5
        case .right: return 1
        case .left, .natural, .justified: return 0
        }
    }

    /// A width or height as the cache stores it: -1 for none (nil, NaN, negative, huge).
    static func limit(_ value: Double?) -> Double {
        guard let value, value.isFinite, value >= 0, value < maximumExtent else { return -1 }
        return value
    }

    static func units(_ points: Double) -> Int32 {
        Int32(clamping: Int((min(max(points, 0), maximumExtent) * pangoScale).rounded()))
    }

    /// Pango replaces invalid UTF-8 (a NUL byte counts) by U+FFFD, which would shift every byte
    /// offset after it; the same replacement made here keeps offsets and character counts aligned.
    static func sanitized(_ text: String) -> String {
        guard text.utf8.contains(0) else { return text }
        return String(text.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 })
    }
}

extension Double {
    /// A colour component for Cairo: clamped to 0…1, NaN as 0.
    var clamped01: Double { self.isNaN ? 0 : Swift.min(1, Swift.max(0, self)) }
}
