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

    // The frame being drawn (set only inside `render`). They keep Swift's dynamic exclusivity
    // checks: the unchecked budget (Tools/check-unsafe-budget.sh) is spent on the routing path.
    var statistics = RenderStatistics()
    var cairo: OpaquePointer?
    var canvas: CairoCanvas?
    /// The window's background was painted with the base colour (one fill instead of two).
    var rootBackgroundPainted = false

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
        let origin = window.bounds.origin
        var region = repaint
        region.clip(to: window.bounds)
        region.translate(dx: -origin.x, dy: -origin.y)
        render([Layer(window: window, offset: Point(x: -origin.x, y: -origin.y), isOutputSized: true)], into: target, repaint: region, overlays: overlays)
    }

    /// Repaints `repaint` (output points: the scene's screen coordinates, each window at its
    /// `frame`, counted from the output window's frame origin) of a stack of windows into
    /// `target`, back to front — a scene's `WindowScene.stackedWindows`, as the hosts present
    /// them. `output` is the window the output shows (its bounds fill the target; the first
    /// window when nil); the others are drawn at their frames, each clipped to its frame, below or
    /// over it in the stack's order, and `overlays` (in the output window's coordinates) over all.
    /// Windows below an output window that paints all of itself opaquely are covered and not
    /// drawn. What no window covers is opaque black.
    /// - Complexity: O(views visited + pixels repainted) over the windows drawn.
    public func render(stack windows: [Window], output: Window? = nil, into target: RenderTarget, repaint: DamageRegion, overlays: [View] = []) {
        guard let reference = output ?? windows.first else { return }
        let origin = reference.frame.origin
        let layers = windows.map { window in
            let f = window.frame, b = window.bounds.origin
            if window === reference { return Layer(window: window, offset: Point(x: -b.x, y: -b.y), isOutputSized: true) }
            return Layer(window: window, offset: Point(x: f.minX - origin.x - b.x, y: f.minY - origin.y - b.y), isOutputSized: false)
        }
        render(layers, into: target, repaint: repaint, overlays: overlays)
    }

    /// One window of a stack: `offset` maps its bounds coordinates to the target's points.
    struct Layer {
        let window: Window
        let offset: Point
        /// The window whose bounds fill the target (drawn unclipped, its background may be the base).
        let isOutputSized: Bool

        /// The window's bounds in the target's points.
        @MainActor var rect: Rect { window.bounds.offsetBy(dx: offset.x, dy: offset.y) }
    }

    /// Draws `layers` back to front, clipped to `repaint` (target points).
    private func render(_ layers: [Layer], into target: RenderTarget, repaint: DamageRegion, overlays: [View]) {
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
        for layer in layers { layer.window.layoutIfNeeded() }
        guard !repaint.isEmpty else { return }

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
        for rect in repaint.rects {
            let pixels = PixelRect(covering: rect, scale: scale).intersection(target.bounds)
            guard !pixels.isEmpty else { continue }
            cairo_rectangle(cr, Double(pixels.x), Double(pixels.y), Double(pixels.width), Double(pixels.height))
            clipBox = clipBox.union(pixels)
            statistics.pixelsRepainted += pixels.width * pixels.height
        }
        guard !clipBox.isEmpty else { return }
        cairo_clip(cr)
        let area = Rect(
            x: Double(clipBox.x) / scale, y: Double(clipBox.y) / scale,
            width: Double(clipBox.width) / scale, height: Double(clipBox.height) / scale)

        // The base: opaque black, or directly the output-sized window's opaque background (as
        // drawn: a window's alpha and background animate like any view's) — the windows below it
        // are then covered, and drawing starts at it.
        var base = Color.black
        rootBackgroundPainted = false
        let outputIndex = layers.firstIndex { $0.isOutputSized }
        var firstDrawn = 0
        if let outputIndex, Renderer.isOpaquelyFilled(layers[outputIndex].window) {
            let window = layers[outputIndex].window
            base = window.presentation.backgroundColor?.resolvedColor(with: window.traitCollection) ?? base
            rootBackgroundPainted = true
            firstDrawn = outputIndex
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgb(cr, base.red.clamped01, base.green.clamped01, base.blue.clamped01)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)

        cairo = cr
        canvas = CairoCanvas(cairo: cr, textEngine: textEngine)
        for (index, layer) in layers.enumerated() where index >= firstDrawn {
            let window = layer.window
            guard !window.isHidden, window.presentation.alpha >= 0.01 else { continue }
            // The style the window's scene gives it; the window's own override is applied in draw.
            let style = window.windowScene.map { $0.traitCollection.userInterfaceStyle == .dark ? UserInterfaceStyle.dark : .light } ?? .light
            if index > firstDrawn { rootBackgroundPainted = false }
            let matrix = AffineTransform(translationX: layer.offset.x, y: layer.offset.y)
                .concatenating(AffineTransform(scaleX: scale, y: scale))
            if layer.isOutputSized {
                draw(window, matrix: matrix, area: area.offsetBy(dx: -layer.offset.x, dy: -layer.offset.y), isRoot: true, style: style)
                continue
            }
            // A window below or over the output's: drawn inside its frame only (nowhere, for a
            // frame that is not finite).
            guard layer.offset.x.isFinite, layer.offset.y.isFinite else { continue }
            let visible = layer.rect.intersection(area)
            guard !visible.isEmpty else { continue }
            let pixels = PixelRect(covering: visible, scale: scale)
            cairo_save(cr)
            // The clip is in device pixels: the window drawn before left its last view's matrix.
            cairo_identity_matrix(cr)
            cairo_rectangle(cr, Double(pixels.x), Double(pixels.y), Double(pixels.width), Double(pixels.height))
            cairo_clip(cr)
            draw(window, matrix: matrix, area: visible.offsetBy(dx: -layer.offset.x, dy: -layer.offset.y), isRoot: true, style: style)
            cairo_restore(cr)
        }
        if let reference = outputIndex.map({ layers[$0] }) ?? layers.first {
            let matrix = AffineTransform(translationX: reference.offset.x, y: reference.offset.y)
                .concatenating(AffineTransform(scaleX: scale, y: scale))
            let overlayArea = area.offsetBy(dx: -reference.offset.x, dy: -reference.offset.y)
            let style = reference.window.traitCollection.userInterfaceStyle
            for overlay in overlays { draw(overlay, matrix: matrix, area: overlayArea, isRoot: false, style: style) }
        }
        cairo = nil
        canvas = nil
        cairo_surface_flush(surface)
        let status = cairo_status(cr)
        if status != CAIRO_STATUS_SUCCESS {
            ResponderDiagnostics.handler(.drawing("render: cairo stopped drawing: \(String(cString: cairo_status_to_string(status)))"))
        }
    }

    /// Whether the window, as drawn, paints every pixel of its bounds with an opaque background
    /// and no rounded corners (its background can then be the base fill).
    static func isOpaquelyFilled(_ window: Window) -> Bool {
        let drawn = window.presentation
        guard !window.isHidden, drawn.alpha >= 1, let background = drawn.backgroundColor else { return false }
        return background.alpha >= 1 && (window.layerIfLoaded?.cornerRadius ?? 0) <= 0
    }

    /// Renders all of `window` into a new image `scale` pixels per point (the window's
    /// `snapshot(scale:)`). The image has at least one pixel (a zero-size window gives one black
    /// pixel) and at most 16384 pixels a side and 64 M pixels (a larger window is cropped, with a
    /// diagnostic). A scale that is not a positive number is taken as 1.
    /// - Complexity: O(views + pixels).
    public static func snapshot(_ window: Window, scale: Double = 1) -> Image {
        snapshot(size: window.bounds.size, scale: scale) { renderer, target, area in
            var region = DamageRegion()
            region.add(window.bounds)
            renderer.render(window, into: target, repaint: region)
        }
    }

    /// Renders a stack of windows (see `render(stack:output:into:repaint:overlays:)`) into a new
    /// image of the output window's size (the first window's when `output` is nil), with the same
    /// limits as `snapshot(_:scale:)`.
    /// - Complexity: O(views + pixels).
    public static func snapshot(stack windows: [Window], output: Window? = nil, scale: Double = 1) -> Image {
        let size = (output ?? windows.first)?.bounds.size ?? .zero
        return snapshot(size: size, scale: scale) { renderer, target, area in
            var region = DamageRegion()
            region.add(area)
            renderer.render(stack: windows, output: output, into: target, repaint: region)
        }
    }

    /// A new image of `size` points at `scale`, drawn by `draw` (given the area in points).
    private static func snapshot(size: Size, scale: Double, draw: (Renderer, RenderTarget, Rect) -> Void) -> Image {
        let scale = scale.isFinite && scale > 0 ? min(scale, 64) : 1
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
            draw(Renderer(), target, Rect(origin: .zero, size: size))
        }
        return Image(width: width, height: height, pixels: buffer, scale: scale)!
    }
}
