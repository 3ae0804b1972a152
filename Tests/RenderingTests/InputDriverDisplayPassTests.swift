import ResponderKit
import ResponderKitTesting
import Testing

@testable import Rendering

/// Issue 23 §3: with a renderer installed (a `WindowPresenter`, registered as the window's
/// `display`), `InputDriver` runs the host's whole frame before each event — layout and the
/// display pass — so the output shows what the finger meets.
@MainActor
@Suite("InputDriver: the display pass")
struct InputDriverDisplayPassTests {
    let red = argb(255, 0, 0), white = argb(255, 255, 255)

    @Test func theFrameBeforeAnEventLaysOutAndDraws() {
        Rendering.install()
        let app = Application()
        let driver = InputDriver(application: app)
        let window = Window(windowScene: WindowScene(application: app, screenBounds: Rect(0, 0, 200, 100)))
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        let output = HeadlessOutput(size: Size(width: 200, height: 100))
        let presenter = WindowPresenter(window: window, output: output)
        #expect(window.display === presenter)
        // A red square placed by constraints only, after the presenter's last frame.
        let square = View()
        square.backgroundColor = .red
        window.addSubview(square)
        square.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            square.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -10),
            square.topAnchor.constraint(equalTo: window.topAnchor, constant: 10),
            square.widthAnchor.constraint(equalToConstant: 30),
            square.heightAnchor.constraint(equalToConstant: 30)
        ])
        var touched = 0
        square.addGestureRecognizer(TapGestureRecognizer { _ in touched += 1 })
        let drawn = presenter.presentedFrames
        driver.tap(at: Point(x: 175, y: 25), in: window)
        #expect(touched == 1, "the tap met the laid-out square")
        #expect(presenter.presentedFrames > drawn, "the driver ran the presenter's frame")
        expectPixel(output.image(), 175, 25, red, "drawn where the constraints put it")
        expectPixel(output.image(), 150, 25, white)
        #expect(driver.isClean)
    }
}
