import ResponderKit
import ResponderKitTesting
import Testing

@testable import Rendering

/// Issue 9, the pixels: the renderer draws a view's presentation mid-animation, every frame's
/// damage covers where it was and where it is (a damage-only frame equals a full render of the
/// same instant), and frames stop — with no timer left armed — once the animation has ended.
@MainActor
@Suite("Renderer: animations")
struct AnimationDrawingTests {
    /// An output with a frame clock of its own, as the framebuffer or Wayland look to the
    /// presenter: it keeps frames in memory like `HeadlessOutput` and asks for the default
    /// animation frame interval; `ready` plays a frame callback in flight.
    final class PacedOutput: Output {
        let inner: HeadlessOutput
        var ready = true
        var onFrameReady: (@MainActor () -> Void)?
        init(size: Size) { inner = HeadlessOutput(size: size) }
        var size: Size { inner.size }
        var scale: Double { inner.scale }
        var isReadyForFrame: Bool { ready }
        func beginFrame(damage: DamageRegion) -> (target: RenderTarget, repaint: DamageRegion)? { inner.beginFrame(damage: damage) }
        func endFrame(repainted: DamageRegion) { inner.endFrame(repainted: repainted) }
    }

    /// A 200×100 white window of its own application on a manual clock, presented into `output`,
    /// with a 20×20 red view at (0, 40); the first frame is drawn.
    func stage(_ output: any Output) -> (Application, InputDriver, Window, View, WindowPresenter) {
        Rendering.install()
        let app = Application()
        let driver = InputDriver(application: app)
        let scene = WindowScene(application: app, screenBounds: Rect(0, 0, 200, 100))
        let window = Window(windowScene: scene)
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        let view = addView(window, 0, 40, 20, 20, .red)
        let presenter = WindowPresenter(window: window, output: output)
        #expect(presenter.update())
        return (app, driver, window, view, presenter)
    }

    let red = argb(255, 0, 0), white = argb(255, 255, 255)

    /// A linear slide of 100 points over 1 s: at t = 0.5 the square is drawn 50 points along
    /// (pixels 50…69 red, 49 and 70 white), the frame repainted its old and new place, and the
    /// damage-only frame equals a full render of that instant. After the end: no more frames.
    @Test func aSlidingViewIsDrawnAtItsInterpolatedPlace() {
        let output = HeadlessOutput(size: Size(width: 200, height: 100))
        let (app, driver, window, view, presenter) = stage(output)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.center.x += 100 }
        #expect(view.frame.minX == 100, "the model moved at once")
        presenter.update()
        expectPixel(output.image(), 10, 50, red, "t=0: still drawn at the start")
        expectPixel(output.image(), 110, 50, white, "t=0: not yet at the model place")

        driver.advance(by: 0.5)
        #expect(presenter.update())
        let image = output.image()
        for x in [50, 60, 69] { expectPixel(image, x, 50, red, "x=\(x) at t=0.5") }
        for x in [10, 49, 70, 110] { expectPixel(image, x, 50, white, "x=\(x) at t=0.5") }
        let repainted = output.lastRepainted.rects
        for place in [Rect(0, 40, 20, 20), Rect(50, 40, 20, 20)] {
            #expect(repainted.contains { $0.contains(place) }, "the frame repainted \(repainted), not \(place)")
        }
        #expect(image.pixels == window.snapshot().pixels, "the damage-only frame is the whole picture of t=0.5")

