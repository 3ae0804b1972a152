import ResponderKit
import ResponderKitTesting
import Testing

@testable import Rendering

/// How alerts and action sheets look: the dimming over the presenting view, the cards, the
/// buttons' colours and hairlines, in light and dark appearance (golden images).
@MainActor
@Suite("Alert drawing")
struct AlertDrawingTests {
    /// A window of `width`×`height` whose root view is white with a blue bar (so the dimming is
    /// visible over both).
    func stage(_ width: Double, _ height: Double) -> (WindowScene, Window, ViewController, InputDriver) {
        Rendering.install()
        let app = Application()
        let scene = WindowScene(application: app, screenBounds: Rect(0, 0, width, height))
        let window = Window(windowScene: scene, frame: Rect(0, 0, width, height))
        let root = ViewController()
        root.view.backgroundColor = .white
        addView(root.view, 0, 0, width, 60, .systemBlue)
        window.rootViewController = root
        window.makeKeyAndVisible()
        return (scene, window, root, InputDriver(application: app))
    }

    @Test func anAlertWithTwoActions() {
        let (scene, window, root, _) = stage(400, 360)
        let alert = AlertController(title: "Welcome, Ada!", message: "Charles has been told you are here. Please take a seat.", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "OK", style: .default))
        alert.preferredAction = alert.actions[1]
        root.present(alert, animated: false)
        let light = window.snapshot()
        expectPixel(light, 10, 300, argb(204, 204, 204), "white under 20 % black")
        let card = alert.alertView.cards[0].convert(alert.alertView.cards[0].bounds, to: window)
        expectPixel(light, Int(card.minX) + 20, Int(card.minY) + 6, argb(242, 242, 242), "the light card")
        let ok = alert.alertView.buttons[1].convert(alert.alertView.buttons[1].bounds, to: window)
        let ink = try! #require(
            inkBox(
                light, background: argb(242, 242, 242),
                in: PixelRect(x: Int(ok.minX) + 4, y: Int(ok.minY) + 4, width: Int(ok.width) - 8, height: Int(ok.height) - 8)))
        let okPixels = (ink.y..<ink.maxY).flatMap { y in (ink.x..<ink.maxX).map { channels(light.argb(x: $0, y: y)) } }
        #expect(ink.width > 15 && okPixels.contains { $0[3] > $0[1] + 120 }, "OK is drawn in the tint colour")
        expectGolden(light, "alert-light")
        scene.traitCollection = TraitCollection(userInterfaceStyle: .dark)
        let dark = window.snapshot()
        expectPixel(dark, Int(card.minX) + 20, Int(card.minY) + 6, argb(44, 44, 46), "the dark card")
        expectGolden(dark, "alert-dark")
    }

    @Test func anActionSheet() {
        let (scene, window, root, driver) = stage(400, 480)
        let sheet = AlertController(title: "Ada Lovelace", message: "Badge 1 · visiting Charles", preferredStyle: .actionSheet)
        sheet.addAction(AlertAction(title: "Print badge", style: .default))
        sheet.addAction(AlertAction(title: "Check out", style: .destructive))
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        root.present(sheet, animated: false)
        // The keys focus the first button, which fills grey.
        driver.type(Key(keyCode: KeyCode.tab, characters: "\t"), in: window)
        let light = window.snapshot()
        let cancelCard = sheet.alertView.cards[1].convert(sheet.alertView.cards[1].bounds, to: window)
        expectPixel(light, Int(cancelCard.minX) + 20, Int(cancelCard.midY), argb(255, 255, 255), "the white cancel card")
        #expect(abs(cancelCard.maxY - 472) < 0.5)
        expectGolden(light, "action-sheet-light")
        scene.traitCollection = TraitCollection(userInterfaceStyle: .dark)
        expectGolden(window.snapshot(), "action-sheet-dark")
    }
}
