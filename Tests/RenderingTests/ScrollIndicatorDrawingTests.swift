import ResponderKit
import ResponderKitTesting
import Testing

@testable import Rendering

/// Issue 9: a scroll view drawn mid-drag — the content moved by its offset and clipped, and the
/// two indicator bars (trailing and bottom edges, sized to the visible share of the content) —
/// then, after the release and the fade, the same view without them.
@MainActor
@Suite("Renderer: scroll views")
struct ScrollIndicatorDrawingTests {
    static let white = argb(255, 255, 255)

    /// A 200×300 scroll view over 400×1200 content (one column of coloured, labelled 180 pt
    /// tiles, so the scroll view's own background shows along the trailing edge), in a 240×340
    /// window.
    func stage() -> (InputDriver, Window, ScrollView) {
        Rendering.install()
        let app = Application()
        let driver = InputDriver(application: app)
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 240, height: 340))
        let window = Window(windowScene: scene)
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        let scroll = ScrollView(frame: Rect(x: 20, y: 20, width: 200, height: 300))
        scroll.backgroundColor = Color(white: 0.95)
        scroll.contentSize = Size(width: 400, height: 1200)
        for row in 0..<12 {
            let tile = Label(frame: Rect(x: 4, y: Double(row) * 100 + 4, width: 176, height: 92))
            tile.text = "Tile \(row)"
            tile.textAlignment = .center
            tile.backgroundColor = row % 2 == 0 ? Color(red: 0.55, green: 0.75, blue: 0.95) : Color(red: 0.95, green: 0.8, blue: 0.55)
            scroll.addSubview(tile)
        }
        window.addSubview(scroll)
        return (driver, window, scroll)
    }

    @Test func indicatorsWhileDraggingThenFaded() {
        let (driver, window, scroll) = stage()
        driver.touchDown(0, at: Point(x: 180, y: 280), in: window)
        driver.advance(by: 0.01)
        driver.touchMove(0, to: Point(x: 170, y: 260), in: window)
        driver.advance(by: 0.01)
        driver.touchMove(0, to: Point(x: 120, y: 100), in: window)
        #expect(scroll.contentOffset == Point(x: 50, y: 160 + 0))
        let image = window.snapshot()
        // The vertical bar: 3 pt wide, 3 pt in from the scroll view's right edge (x 214…217 in
        // the window), a quarter of its 288 pt track long (300 of 1200 visible).
        let bar = inkBox(image, background: argb(242, 242, 242), threshold: 4, in: PixelRect(x: 200, y: 20, width: 20, height: 300))
        #expect(bar != nil)
        if let bar {
            #expect(bar.x >= 213 && bar.maxX <= 218, "vertical bar \(bar)")
            let track = 300.0 - 6 - 6
            #expect(abs(Double(bar.height) - track / 4) <= 2, "vertical bar length \(bar.height)")
        }
        expectGolden(image, "scroll-indicators")
        driver.advance(by: 0.2)
        driver.touchUp(0, in: window)
        let app = window.application
        var frames = 0
        while app.animator.isRunning, frames < 200 {
            driver.advance(by: 1.0 / 60)
            app.animator.tick(now: driver.now)
            frames += 1
        }
        let faded = window.snapshot()
        expectPixel(faded, 215, 20 + 3 + 60, argb(242, 242, 242), tolerance: 4, "no bar once faded")
        #expect(driver.isClean)
    }
}
