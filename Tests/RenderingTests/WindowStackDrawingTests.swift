import ResponderKit
import ResponderKitTesting
import Testing

@testable import Rendering

/// The pixels of several windows in one scene: the presenter draws the scene's shown windows at
/// their frames, by `windowLevel` and then the one shown last in front, its own among them (those
/// below it show where it paints nothing); a window shown, hidden, moved or restacked repaints
/// only what it covered and covers, and those damage-only frames equal a full render of the stack.
@MainActor
@Suite("Renderer: windows stacked in a scene")
struct WindowStackDrawingTests {
    let white = argb(255, 255, 255), red = argb(255, 0, 0), green = argb(0, 255, 0), blue = argb(0, 0, 255)

    /// A scene (200×100 unless told): its main window white, presented into a headless output
    /// (first frame drawn).
    func stage(_ size: Size = Size(width: 200, height: 100)) -> (Application, WindowScene, Window, HeadlessOutput, WindowPresenter) {
        Rendering.install()
        let app = Application()
        let scene = WindowScene(application: app, screenBounds: Rect(origin: .zero, size: size))
        let window = Window(windowScene: scene)
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        let output = HeadlessOutput(size: size)
        let presenter = WindowPresenter(window: window, output: output)
        #expect(presenter.update())
        return (app, scene, window, output, presenter)
    }

