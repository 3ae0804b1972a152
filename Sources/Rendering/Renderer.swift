import CCairo
import ResponderKit

/// Draws a window's view tree with Cairo into a `RenderTarget`, repainting only the damaged area.
///
/// The order is UIKit's (Core Animation's): the window's background over opaque black (outputs
/// are opaque), then every view back to front in pre-order — its background (rounded by
/// `layer.cornerRadius`), its `draw(_:)`, its subviews (clipped to its shape when
/// `clipsToBounds`), then its border, inside the bounds, over content and subviews. A view with
/// alpha below 1 is composited with its subtree as one group (`cairo_push_group` …
/// `cairo_paint_with_alpha`), so overlapping children do not show through each other. Hidden
/// views and views with alpha below 0.01 are skipped with their subtrees, and subtrees that
/// cannot reach the repaint area are culled with rectangle tests, before any Cairo call.
///
/// Positions are the core's (`View+Geometry`'s `convertToSuperview`): the view's centre, its
/// transform about that centre, then `-bounds.origin`.
@MainActor
public final class Renderer {
    private let textEngine: PangoTextEngine
    /// What the last `render` did.
    public private(set) var lastFrameStatistics = RenderStatistics()

    // The frame being drawn (set only inside `render`). Read at every view of the traversal, so
    // exempt from the runtime's dynamic exclusivity checks: the renderer is main-actor confined
    // and these are never accessed overlappingly.
    @exclusivity(unchecked) var statistics = RenderStatistics()
    @exclusivity(unchecked) var cairo: OpaquePointer?
    @exclusivity(unchecked) var canvas: CairoCanvas?
    /// The window's background was painted with the base colour (one fill instead of two).
    @exclusivity(unchecked) var rootBackgroundPainted = false

    /// A renderer drawing text with `textEngine`. Installs the Pango engine into the core when it
    /// still measures with the estimate engine, so controls measure what is drawn.
    public init(textEngine: PangoTextEngine = .shared) {
        self.textEngine = textEngine
        if Drawing.textEngine is EstimatedTextEngine || Drawing.imageDecoder == nil { Rendering.install() }
    }