        driver.advance(by: 0.5)
        #expect(presenter.update())
        expectPixel(output.image(), 110, 50, red, "t=1: at the model place")
        expectPixel(output.image(), 60, 50, white, "t=1: nothing left behind")
        let frames = output.presentedFrames
        for _ in 0..<30 {
            driver.advance(by: 1.0 / 60)
            #expect(!presenter.update(), "idle: no frame")
        }
        #expect(output.presentedFrames == frames)
        #expect(!app.animator.isRunning)
        #expect(app.timers.isEmpty, "a headless output is stepped by its driver: no timer ever")
    }

    /// Frame by frame at 60 Hz, with a subview, a fade, a colour change and a bounds change
    /// (content stretched) at once, ease-in-out: every damage-only frame equals a full render of
    /// its instant — the damage always covered the old and the new drawn rects.
    @Test func everyFrameOfAnAnimationIsComplete() {
        let output = HeadlessOutput(size: Size(width: 200, height: 100))
        let (app, driver, window, view, presenter) = stage(output)
        addView(view, 15, 5, 10, 10, .blue)  // sticks out of its parent, unclipped
        let fading = addView(window, 150, 10, 30, 30, .green)
        presenter.update()
        View.animate(withDuration: 0.5) {
            view.frame = Rect(120, 10, 60, 40)
            view.backgroundColor = .black
            fading.alpha = 0
        }
        var frames = 0
        while app.animator.isRunning {
            driver.advance(by: 1.0 / 60)
            if presenter.update() { frames += 1 }
            let full = window.snapshot()
            let drawn = output.image()
            let differing = zip(drawn.pixels, full.pixels).filter { !close($0, $1) }.count
            #expect(differing == 0, "frame \(frames) at t=\(driver.now): \(differing) pixels stale")
        }
        #expect(frames >= 29 && frames <= 31, "\(frames) frames for half a second at 60 Hz")
        expectPixel(output.image(), 150, 30, argb(0, 0, 0))
    }

    /// Half way through a fade from 1 to 0 the red square is drawn at alpha 0.5 over white.
    @Test func aFadeIsDrawnBlended() {
        let output = HeadlessOutput(size: Size(width: 200, height: 100))
        let (_, driver, _, view, presenter) = stage(output)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.alpha = 0 }
        driver.advance(by: 0.5)
        presenter.update()
        expectPixel(output.image(), 10, 50, argb(255, 128, 128), tolerance: 2)
    }

    /// A view whose draw(_:) fills its bounds: growing from 20×20 to 40×40 (top-left fixed by a
    /// frame change), at half way it is drawn 30×30 with its content stretched to fill it.
    @Test func contentIsStretchedWhileTheBoundsSizeAnimates() {
        final class Filled: View {
            override func draw(_ rect: Rect) {
                GraphicsContext.current?.setFillColor(.blue)
                GraphicsContext.current?.fill(bounds)
            }
        }
        let output = HeadlessOutput(size: Size(width: 200, height: 100))
        let (_, driver, window, _, presenter) = stage(output)
        let filled = Filled(frame: Rect(100, 10, 20, 20))
        window.addSubview(filled)
        presenter.update()
        View.animate(withDuration: 1, delay: 0, options: .curveLinear) { filled.frame = Rect(100, 10, 40, 40) }
        driver.advance(by: 0.5)
        presenter.update()
        let image = output.image()
        for (x, y) in [(101, 11), (128, 38), (115, 25)] { expectPixel(image, x, y, argb(0, 0, 255), "(\(x), \(y)) inside the drawn 30×30") }
        for (x, y) in [(131, 25), (115, 41)] { expectPixel(image, x, y, white, "(\(x), \(y)) outside it") }
    }

    /// With an output that has a frame clock, the presenter arms one wake-up for the next
    /// animation frame while the animation runs (none while a frame is in flight: the output's
    /// `onFrameReady` comes then), and none at all once it ended: an idle kiosk sleeps.
    @Test func framesAreAskedForOnlyWhileSomethingAnimates() {
        let output = PacedOutput(size: Size(width: 200, height: 100))
        let (app, driver, _, view, presenter) = stage(output)
        #expect(app.timers.isEmpty && !presenter.isAnimationFrameScheduled, "idle from the start")
        View.animate(withDuration: 0.25, delay: 0, options: .curveLinear) { view.center.x += 100 }
        presenter.update()
        #expect(presenter.isAnimationFrameScheduled)
        #expect(app.timers.count == 1)
        #expect(app.timers.nextDeadline.map { abs($0 - 1.0 / 60) < 1e-12 } == true, "one frame interval ahead")
        // The wake-up fires; the host's end-of-wake-up update draws and arms the next one.
        var wakeUps = 0
        while app.animator.isRunning {
            guard let deadline = app.timers.nextDeadline else { Issue.record("no wake-up armed while animating"); break }
            driver.advance(by: deadline - driver.now)
            wakeUps += 1
            #expect(!presenter.isAnimationFrameScheduled, "the timer fired")
            presenter.update()
        }
        #expect(wakeUps >= 15 && wakeUps <= 16, "\(wakeUps) wake-ups for a quarter second at 60 Hz")
        #expect(app.timers.isEmpty && !presenter.isAnimationFrameScheduled, "nothing armed after the end")
        presenter.update()
        #expect(app.timers.isEmpty, "still nothing: zero wake-ups when idle")

        // A frame in flight (Wayland's callback pending): its onFrameReady brings the next update.
        View.animate(withDuration: 0.25, delay: 0, options: .curveLinear) { view.center.x -= 100 }
        output.ready = false
        presenter.update()
        #expect(app.timers.isEmpty, "no timer while the output will call back")
        output.ready = true
        output.onFrameReady?()
        #expect(app.timers.count == 1)
        view.layer.removeAllAnimations()
        presenter.update()  // delivers the completion, nothing runs any more
        #expect(app.timers.isEmpty)
    }
}
