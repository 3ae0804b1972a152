import ResponderKit
import ResponderKitTesting
import Testing

@testable import Rendering

/// Issue 12, latency you can see: the overlay shows the live figures in the top-right corner,
/// redraws only its own rectangle and at most every `refreshInterval`, arms no timer once the
/// figures are shown (an idle kiosk still sleeps), takes no part in hit testing, and the monitor
/// records input latency, hit tests, frames and presentation on the application's clock.
@MainActor
@Suite("Latency overlay")
struct LatencyOverlayTests {
    /// An output that reports presentation like the framebuffer does: at the end of each frame.
    final class PresentingOutput: Output {
        let inner: HeadlessOutput
        var onFrameReady: (@MainActor () -> Void)?
        let clock: ManualClock
        private(set) var lastPresentationTime: Double?
        init(size: Size, clock: ManualClock) { inner = HeadlessOutput(size: size); self.clock = clock }
        var size: Size { inner.size }
        var scale: Double { inner.scale }
        var isReadyForFrame: Bool { true }
        var animationFrameInterval: Double? { nil }
        func beginFrame(damage: DamageRegion) -> (target: RenderTarget, repaint: DamageRegion)? { inner.beginFrame(damage: damage) }
        func endFrame(repainted: DamageRegion) {
            inner.endFrame(repainted: repainted)
            lastPresentationTime = clock.now
        }
    }

    struct Stage {
        let app: Application, driver: InputDriver, window: Window, button: View, presenter: WindowPresenter
        let overlay: LatencyOverlayView
    }

    /// A 640×400 white window with a blue view under the overlay's corner, presented with the
    /// overlay on; the first frame is drawn.
    func stage(_ output: (ManualClock) -> any Output) -> Stage {
        Rendering.install()
        let app = Application()
        let driver = InputDriver(application: app)
        let scene = WindowScene(application: app, screenBounds: Rect(0, 0, 640, 400))
        let window = Window(windowScene: scene)
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        let under = addView(window, 300, 0, 340, 200, .blue)
        let presenter = WindowPresenter(window: window, output: output(app.clock as! ManualClock))
        let overlay = LatencyOverlayView(monitor: LatencyMonitor())
        presenter.latencyOverlay = overlay
        #expect(presenter.update())
        return Stage(app: app, driver: driver, window: window, button: under, presenter: presenter, overlay: overlay)
    }

    @Test func theOverlaySitsInTheTopRightCornerOverTheWindow() {
        let output = HeadlessOutput(size: Size(width: 640, height: 400))
        let s = stage { _ in output }
        #expect(s.app.latencyMonitor === s.overlay.monitor, "installing the overlay installs its monitor")
        #expect(s.overlay.frame == Rect(x: 640 - 292 - 8, y: 8, width: 292, height: 156))
        let image = output.image()
        // Inside the panel: dark (black at 85 % over blue), not the blue view under it.
        let inside = image.color(x: 400, y: 150)
        #expect(inside.blue < 0.35 && inside.red < 0.1, "\(inside)")
        // Outside it: the window as drawn.
        expectPixel(image, 320, 190, argb(0, 0, 255), "the blue view beside the panel")
        expectPixel(image, 100, 300, argb(255, 255, 255), "the window's background")
        // Text was drawn in it (light pixels on the dark panel).
        var light = 0
        for y in 12..<30 { for x in 345..<630 where image.color(x: x, y: y).red > 0.6 { light += 1 } }
        #expect(light > 20, "\(light) light pixels in the first row of figures")
    }

