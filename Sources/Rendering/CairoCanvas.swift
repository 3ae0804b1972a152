import CCairo
import ResponderKit

/// `GraphicsCanvas` over a `cairo_t`: what `GraphicsContext` calls while a view draws. Paths,
/// fills (even-odd or winding per path), strokes, clips, transforms, images, text through
/// `PangoTextEngine` and transparency layers (`cairo_push_group`).
///
/// Bad input never puts the `cairo_t` into an error state (Cairo's errors are sticky and would
/// blank the rest of the frame): non-finite paths are skipped, a singular or non-finite
/// transform makes drawing a no-op until the matching `restore()`, and saves and layers a view
/// leaves open are closed when it finishes.
@MainActor
public final class CairoCanvas: GraphicsCanvas {
    /// The context drawn into; it belongs to the caller.
    public let cairo: OpaquePointer
    let textEngine: PangoTextEngine

    private enum Entry { case save, group }
    /// The saves and layers open in the current view.
    private var stack: [Entry] = []
    /// Drawing is off while `stack.count >= suppressedFrom` (a singular transform was applied).
    private var suppressedFrom: Int?
    /// The view's clip, applied just before its first drawing call (most views draw nothing in
    /// `draw(_:)`, and then cost no Cairo call).
    private var pendingClip: (rect: Rect, cornerRadius: Double)?
    private var appliedClip = false

    /// A canvas over `cairo`, drawing text with `textEngine` (the shared Pango engine by default).
    public init(cairo: OpaquePointer, textEngine: PangoTextEngine = .shared) {
        self.cairo = cairo
        self.textEngine = textEngine
    }

    // MARK: Per-view bracket (the renderer's)

    /// Starts a view's `draw(_:)`: its drawing will be clipped to `clip` (rounded by
    /// `cornerRadius`), applied lazily.
    func beginView(clip: Rect, cornerRadius: Double) {
        stack.removeAll(keepingCapacity: true)
        suppressedFrom = nil
        pendingClip = (clip, cornerRadius)
        appliedClip = false
    }

    /// Ends the view's `draw(_:)`: closes what it left open (layers are composited as they are)
    /// and removes its clip. True when the view drew anything.
    @discardableResult
    func endView() -> Bool {
        while !stack.isEmpty { restore() }
        pendingClip = nil
        suppressedFrom = nil
        defer { appliedClip = false }
        if appliedClip { cairo_restore(cairo) }
        return appliedClip
    }

    @inline(__always) func prepare() {
        guard let clip = pendingClip else { return }
        pendingClip = nil
        appliedClip = true
        cairo_save(cairo)
        addRoundedRect(cairo, clip.rect, cornerRadius: clip.cornerRadius)
        cairo_clip(cairo)
    }

    var isSuppressed: Bool {
        if let from = suppressedFrom { return stack.count >= from }
        return false
    }

    // MARK: GraphicsCanvas

    /// `cairo_save`.
    public func save() {
        prepare()
        cairo_save(cairo)
        stack.append(.save)
    }

    /// `cairo_restore` (or, when a layer is the innermost open thing, ends it at full alpha).
    public func restore() {
        guard let entry = stack.popLast() else { return }
        switch entry {
        case .save: cairo_restore(cairo)
        case .group:
            cairo_pop_group_to_source(cairo)
            cairo_paint(cairo)
        }
        if let from = suppressedFrom, stack.count < from { suppressedFrom = nil }
    }

    /// `cairo_transform`; a singular or non-finite transform (Cairo would fail) makes everything
    /// drawn until the enclosing `restore()` invisible, which is what it would look like.
    public func concatenate(_ transform: AffineTransform) {
        prepare()
        guard transform.isUsableByCairo else {
            if suppressedFrom == nil { suppressedFrom = stack.count }
            return
        }
        var matrix = transform.cairoMatrix
        cairo_transform(cairo, &matrix)
    }

    /// `cairo_clip` with the path's fill rule; an invalid path clips everything away.
    /// - Complexity: O(path elements); a pixel-aligned rectangle is Cairo's cheap case.
    public func clip(to path: BezierPath) {
        prepare()
        path.replaceCurrentPath(of: cairo)
        cairo_set_fill_rule(cairo, path.cairoFillRule)
        cairo_clip(cairo)
    }

    /// `cairo_fill` with the path's fill rule.
    /// - Complexity: O(path elements + pixels covered).
    public func fill(_ path: BezierPath, color: Color) {
        prepare()
        guard !isSuppressed, color.alpha > 0, path.replaceCurrentPath(of: cairo) else { return }
        setSource(cairo, color)
        cairo_set_fill_rule(cairo, path.cairoFillRule)
        cairo_fill(cairo)
    }

