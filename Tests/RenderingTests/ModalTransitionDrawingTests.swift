import ResponderKit
import ResponderKitTesting
import Testing

@testable import Rendering

/// The pixels of an animated modal transition: the presenter draws the presented view where the
/// slide has it at each frame (`.coverVertical`) or blended at its alpha (`.crossDissolve`), the
/// damage-only frames equal a full render of the same instant, and frames stop once the
/// transition has ended.
@MainActor
@Suite("Renderer: modal transitions")
struct ModalTransitionDrawingTests {
    /// A controller whose view is filled with `color`.
    final class ColourController: ViewController {
        let color: Color
        init(_ color: Color) {
            self.color = color
            super.init()
        }
        override func viewDidLoad() { view.backgroundColor = color }
    }

    /// A 200×100 window of its own application on a manual clock, its root controller's view
    /// blue, presented into a headless output; the first frame is drawn.
    func stage() -> (Application, InputDriver, Window, ViewController, HeadlessOutput, WindowPresenter) {
        Rendering.install()
        let app = Application()
        let driver = InputDriver(application: app)
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 200, height: 100))
        let window = Window(windowScene: scene)
        window.backgroundColor = .white
        let root = ColourController(.blue)
        window.rootViewController = root
        window.makeKeyAndVisible()
        let output = HeadlessOutput(size: Size(width: 200, height: 100))
        let presenter = WindowPresenter(window: window, output: output)
        #expect(presenter.update())
        return (app, driver, window, root, output, presenter)
    }

    let red = argb(255, 0, 0), blue = argb(0, 0, 255)

    /// `.coverVertical`: at t = 0 the red modal is still below the window (all blue); half way
    /// (0.2 s, ease-in-out is symmetric) its top edge is drawn at y = 50; at 0.4 s it covers the
    /// window. The dismissal draws it half way down at 0.6 s, gone at 0.8 s; then no more frames.
    @Test func theSlideIsDrawnWhereTheAnimationHasIt() {
        let (app, driver, window, root, output, presenter) = stage()
        let modal = ColourController(.red)
        root.present(modal, animated: true)
        presenter.update()
        expectPixel(output.image(), 100, 95, blue, "t=0: still below the bottom edge")

        driver.advance(by: 0.2)
        #expect(presenter.update())
        var image = output.image()
        for y in [0, 25, 49] { expectPixel(image, 100, y, blue, "y=\(y) at t=0.2: above the sliding view") }
        for y in [50, 75, 99] { expectPixel(image, 100, y, red, "y=\(y) at t=0.2: the sliding view") }
        #expect(image.pixels == window.snapshot().pixels, "the damage-only frame is the whole picture of t=0.2")

        driver.advance(by: 0.2)
        #expect(presenter.update())
        image = output.image()
        for y in [0, 50, 99] { expectPixel(image, 100, y, red, "y=\(y) at t=0.4: covered") }
        #expect(!modal.isBeingPresented)

        modal.dismiss(animated: true)
        driver.advance(by: 0.2)
        #expect(presenter.update())
        image = output.image()
        for y in [0, 49] { expectPixel(image, 100, y, blue, "y=\(y) at t=0.6: uncovered") }
        for y in [50, 99] { expectPixel(image, 100, y, red, "y=\(y) at t=0.6: half way down") }
        #expect(image.pixels == window.snapshot().pixels)

        driver.advance(by: 0.2)
        #expect(presenter.update())
        for y in [0, 50, 99] { expectPixel(output.image(), 100, y, blue, "y=\(y) at t=0.8: gone") }
        #expect(modal.viewIfLoaded?.window == nil)
        for _ in 0..<5 {
            driver.advance(by: 1.0 / 60)
            #expect(!presenter.update(), "idle: no frame")
        }
        #expect(!app.animator.isRunning)
        #expect(driver.isClean)
    }

    /// `.crossDissolve`: half way the red modal is drawn at alpha 0.5 over the blue screen.
    @Test func theCrossDissolveIsBlended() {
        let (_, driver, _, root, output, presenter) = stage()
        let modal = ColourController(.red)
        modal.modalTransitionStyle = .crossDissolve
        root.present(modal, animated: true)
        presenter.update()
        expectPixel(output.image(), 100, 50, blue, "t=0: transparent")
        driver.advance(by: 0.2)
        #expect(presenter.update())
        expectPixel(output.image(), 100, 50, argb(128, 0, 127), "t=0.2: half red, half blue")
        driver.advance(by: 0.2)
        #expect(presenter.update())
        expectPixel(output.image(), 100, 50, red, "t=0.4: opaque")
        #expect(driver.isClean)
    }
}
