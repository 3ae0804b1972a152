import CCairo
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// When a frame is drawn in two horizontal bands on two cores (`Renderer.bandRendering`).
public enum BandRendering: Equatable, Sendable {
    /// Bands for a repaint of at least `Renderer.bandThresholdPixels` device pixels, on a
    /// machine with two or more cores online; one band otherwise.
    case automatic
    /// Bands whenever the repaint has two rows or more (benchmarks and tests).
    case always
    /// Always one band, on the calling thread.
    case never

    /// The mode the environment asks for: `RESPONDERKIT_RENDER_BANDS` = `on`, `auto` or `off`.
    /// Unset (or any other value) it is `.never`: two cases still differ from a single-band frame
    /// by a few pixels (see `BandRenderingTests`), so bands are opt-in until they are found.
    static var fromEnvironment: BandRendering {
        guard let value = getenv("RESPONDERKIT_RENDER_BANDS") else { return .never }
        switch String(cString: value) {
        case "on", "1": return .always
        case "auto": return .automatic
        default: return .never
        }
    }
}

extension Renderer {
    /// The repaint size, in device pixels, from which `BandRendering.automatic` draws in two
    /// bands. Measured with `renderbench panel` (see the DrawingAndAnimation article, "Big
    /// panels"): below about a quarter of a 1920×1080 frame the hand-over to the second thread
    /// and the second traversal cost more than half the rasterization saves.
    public static let bandThresholdPixels = 1920 * 1080 / 4

    /// Whether a second core is online (`sysconf(_SC_NPROCESSORS_ONLN)`), read once.
    static let hasSecondCore = sysconf(Int32(_SC_NPROCESSORS_ONLN)) >= 2

    /// The target row where the repaint is cut into an upper band (drawn by the calling thread)
    /// and a lower one (the worker's), or nil to draw it in one band: the row that leaves about
    /// half the repaint's pixels on each side.
    /// - Complexity: O(rects × log rows).
    func bandSplit(clipBox: PixelRect, rects: [PixelRect]) -> Int? {
        guard clipBox.height >= 2, rects.count <= BandWorker.Job.maximumClipRects else { return nil }
        switch bandRendering {
        case .never: return nil
        case .always: break
        case .automatic:
            guard Renderer.hasSecondCore, statistics.pixelsRepainted >= Renderer.bandThresholdPixels else { return nil }
        }
        guard BandWorker.shared.isRunning else { return nil }
        let half = statistics.pixelsRepainted / 2
        func pixelsAbove(_ row: Int) -> Int {
            rects.reduce(0) { sum, rect in sum + rect.width * min(max(0, row - rect.y), rect.height) }
        }
        var low = clipBox.y + 1, high = clipBox.maxY - 1
        while low < high {
            let mid = (low + high) / 2
            if pixelsAbove(mid) < half { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Draws the frame in two bands at once: the lower band's view traversal is recorded first on
    /// this thread (`cairo_recording_surface_create` over the band's rows: the view tree,
    /// `draw(_:)` and Pango run on the main thread only), the worker replays it into the target's
    /// lower rows while this thread draws the upper rows directly into `upperBand` (a surface over
    /// those rows only), and this returns only after the worker is done — so the tree is never
    /// read off the main thread and the target is whole when the output takes it. Each band is a
    /// surface of whole device rows with the frame's own clip, so Cairo takes the compositing
    /// paths it takes for the whole frame, and the pixels equal a single-band frame's.
    /// - Complexity: O(views meeting each band + pixels repainted / 2) on each thread.
    func renderBanded(
        _ layers: [Layer], into target: RenderTarget, upperBand cr: OpaquePointer, rects: [PixelRect], clipBox: PixelRect, split: Int,
        overlays: [View]
    ) -> cairo_status_t {
        let scale = target.scale
        let lower = split..<clipBox.maxY, upper = clipBox.y..<split
        var extents = cairo_rectangle_t(x: 0, y: Double(split), width: Double(target.width), height: Double(target.height - split))
        let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)
        defer { cairo_surface_destroy(recording) }
        guard let recording, cairo_surface_status(recording) == CAIRO_STATUS_SUCCESS, let recorder = cairo_create(recording) else {
            return CAIRO_STATUS_NO_MEMORY
        }
        drawFrame(layers, cairo: recorder, rects: rects, rows: lower, scale: scale, overlays: overlays)
        let recorded = cairo_status(recorder)
        cairo_destroy(recorder)
        cairo_surface_flush(recording)
        guard recorded == CAIRO_STATUS_SUCCESS else { return recorded }

        var job = BandWorker.Job(
            recording: recording, base: target.base, width: target.width, stride: target.stride, firstRow: split,
            rows: target.height - split, clip: (.empty, .empty, .empty, .empty, .empty, .empty, .empty, .empty), clipCount: 0)
        let band = PixelRect(x: 0, y: lower.lowerBound, width: target.width, height: lower.count)
        withUnsafeMutableBytes(of: &job.clip) { raw in
            let slots = raw.bindMemory(to: PixelRect.self)
            for rect in rects {
                let pixels = rect.intersection(band)
                guard !pixels.isEmpty else { continue }
                slots[job.clipCount] = pixels
                job.clipCount += 1
            }
        }
        statistics.bands = 2
        BandWorker.shared.start(job)
        drawFrame(layers, cairo: cr, rects: rects, rows: upper, scale: scale, overlays: overlays)
        let replayed = BandWorker.shared.wait()
        let drawn = cairo_status(cr)
        return drawn != CAIRO_STATUS_SUCCESS ? drawn : replayed
    }
}