    /// `cairo_stroke` with `lineWidth` (butt caps, miter joins, as Core Graphics).
    /// - Complexity: O(path elements + pixels covered).
    public func stroke(_ path: BezierPath, color: Color, lineWidth: Double) {
        prepare()
        guard !isSuppressed, color.alpha > 0, lineWidth > 0, lineWidth.isFinite, lineWidth <= cairoCoordinateLimit,
            path.replaceCurrentPath(of: cairo)
        else { cairo_new_path(cairo); return }
        setSource(cairo, color)
        cairo_set_line_width(cairo, lineWidth)
        cairo_stroke(cairo)
    }

    /// The image scaled into `rect`: a `cairo_image_surface_create_for_data` over its pixels (no
    /// copy), padded at the edges so a scaled image keeps crisp borders, painted with `alpha`.
    /// - Complexity: O(pixels covered).
    public func draw(_ image: Image, in rect: Rect, alpha: Double) {
        prepare()
        let r = rect.standardized
        guard !isSuppressed, alpha > 0, !r.isEmpty, [r.minX, r.minY, r.width, r.height].allSatisfy({ $0.isFinite && abs($0) <= cairoCoordinateLimit }) else {
            return
        }
        image.pixels.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let data = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: UInt8.self)
            let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height), Int32(image.width * 4))
            defer { cairo_surface_finish(surface); cairo_surface_destroy(surface) }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return }
            cairo_save(cairo)
            cairo_rectangle(cairo, r.minX, r.minY, r.width, r.height)
            cairo_clip(cairo)
            cairo_translate(cairo, r.minX, r.minY)
            cairo_scale(cairo, r.width / Double(image.width), r.height / Double(image.height))
            cairo_set_source_surface(cairo, surface, 0, 0)
            cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
            cairo_paint_with_alpha(cairo, min(1, alpha))
            cairo_restore(cairo)  // drops the source pattern, the last reference to the surface
        }
    }

    /// Text through `PangoTextEngine.draw` (the layout `sizeThatFits` measured).
    /// - Complexity: O(glyphs drawn) for a layout measured before (cached), else O(text length).
    public func draw(_ text: String, in rect: Rect, attributes: TextAttributes) {
        prepare()
        guard !isSuppressed, attributes.color.alpha > 0 else { return }
        textEngine.draw(text, in: rect, attributes: attributes, into: cairo)
    }

    /// `cairo_push_group`: an offscreen surface the size of the current clip.
    /// - Complexity: O(pixels in the clip) when the layer ends.
    public func beginTransparencyLayer() {
        prepare()
        cairo_push_group(cairo)
        stack.append(.group)
    }

    /// `cairo_pop_group_to_source` + `cairo_paint_with_alpha`; nothing when no layer is open
    /// (or a save opened after the layer is still open, which is closed first).
    public func endTransparencyLayer(alpha: Double) {
        guard let index = stack.lastIndex(where: { if case .group = $0 { return true } else { return false } }) else { return }
        while stack.count > index + 1 { restore() }
        stack.removeLast()
        cairo_pop_group_to_source(cairo)
        if !isSuppressed { cairo_paint_with_alpha(cairo, alpha.clamped01) }
        if let from = suppressedFrom, stack.count < from { suppressedFrom = nil }
    }
}

/// Adds `rect` as a path to `cr`, its corners rounded by `cornerRadius` (clamped to half the
/// shorter side): `cairo_rectangle`, or four `cairo_arc`s.
func addRoundedRect(_ cr: OpaquePointer, _ rect: Rect, cornerRadius: Double) {
    let r = rect.standardized
    let radius = min(max(0, cornerRadius.isNaN ? 0 : cornerRadius), r.width / 2, r.height / 2)
    guard radius > 0 else { cairo_rectangle(cr, r.minX, r.minY, r.width, r.height); return }
    let halfPi = Double.pi / 2
    cairo_new_sub_path(cr)
    cairo_arc(cr, r.maxX - radius, r.minY + radius, radius, -halfPi, 0)
    cairo_arc(cr, r.maxX - radius, r.maxY - radius, radius, 0, halfPi)
    cairo_arc(cr, r.minX + radius, r.maxY - radius, radius, halfPi, .pi)
    cairo_arc(cr, r.minX + radius, r.minY + radius, radius, .pi, 3 * halfPi)
    cairo_close_path(cr)
}