    @Test func eachCornerPlacesThePanelEightPointsIn() {
        let size = Size(width: 640, height: 400)
        #expect(LatencyOverlayView.frame(in: size, corner: .topLeft) == Rect(x: 8, y: 8, width: 292, height: 156))
        #expect(LatencyOverlayView.frame(in: size, corner: .topRight) == Rect(x: 340, y: 8, width: 292, height: 156))
        #expect(LatencyOverlayView.frame(in: size, corner: .bottomLeft) == Rect(x: 8, y: 236, width: 292, height: 156))
        #expect(LatencyOverlayView.frame(in: size, corner: .bottomRight) == Rect(x: 340, y: 236, width: 292, height: 156))
        #expect(LatencyOverlayView.frame(in: size) == LatencyOverlayView.frame(in: size, corner: .topRight), "top-right by default")
        #expect(LatencyOverlayView(monitor: LatencyMonitor()).corner == .topRight)
        // A window smaller than the panel: the panel at its origin rather than off its edge.
        #expect(LatencyOverlayView.frame(in: Size(width: 100, height: 100), corner: .bottomRight).origin == .zero)
        #expect(LatencyOverlayView.Corner.allCases.map(\.rawValue) == ["top-left", "top-right", "bottom-left", "bottom-right"])
    }

    @Test func anotherCornerMovesThePanelAtTheNextUpdateAndGivesTheOldCornerBack() {
        let output = HeadlessOutput(size: Size(width: 640, height: 400))
        let s = stage { _ in output }
        var repaints: [DamageRegion] = []
        s.presenter.didPresent = { repaints.append($0) }
        let old = s.overlay.frame
        s.overlay.corner = .bottomLeft
        #expect(s.overlay.isStale, "a new corner asks for a redraw")
        #expect(s.presenter.update())
        #expect(s.overlay.frame == Rect(x: 8, y: 236, width: 292, height: 156))
        #expect(repaints.count == 1 && repaints[0].bounds.contains(old) && repaints[0].bounds.contains(s.overlay.frame), "\(repaints.map(\.bounds))")
        let image = output.image()
        expectPixel(image, 500, 100, argb(0, 0, 255), "the blue view where the panel was")
        let inside = image.color(x: 13, y: 300)
        #expect(inside.red < 0.2 && inside.green < 0.2, "the dark panel (85 % black over white) at the bottom left: \(inside)")
        // Back to the top right: the bottom left is the window's again.
        s.overlay.corner = .topRight
        #expect(s.presenter.update())
        expectPixel(output.image(), 13, 300, argb(255, 255, 255), "the window's background where the panel was")
    }

    /// The input histogram's bars (light blue, the 99th percentile's amber) in the top-right panel.
    func histogramBarPixels(_ image: Image) -> Int {
        var bars = 0
        for y in 36..<75 {
            for x in 351..<621 {
                let c = image.color(x: x, y: y)
                if (c.blue > 0.8 && c.green > 0.6 && c.red < 0.5) || (c.red > 0.9 && c.green > 0.6 && c.blue < 0.4) { bars += 1 }
            }
        }
        return bars
    }

    @Test func scriptedInputSaysSoInsteadOfAZeroLatency() {
        let output = HeadlessOutput(size: Size(width: 640, height: 400))
        let s = stage { _ in output }
        // The driver stamps its events with the application's own clock: zero latency.
        s.driver.advance(by: 1)
        s.driver.tap(at: Point(x: 100, y: 300), in: s.window)
        #expect(s.presenter.update())
        #expect(s.overlay.monitor.input.count == 2 && s.overlay.monitor.input.maximum == 0, "down and up, each at once")
        #expect(histogramBarPixels(output.image()) > 20, "with kernel time, the zero is a bar")
        s.overlay.inputHasKernelTime = false
        #expect(s.overlay.isStale)
        // Like new figures: the next update arms the redraw, which comes when its timer is due.
        #expect(!s.presenter.update())
        s.driver.advance(by: 0.25)
        #expect(s.presenter.update())
        #expect(histogramBarPixels(output.image()) == 0, "without it, no histogram")
        #expect(LatencyOverlayView.scriptedInputNote == "n/a (scripted)")
        #expect(s.overlay.summary.hasPrefix("input n=2 n/a (scripted); hit test n=1 "), "\(s.overlay.summary)")
        #expect(s.overlay.summary.hasSuffix("; → pixels n/a (not reported)"), "a headless output: \(s.overlay.summary)")
        s.overlay.inputHasKernelTime = true
        s.overlay.outputReportsPresentation = true
        #expect(s.overlay.summary.hasPrefix("input n=2 p50 0.00 µs p99 0.00 µs; hit test n=1 "), "\(s.overlay.summary)")
        #expect(s.overlay.summary == s.overlay.monitor.summary && s.overlay.summary.hasSuffix("; → pixels —"))
    }