    /// Expects the presenter to draw a frame whose pixels at each `(x, y)` are `color`, and which
    /// equals a full render of the stack (`presenter.snapshot()`).
    func expectFrame(
        _ presenter: WindowPresenter, _ output: HeadlessOutput, _ pixels: [(x: Int, y: Int, color: UInt32, why: String)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(presenter.update(), sourceLocation: sourceLocation)
        let image = output.image()
        for p in pixels { expectPixel(image, p.x, p.y, p.color, p.why, sourceLocation: sourceLocation) }
        #expect(image.pixels == presenter.snapshot().pixels, sourceLocation: sourceLocation)
    }

    /// A view at `frame` filled with `color`, added to `parent`.
    @discardableResult
    func filled(_ frame: Rect, _ color: Color, in parent: View) -> View {
        let view = View(frame: frame)
        view.backgroundColor = color
        parent.addSubview(view)
        return view
    }

    /// A shown window of `scene` at `frame`, filled with `color`.
    func window(_ scene: WindowScene, _ frame: Rect, _ color: Color?, level: WindowLevel = .normal) -> Window {
        let window = Window(windowScene: scene, frame: frame)
        window.backgroundColor = color
        window.windowLevel = level
        window.isHidden = false
        return window
    }

    @Test func shownWindowsAreDrawnAtTheirFramesInStackOrder() {
        let (_, scene, _, output, presenter) = stage()
        let alert = window(scene, Rect(x: 60, y: 20, width: 60, height: 40), .green, level: .alert)
        let panel = window(scene, Rect(x: 20, y: 10, width: 60, height: 40), .red)
        let below = window(scene, Rect(x: 150, y: 60, width: 40, height: 30), .blue, level: WindowLevel(-1))
        let hidden = window(scene, Rect(x: 150, y: 0, width: 40, height: 30), .blue)
        hidden.isHidden = true
        #expect(presenter.update())
        let image = output.image()
        expectPixel(image, 30, 15, red, "the panel at its frame")
        expectPixel(image, 70, 30, green, "where they overlap, the alert level is in front though shown first")
        expectPixel(image, 110, 55, green)
        expectPixel(image, 20, 55, white, "below the panel's frame")
        expectPixel(image, 170, 75, white, "a window stacked below the output's opaque window is covered")
        expectPixel(image, 170, 15, white, "a hidden window is not drawn")
        #expect(image.pixels == presenter.snapshot().pixels)
        #expect(presenter.stackedWindows.map(ObjectIdentifier.init) == [below, presenter.window, panel, alert].map(ObjectIdentifier.init))
    }

    /// The windows after the output's are clipped to their frames in device pixels, whatever
    /// matrix the output window's last view left behind: a main window whose last drawn view sat
    /// at (150, 60) shifted an alert window's clip by that much, and the alert was cut away
    /// (`wayland-demo` with a HUD window over its tiles showed no HUD).
    @Test func aWindowOverMainWindowViewsAwayFromTheOriginIsDrawnWhole() {
        let (_, scene, main, output, presenter) = stage()
        let tile = filled(Rect(x: 150, y: 60, width: 40, height: 30), .red, in: main)
        let label = Label(frame: Rect(x: 5, y: 5, width: 30, height: 20))
        label.text = "7"
        tile.addSubview(label)
        _ = window(scene, Rect(x: 10, y: 10, width: 60, height: 40), .blue, level: .alert)
        #expect(presenter.update())
        let image = output.image()
        expectPixel(image, 12, 12, blue, "the alert's top-left corner")
        expectPixel(image, 68, 48, blue, "its bottom-right corner")
        expectPixel(image, 155, 85, red, "the tile")
        #expect(image.pixels == presenter.snapshot().pixels)
    }

    @Test func aWindowWithoutBackgroundShowsTheWindowsBelowAroundItsViews() {
        let (_, scene, _, output, presenter) = stage()
        let hud = window(scene, Rect(x: 100, y: 0, width: 100, height: 100), nil, level: .statusBar)
        filled(Rect(x: 10, y: 10, width: 20, height: 20), .red, in: hud)
        #expect(presenter.update())
        let image = output.image()
        expectPixel(image, 115, 15, red, "the badge at the HUD's origin + its frame")
        expectPixel(image, 150, 50, white, "the rest of the HUD lets the main window show")
    }

    /// A window below the output's shows where the output's window paints nothing (no background,
    /// hidden) and is covered, not drawn, where it paints opaquely; a covered window's changes draw
    /// no frame.
    @Test func aWindowBelowShowsWhereTheOutputWindowPaintsNothing() {
        let (_, scene, main, output, presenter) = stage()
        let backdrop = window(scene, Rect(x: 100, y: 0, width: 100, height: 100), .blue, level: WindowLevel(rawValue: -1))
        let mark = filled(Rect(x: 10, y: 10, width: 10, height: 10), .green, in: backdrop)
        #expect(presenter.update(), "shown: its frame is repainted (with the main window over it)")
        expectPixel(output.image(), 150, 50, white, "covered by the opaque main window")
        #expect(!presenter.update())
        mark.backgroundColor = .red
        #expect(!presenter.update(), "a covered window's change draws nothing")

        main.backgroundColor = nil
        filled(Rect(x: 0, y: 0, width: 120, height: 40), .white, in: main)
        #expect(presenter.update())
        var image = output.image()
        expectPixel(image, 150, 50, blue, "the main window paints nothing there: the backdrop shows")
        expectPixel(image, 115, 15, white, "the main window's card is over it")
        expectPixel(image, 50, 70, argb(0, 0, 0), "nothing at all: black")
        #expect(image.pixels == presenter.snapshot().pixels)

        mark.frame = Rect(x: 40, y: 60, width: 10, height: 10)
        #expect(presenter.update(), "now uncovered, its changes are drawn")
        image = output.image()
        expectPixel(image, 145, 65, red)
        #expect(image.pixels == presenter.snapshot().pixels)

        backdrop.windowLevel = .alert
        backdrop.makeKeyAndVisible()
        #expect(presenter.update(), "restacked across the main window: repainted")
        image = output.image()
        expectPixel(image, 115, 15, blue, "now over the card")
        #expect(image.pixels == presenter.snapshot().pixels)
    }

    @Test func showingHidingMovingAndRestackingRepaintOnlyWhatChanged() {
        let (_, scene, _, output, presenter) = stage()
        let panel = window(scene, Rect(x: 20, y: 10, width: 40, height: 30), .red)
        #expect(presenter.update())
        #expect(output.lastRepainted.bounds == Rect(x: 20, y: 10, width: 40, height: 30), "shown: its frame")
        #expect(!presenter.update(), "nothing changed, nothing drawn")

        panel.frame = Rect(x: 100, y: 50, width: 40, height: 30)
        #expect(presenter.update())
        #expect(output.lastRepainted.rects.count == 2, "moved: where it was and where it is")
        let image = output.image()
        expectPixel(image, 30, 20, white)
        expectPixel(image, 110, 60, red)
        #expect(image.pixels == presenter.snapshot().pixels)

        let other = window(scene, Rect(x: 120, y: 60, width: 40, height: 30), .blue)
        #expect(presenter.update())
        expectPixel(output.image(), 130, 70, blue, "shown last: in front")
        panel.makeKeyAndVisible()
        expectFrame(presenter, output, [(130, 70, red, "ordered front"), (150, 85, blue, "")])

        // Restacked while a third window appears in the same frame: the overlap is redrawn too.
        let third = window(scene, Rect(x: 0, y: 0, width: 10, height: 10), .green)
        other.makeKeyAndVisible()
        expectFrame(presenter, output, [(130, 70, blue, "the blue window ordered front again"), (5, 5, green, "")])
        third.isHidden = true
        panel.makeKeyAndVisible()
        #expect(presenter.update())

        filled(Rect(x: 0, y: 0, width: 10, height: 10), .green, in: other)
        #expect(presenter.update())
        #expect(output.lastRepainted.bounds == Rect(x: 120, y: 60, width: 10, height: 10), "a window's own damage, at its frame")
        expectPixel(output.image(), 125, 65, red, "still under the panel")

        panel.isHidden = true
        expectFrame(presenter, output, [(125, 65, green, ""), (105, 55, white, "")])
    }

    @Test func aWindowWhoseFrameIsNotFiniteIsNotDrawn() {
        let (_, scene, _, output, presenter) = stage()
        let panel = window(scene, Rect(x: 20, y: 10, width: 40, height: 30), .red)
        #expect(presenter.update())
        for bad in [Double.nan, .infinity, -.infinity] {
            panel.frame = Rect(x: bad, y: 10, width: 40, height: 30)
            presenter.update()
            let image = output.image()
            expectPixel(image, 30, 20, white, "frame x = \(bad): not drawn, and what it covered is repainted")
            expectPixel(image, 150, 80, white)
        }
        panel.frame = Rect(x: 20, y: 10, width: 40, height: 30)
        #expect(presenter.update())
        expectPixel(output.image(), 30, 20, red, "drawn again once its frame is finite")
    }

    /// A dialog window's text field: the keyboard is drawn across the screen's bottom, over the
    /// main window, outside the dialog's frame.
    @Test func theKeyboardOfADialogWindowIsDrawnAcrossTheScreensBottom() {
        let (app, scene, _, output, presenter) = stage(Size(width: 800, height: 600))
        let driver = InputDriver(application: app)
        driver.addDevice(InputDevice(id: InputDeviceID(rawValue: 7), name: "touchscreen", capabilities: .touch))
        let dialog = window(scene, Rect(x: 200, y: 60, width: 400, height: 160), .blue, level: .alert)
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 40))
        dialog.addSubview(field)
        dialog.makeKeyAndVisible()
        #expect(field.becomeFirstResponder())
        driver.advance(by: 0.3)
        app.animator.tick(now: driver.now)
        #expect(presenter.update())
        let image = output.image()
        expectPixel(image, 100, 100, white, "the main window")
        expectPixel(image, 210, 150, blue, "the dialog")
        #expect(!close(image.argb(x: 10, y: 595), white), "the keyboard's bar reaches the screen's left edge")
        #expect(!close(image.argb(x: 790, y: 595), white), "and its right edge")
        #expect(image.pixels == presenter.snapshot().pixels)
    }
}
