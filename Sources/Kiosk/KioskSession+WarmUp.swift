import Rendering
import ResponderKit

extension KioskSession {
    /// Warms what the first interaction needs, so that the first touch costs what the hundredth
    /// does (issue 27: the first click took 5–11 ms, the next ones 0.5–0.7 ms). The main loop host
    /// runs it once, when the loop has been idle for a while after the first frame was presented
    /// (`MainLoop.runOnceIdle`), for every target; it arms nothing, so an idle kiosk still sleeps.
    ///
    /// It never delivers an event to the app and changes nothing the app or the screen shows:
    /// - the output prepares its next frame (`Output.prepareNextFrame()`: under Wayland the second
    ///   buffer, copied from the first — the puzzle's first click under sway otherwise repainted
    ///   the whole window into a new buffer, 4–68 ms against 0.5 ms);
    /// - hit tests of the app's window on a grid of points (the hit index is built, its pages
    ///   and the views' headers are touched; `View.hitTest` reads, it does not change);
    /// - a private application, scene and window (`WarmUpStage`) that takes a touch tap, a
    ///   pointer click and a drag through `Application.handle` — routing, the gesture arena,
    ///   recognizers, a control's tracking and highlight, a scroll view's pan — each followed
    ///   by a damage-only frame into a small in-memory output;
    /// - the glyphs of the fonts the app has used, at the output's scale
    ///   (`PangoTextEngine.warmGlyphs(scale:)`).
    /// - Returns: how many hit tests, events and fonts it warmed, for tests and logs.
    /// - Complexity: O(window views) for the hit index, plus a few small frames; a few ms once.
    @discardableResult
    public func warmUp() -> WarmUpReport {
        var report = WarmUpReport()
        let clock = MonotonicClock()
        var start = clock.now
        report.preparedOutput = backend.output.prepareNextFrame()
        report.outputSeconds = clock.now - start
        start = clock.now
        let bounds = window.bounds
        if bounds.width > 0, bounds.height > 0 {
            let columns = 8, rows = 6
            for row in 0..<rows {
                for column in 0..<columns {
                    let point = Point(
                        x: bounds.minX + bounds.width * (Double(column) + 0.5) / Double(columns),
                        y: bounds.minY + bounds.height * (Double(row) + 0.5) / Double(rows))
                    _ = window.hitTest(point, with: nil)
                    report.hitTests += 1
                }
            }
        }
        report.hitTestSeconds = clock.now - start
        start = clock.now
        report.events = WarmUpStage.run(scale: backend.output.scale)
        report.stageSeconds = clock.now - start
        start = clock.now
        if Rendering.isInstalled { report.fonts = PangoTextEngine.shared.warmGlyphs(scale: backend.output.scale) }
        report.glyphSeconds = clock.now - start
        return report
    }
}

/// What `KioskSession.warmUp()` did.
public struct WarmUpReport: Equatable, Sendable {
    /// Whether the output prepared its next frame (`Output.prepareNextFrame()`).
    public var preparedOutput = false
    /// Hit tests of the app's window.
    public var hitTests = 0
    /// Events routed through the private stage's application.
    public var events = 0
    /// Fonts whose glyphs were rasterized.
    public var fonts = 0
    /// Seconds the output's preparation took (for benchmarks: `renderbench first-touch`).
    public var outputSeconds = 0.0
    /// Seconds the hit tests took.
    public var hitTestSeconds = 0.0
    /// Seconds the private stage took.
    public var stageSeconds = 0.0
    /// Seconds the glyphs took.
    public var glyphSeconds = 0.0
}