    @Test func itIsNotHitTestedAndNotInTheViewTree() {
        let s = stage { _ in HeadlessOutput(size: Size(width: 640, height: 400)) }
        #expect(s.overlay.superview == nil && s.overlay.window == nil)
        #expect(s.window.hitTest(Point(x: 500, y: 50), with: nil) === s.button, "the view under the panel is hit")
    }

    @Test func inputRedrawsOnlyThePanelAtMostFourTimesASecondAndThenSleeps() {
        let output = HeadlessOutput(size: Size(width: 640, height: 400))
        let s = stage { _ in output }
        var repaints: [DamageRegion] = []
        s.presenter.didPresent = { repaints.append($0) }
        // Input that changes nothing on screen: a tap on the window's background.
        s.driver.advance(by: 1)
        s.driver.tap(at: Point(x: 100, y: 300), in: s.window)
        #expect(s.presenter.update())
        #expect(repaints.count == 1 && repaints[0].bounds == s.overlay.frame, "\(repaints.map(\.bounds))")
        #expect(!s.overlay.isStale, "the panel shows the latest figures")
        // Two more taps within 0.25 s: the figures change, but the panel waits for its interval,
        // on one timer.
        s.driver.advance(by: 0.05)
        s.driver.tap(at: Point(x: 110, y: 300), in: s.window)
        #expect(!s.presenter.update(), "\(repaints.map(\.bounds)) \(s.window.damage.bounds)")
        s.driver.advance(by: 0.05)
        s.driver.tap(at: Point(x: 120, y: 300), in: s.window)
        #expect(!s.presenter.update())
        #expect(s.app.timers.nextDeadline == 1.25, "one wake-up at the end of the interval")
        s.driver.advance(by: 0.15)
        #expect(s.presenter.update())
        #expect(repaints.count == 2 && repaints[1].bounds == s.overlay.frame)
        // Nothing new: no frame, no timer.
        s.driver.advance(by: 1)
        #expect(!s.presenter.update())
        #expect(s.app.timers.nextDeadline == nil, "an idle kiosk has no wake-ups with the overlay on")
        #expect(s.driver.isClean)
    }

    @Test func theMonitorRecordsInputLatencyHitTestsFramesAndPixels() {
        let s = stage { PresentingOutput(size: Size(width: 640, height: 400), clock: $0) }
        let clock = s.app.clock as! ManualClock
        let monitor = s.overlay.monitor
        monitor.reset()
        // A touch stamped 3 ms before the application handles it.
        clock.now = 10
        s.app.handle(InputEvent(.touchDown(slot: 0, location: Point(x: 400, y: 100), majorRadius: nil), timestamp: 9.997, window: s.window))
        s.app.handle(InputEvent(.touchFrame, timestamp: 9.997, window: s.window))
        #expect(monitor.input.count == 1, "one routed frame counted once")
        #expect(abs(monitor.input.last - 0.003) < 1e-9)
        #expect(monitor.hitTest.count == 1, "the touch down's hit test")
        // Moves are not hit tested.
        s.app.handle(InputEvent(.touchMotion(slot: 0, location: Point(x: 401, y: 100), majorRadius: nil), timestamp: 9.998, window: s.window))
        s.app.handle(InputEvent(.touchFrame, timestamp: 9.998, window: s.window))
        #expect(monitor.hitTest.count == 1 && monitor.input.count == 2)
        // The frame drawn 5 ms later answers the earliest input: 8 ms from the kernel to pixels.
        clock.now = 10.005
        s.window.addDamage(Rect(0, 0, 10, 10))
        #expect(s.presenter.update())
        #expect(monitor.frame.count == 1)
        #expect(monitor.toPixels.count == 1 && abs(monitor.toPixels.last - 0.008) < 1e-9, "\(monitor.toPixels.last)")
        #expect(s.overlay.outputReportsPresentation)
        // A frame with no input since then adds no pixels figure.
        clock.now = 10.1
        s.window.addDamage(Rect(0, 0, 10, 10))
        #expect(s.presenter.update())
        #expect(monitor.toPixels.count == 1)
        s.app.handle(InputEvent(.touchUp(slot: 0), timestamp: 10.1, window: s.window))
        s.app.handle(InputEvent(.touchFrame, timestamp: 10.1, window: s.window))
    }