    /// Repaints `repaint` (window points) of `window` into `target`; pixels outside it are not
    /// touched: Cairo draws straight into the target's memory (`cairo_image_surface_create_for_data`,
    /// `CAIRO_FORMAT_ARGB32`, the target's stride) clipped (`cairo_clip`) to the damaged pixels,
    /// so an output keeps the rest of its previous frame. Runs a pending layout pass first. A target Cairo cannot draw into (no pixels, a
    /// stride below `4 × width`, a bad scale) is reported as a diagnostic and left alone.
    /// - Complexity: O(views visited + pixels repainted); subtrees outside the repaint area cost
    ///   one rectangle test each.
    ///
    /// `overlays` are views outside the window's tree drawn over it, in the window's coordinates
    /// (the latency overlay): they take no part in the window's hit testing or layout.
    public func render(_ window: Window, into target: RenderTarget, repaint: DamageRegion, overlays: [View] = []) {
        statistics = RenderStatistics()
        defer { lastFrameStatistics = statistics }
        let scale = target.scale
        guard target.width > 0, target.height > 0, target.width <= 32767, target.height <= 32767,
            target.stride >= 4 * target.width, target.stride % 4 == 0, scale.isFinite, scale > 0
        else {
            ResponderDiagnostics.handler(
                .drawing("render: a \(target.width)×\(target.height) target with stride \(target.stride) and scale \(scale) cannot be drawn into"))
            return
        }
        window.layoutIfNeeded()
        let windowBounds = window.bounds
        var region = repaint
        region.clip(to: windowBounds)
        guard !region.isEmpty else { return }

        let surface = cairo_image_surface_create_for_data(
            target.base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(target.width), Int32(target.height), Int32(target.stride))
        defer { cairo_surface_finish(surface); cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            ResponderDiagnostics.handler(
                .drawing("render: cairo cannot draw into the target: \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))"))
            return
        }
        defer { cairo_destroy(cr) }

        // The repaint clip in whole device pixels (antialiased edges included).
        var clipBox = PixelRect.empty
        for rect in region.rects {
            let pixels = PixelRect(covering: rect.offsetBy(dx: -windowBounds.minX, dy: -windowBounds.minY), scale: scale)
                .intersection(target.bounds)
            guard !pixels.isEmpty else { continue }
            cairo_rectangle(cr, Double(pixels.x), Double(pixels.y), Double(pixels.width), Double(pixels.height))
            clipBox = clipBox.union(pixels)
            statistics.pixelsRepainted += pixels.width * pixels.height
        }
        guard !clipBox.isEmpty else { return }
        cairo_clip(cr)
        let area = Rect(
            x: Double(clipBox.x) / scale + windowBounds.minX, y: Double(clipBox.y) / scale + windowBounds.minY,
            width: Double(clipBox.width) / scale, height: Double(clipBox.height) / scale)

        // The base: opaque black, or directly the window's opaque background (as drawn: a
        // window's alpha and background animate like any view's).
        let drawn = window.presentation
        let visible = !window.isHidden && drawn.alpha >= 0.01
        var base = Color.black
        rootBackgroundPainted = false
        if visible, drawn.alpha >= 1, let background = drawn.backgroundColor, background.alpha >= 1,
            (window.layerIfLoaded?.cornerRadius ?? 0) <= 0
        {
            base = background
            rootBackgroundPainted = true
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgb(cr, base.red.clamped01, base.green.clamped01, base.blue.clamped01)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)

        if visible {
            let root = AffineTransform(translationX: -windowBounds.minX, y: -windowBounds.minY)
                .concatenating(AffineTransform(scaleX: scale, y: scale))
            cairo = cr
            canvas = CairoCanvas(cairo: cr, textEngine: textEngine)
            draw(window, matrix: root, area: area, isRoot: true)
            for overlay in overlays { draw(overlay, matrix: root, area: area, isRoot: false) }
            cairo = nil
            canvas = nil
        }
        cairo_surface_flush(surface)
        let status = cairo_status(cr)
        if status != CAIRO_STATUS_SUCCESS {
            ResponderDiagnostics.handler(.drawing("render: cairo stopped drawing: \(String(cString: cairo_status_to_string(status)))"))
        }
    }

    /// Renders all of `window` into a new image `scale` pixels per point (the window's
    /// `snapshot(scale:)`). The image has at least one pixel (a zero-size window gives one black
    /// pixel) and at most 16384 pixels a side and 64 M pixels (a larger window is cropped, with a
    /// diagnostic). A scale that is not a positive number is taken as 1.
    /// - Complexity: O(views + pixels).
    public static func snapshot(_ window: Window, scale: Double = 1) -> Image {
        let scale = scale.isFinite && scale > 0 ? min(scale, 64) : 1
        window.layoutIfNeeded()
        let size = window.bounds.size
        func pixels(_ points: Double) -> Int {
            let p = points * scale
            guard p.isFinite, p >= 1 else { return 1 }
            return Int(min(p.rounded(.up), 1e9))
        }
        let fullWidth = pixels(size.width), fullHeight = pixels(size.height)
        let maxSide = 16384, maxPixels = 1 << 26
        let width = min(fullWidth, maxSide)
        let height = min(fullHeight, maxSide, max(1, maxPixels / width))
        if width != fullWidth || height != fullHeight {
            ResponderDiagnostics.handler(.drawing("snapshot: a \(fullWidth)×\(fullHeight) image is too large; cropped to \(width)×\(height)"))
        }
        var buffer = [UInt32](repeating: 0xFF00_0000, count: width * height)
        buffer.withUnsafeMutableBytes { raw in
            let target = RenderTarget(base: raw.baseAddress!, width: width, height: height, stride: width * 4, scale: scale)
            var region = DamageRegion()
            region.add(window.bounds)
            Renderer().render(window, into: target, repaint: region)
        }
        return Image(width: width, height: height, pixels: buffer, scale: scale)!
    }
}
