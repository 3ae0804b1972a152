/// The on-screen latency overlay: a small translucent panel in a corner (`corner`, top-right
/// unless the app keeps something there) with the live figures of
/// a `LatencyMonitor` — input latency as a histogram with its median and 99th percentile, the
/// touch-down hit-test time, the frame time and, where the output reports presentation, input →
/// pixels.
///
/// It is not part of any window's view tree: the host's presenter draws it over the window after
/// the window's own views (`WindowPresenter.latencyOverlay`), so it adds nothing to hit testing,
/// layout or the responder chain, and it is redrawn only in its own small damaged rectangle, at
/// most `refreshInterval` apart and only when the figures changed. Formatting the figures
/// allocates (strings), but only while drawing, never per input event.
@MainActor
public final class LatencyOverlayView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    public override class var standardHitTestingClass: View.Type { LatencyOverlayView.self }

    /// The figures shown.
    public let monitor: LatencyMonitor
    /// Whether the output reports presentation; when false the pixels row says so instead of
    /// showing an empty figure.
    public var outputReportsPresentation = false
    /// The corners the panel can sit in; the raw values are the names the hosts' options take
    /// (`--latency-overlay-corner bottom-left`, `RK_LATENCY_OVERLAY=bottom-left`).
    public enum Corner: String, CaseIterable, Sendable {
        /// The top-left corner.
        case topLeft = "top-left"
        /// The top-right corner, the default.
        case topRight = "top-right"
        /// The bottom-left corner.
        case bottomLeft = "bottom-left"
        /// The bottom-right corner.
        case bottomRight = "bottom-right"
    }

    /// The window corner the panel sits in, 8 points in: top-right by default. The presenter
    /// moves it at its next update and keeps it there as the window resizes.
    public var corner: Corner = .topRight {
        didSet { if corner != oldValue { drawnChangeCount = -1 } }
    }

    /// Whether input events carry the time the kernel (or the compositor) stamped them with. A
    /// headless script's events are stamped by the script's own clock as they are delivered, so
    /// their latency is zero by construction: the input row then says so instead of showing
    /// "0.00 µs", and no histogram is drawn. The headless host sets it to false.
    public var inputHasKernelTime = true {
        didSet { if inputHasKernelTime != oldValue { drawnChangeCount = -1 } }
    }

    /// What the input row says when `inputHasKernelTime` is false.
    public static let scriptedInputNote = "n/a (scripted)"

    /// What the input → pixels row says when the output reports no presentation.
    public static let unreportedPixelsNote = "n/a (not reported)"

    /// The figures as one line, as hosts print them at exit: the monitor's `summary`, with the
    /// rows' notes where the panel shows one (`scriptedInputNote`, `unreportedPixelsNote`).
    public var summary: String {
        monitor.summary(
            inputNote: inputHasKernelTime ? nil : LatencyOverlayView.scriptedInputNote,
            pixelsNote: outputReportsPresentation ? nil : LatencyOverlayView.unreportedPixelsNote)
    }

    /// The shortest time between two redraws of the overlay (seconds).
    public var refreshInterval = 0.25
    /// The panel's size in points.
    public static let panelSize = Size(width: 292, height: 156)
    /// `monitor.changeCount` when the overlay was last drawn.
    public private(set) var drawnChangeCount = -1

    /// Makes the overlay for `monitor`'s figures.
    public init(monitor: LatencyMonitor) {
        self.monitor = monitor
        super.init(frame: Rect(origin: .zero, size: LatencyOverlayView.panelSize))
        isUserInteractionEnabled = false
        backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.85)
        layer.cornerRadius = 8
    }

    /// Whether the figures changed since the overlay was last drawn.
    public var isStale: Bool { monitor.changeCount != drawnChangeCount }

    /// Where the panel sits in a window of `size`: in `corner`, 8 points in (never past the
    /// window's left or top edge when the window is smaller than the panel).
    public static func frame(in size: Size, corner: Corner = .topRight) -> Rect {
        let left = corner == .topLeft || corner == .bottomLeft, top = corner == .topLeft || corner == .topRight
        let x = left ? 8 : max(0, size.width - panelSize.width - 8)
        let y = top ? 8 : max(0, size.height - panelSize.height - 8)
        return Rect(x: x, y: y, width: panelSize.width, height: panelSize.height)
    }

    public override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        drawnChangeCount = monitor.changeCount
        let font = Font.monospacedSystemFont(ofSize: 12)
        let label = TextAttributes(font: font, color: Color(white: 0.85, alpha: 1))
        let value = TextAttributes(font: font, color: .white)
        var y = 8.0
        func row(_ title: String, _ histogram: LatencyHistogram, unavailable: String? = nil) {
            context.draw(title, at: Point(x: 10, y: y), attributes: label)
            let text: String
            if let unavailable {
                text = unavailable
            } else if histogram.count == 0 {
                text = "—"
            } else {
                text = "p50 \(LatencyOverlayView.format(histogram.percentile(0.5)))  p99 \(LatencyOverlayView.format(histogram.percentile(0.99)))"
            }
            context.draw(text, at: Point(x: 92, y: y), attributes: value)
            y += 17
        }
        row("input", monitor.input, unavailable: inputHasKernelTime ? nil : LatencyOverlayView.scriptedInputNote)
        let histogramArea = Rect(x: 10, y: y + 2, width: bounds.width - 20, height: 40)
        drawHistogram(inputHasKernelTime ? monitor.input : nil, in: histogramArea, context: context)
        y += 48
        // No maximum before the first event (the empty histogram's is 0), nor for scripted input.
        let maximum =
            inputHasKernelTime && monitor.input.count > 0 ? "  max \(LatencyOverlayView.format(monitor.input.maximum))" : ""
        context.draw("n=\(monitor.input.count)\(maximum)", at: Point(x: 10, y: y), attributes: label)
        y += 17
        row("hit test", monitor.hitTest)
        row("frame", monitor.frame)
        row("→ pixels", monitor.toPixels, unavailable: outputReportsPresentation ? nil : LatencyOverlayView.unreportedPixelsNote)
    }

    /// Bars of the histogram's non-empty range, each as tall as its share of the fullest bucket,
    /// the 99th percentile's bucket marked in amber (nil: the empty area only).
    private func drawHistogram(_ histogram: LatencyHistogram?, in area: Rect, context: GraphicsContext) {
        context.setFillColor(Color(white: 1, alpha: 0.12))
        context.fill(area)
        guard let histogram, histogram.count > 0, let first = histogram.counts.firstIndex(where: { $0 > 0 }),
            let last = histogram.counts.lastIndex(where: { $0 > 0 })
        else { return }
        let lo = max(0, min(first, last - 11)), hi = max(last, lo + 11)
        let fullest = Double(histogram.counts[lo...last].max() ?? 1)
        let p99 = LatencyHistogram.bucket(for: histogram.percentile(0.99))
        let width = area.width / Double(hi - lo + 1)
        for index in lo...hi where index < histogram.counts.count {
            let n = histogram.counts[index]
            guard n > 0 else { continue }
            let height = max(1, area.height * Double(n) / fullest)
            context.setFillColor(index == p99 ? Color(red: 1, green: 0.75, blue: 0.2, alpha: 1) : Color(red: 0.35, green: 0.8, blue: 1, alpha: 1))
            context.fill(Rect(x: area.minX + Double(index - lo) * width + 1, y: area.maxY - height, width: max(1, width - 2), height: height))
        }
    }

    /// A duration for people: microseconds below 1 ms, milliseconds below 1 s, else seconds,
    /// with three significant digits at most.
    public static func format(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "—" }
        if seconds < 1e-3 { return "\(decimal(seconds * 1e6)) µs" }
        if seconds < 1 { return "\(decimal(seconds * 1e3)) ms" }
        return "\(decimal(seconds)) s"
    }

    /// `value` with two decimals below 10, one below 100, none above.
    static func decimal(_ value: Double) -> String {
        let decimals = value < 10 ? 2 : value < 100 ? 1 : 0
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int.clamped(value * scale, rounding: .toNearestOrAwayFromZero, to: -999_999_999...999_999_999)
        guard decimals > 0 else { return "\(scaled)" }
        let whole = scaled / Int(scale), fraction = scaled % Int(scale)
        var digits = "\(fraction)"
        while digits.count < decimals { digits = "0" + digits }
        return "\(whole).\(digits)"
    }
}