    @Test func aHeadlessOutputSaysItCannotReportPixels() {
        let s = stage { _ in HeadlessOutput(size: Size(width: 640, height: 400)) }
        #expect(!s.overlay.outputReportsPresentation)
        #expect(s.overlay.monitor.toPixels.count == 0)
    }

    @Test func durationsAreFormattedForPeople() {
        #expect(LatencyOverlayView.format(0.000_000_35) == "0.35 µs")
        #expect(LatencyOverlayView.format(0.000_042) == "42.0 µs")
        #expect(LatencyOverlayView.format(0.001_5) == "1.50 ms")
        #expect(LatencyOverlayView.format(0.25) == "250 ms")
        #expect(LatencyOverlayView.format(2) == "2.00 s")
        #expect(LatencyOverlayView.format(.nan) == "—")
    }
}

/// The histogram behind the figures: quarter-octave buckets, exact edges, percentiles.
@Suite("Latency histogram")
struct LatencyHistogramTests {
    @Test func bucketsAreQuarterOctavesFromOneMicrosecond() {
        #expect(LatencyHistogram.bucket(for: 0) == 0)
        #expect(LatencyHistogram.bucket(for: 1e-6) == 0)
        // (1, 1.25] µs is bucket 1; 2 µs ends the first octave; 3 µs ends (2.5, 3].
        #expect(LatencyHistogram.bucket(for: 1.1e-6) == 1)
        #expect(LatencyHistogram.bucket(for: 2e-6) == 4)
        #expect(LatencyHistogram.bucket(for: 3e-6) == 6)
        #expect(LatencyHistogram.upperBound(ofBucket: 6) == 3e-6)
        // Every duration lies in its bucket's range.
        var d = 1.01e-6
        while d < 4 {
            let b = LatencyHistogram.bucket(for: d)
            #expect(d <= LatencyHistogram.upperBound(ofBucket: b) * (1 + 1e-12))
            #expect(d > LatencyHistogram.upperBound(ofBucket: b - 1) * (1 - 1e-12), "\(d) in bucket \(b)")
            d *= 1.07
        }
        #expect(LatencyHistogram.bucket(for: 100) == LatencyHistogram.bucketCount - 1, "beyond the range: the last bucket")
    }

    @Test func percentilesAreBucketEdgesCappedByTheMaximum() {
        var h = LatencyHistogram()
        #expect(h.percentile(0.5) == 0)
        for _ in 0..<98 { h.record(0.001) }  // 1 ms
        h.record(0.010)
        h.record(0.0105)
        #expect(h.count == 100)
        // 1 ms = 1000 µs lies in (896, 1024] µs: the median reads as that bucket's upper edge.
        #expect(h.percentile(0.5) == LatencyHistogram.upperBound(ofBucket: LatencyHistogram.bucket(for: 0.001)))
        #expect(abs(h.percentile(0.5) - 0.001024) < 1e-12, "\(h.percentile(0.5))")
        #expect(h.percentile(0.99) >= 0.010 && h.percentile(0.99) <= 0.0105)
        #expect(h.percentile(1) == 0.0105)
        #expect(abs(h.mean - (0.098 + 0.0205) / 100) < 1e-12)
        // Bad durations are ignored.
        h.record(-1); h.record(.nan); h.record(.infinity)
        #expect(h.count == 100)
        h.reset()
        #expect(h.count == 0 && h.counts.allSatisfy { $0 == 0 } && h.maximum == 0)
    }
}
