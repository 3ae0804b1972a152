import ResponderKit
import ResponderKitTesting
import Testing

@testable import Rendering

/// Issue 9: a text field with a selection and its edit menu, and a secure field with its clear
/// button, drawn with Cairo and Pango (golden PNGs; `RK_UPDATE_GOLDEN=1` writes them).
@MainActor
@Suite("Renderer: text field editing and the edit menu")
struct TextFieldEditMenuDrawingTests {
    static let white = argb(255, 255, 255)

    /// A key window of `width` × `height` on white, Pango installed, with a driver.
    func makeKeyWindow(_ width: Double, _ height: Double) -> (Window, InputDriver) {
        let app = Application()
        let scene = WindowScene(application: app)
        let window = Window(windowScene: scene, frame: Rect(x: 0, y: 0, width: width, height: height))
        window.backgroundColor = .white
        Rendering.install()
        window.makeKeyAndVisible()
        return (window, InputDriver(application: app))
    }

    /// The selection's tint behind "editing", the menu above it: a dark rounded bar with white
    /// titles, grey separators and (after one right arrow) the first item highlighted.
    @Test func fieldWithSelectionAndMenu() {
        let (window, driver) = makeKeyWindow(400, 160)
        let field = TextField(frame: Rect(x: 20, y: 90, width: 360, height: 34))
        field.borderStyle = .roundedRect
        field.pasteboard = Pasteboard()
        field.pasteboard.string = "clip"
        field.text = "Hello editing world"
        window.addSubview(field)
        #expect(field.becomeFirstResponder())
        field.selectedRange = 6..<13
        field.showEditMenu()
        let menu = field.editMenuInteraction.presentedMenu!
        #expect(menu.items.map(\.title) == ["Cut", "Copy", "Paste", "Select All", "Delete"])
        #expect(!menu.isBelowTarget)
        driver.type(Key(keyCode: KeyCode.right, characters: ""), in: window)
        #expect(menu.highlightedIndex == 0)
        let image = window.snapshot()

        let bar = menu.barFrame
        #expect(bar.minX >= 8 && bar.maxX <= 392 && bar.minY >= 8 && bar.maxY <= field.frame.minY)
        let second = menu.itemFrames[1]
        expectPixel(image, Int(second.minX) + 3, Int(bar.midY), argb(43, 43, 43), tolerance: 3, "the dark bar")
        let first = menu.itemFrames[0]
        expectPixel(image, Int(first.minX) + 3, Int(bar.midY), argb(97, 97, 97), tolerance: 3, "the highlighted first item")
        expectPixel(image, Int(first.maxX), Int(bar.minY) + 10, argb(107, 107, 107), tolerance: 3, "a separator")
        expectPixel(image, Int(bar.minX), Int(bar.minY), Self.white, tolerance: 30, "rounded corner")
        let title = inkBox(
            image, background: argb(43, 43, 43), threshold: 60,
            in: PixelRect(
                x: Int(second.minX) + 2, y: Int(bar.minY) + 2,
                width: Int(second.width) - 4, height: Int(bar.height) - 4))
        #expect(title != nil, "a white title in the Copy item")
        let start = field.convert(field.caretRect(at: 6), to: nil), end = field.convert(field.caretRect(at: 13), to: nil)
        expectPixel(image, Int((start.minX + end.minX) / 2), Int(start.minY) + 1, argb(191, 222, 255), tolerance: 3, "the selection tint")
        expectGolden(image, "text-field-edit-menu")

        field.editMenuInteraction.dismissMenu()
        let after = window.snapshot()
        expectPixel(after, Int(second.minX) + 3, Int(bar.midY), Self.white, tolerance: 2, "the menu is gone")
        #expect(driver.isClean)
    }

    /// A field at the top: the menu flips below the caret.
    @Test func menuFlipsBelowAtTheTop() {
        let (window, driver) = makeKeyWindow(360, 160)
        let field = TextField(frame: Rect(x: 20, y: 6, width: 320, height: 34))
        field.borderStyle = .roundedRect
        field.pasteboard = Pasteboard()
        field.text = "Top"
        window.addSubview(field)
        #expect(field.becomeFirstResponder())
        field.showEditMenu()
        let menu = field.editMenuInteraction.presentedMenu!
        #expect(menu.items.map(\.title) == ["Select", "Select All"])
        #expect(menu.isBelowTarget)
        let image = window.snapshot()
        expectPixel(image, Int(menu.itemFrames[0].minX) + 3, Int(menu.barFrame.midY), argb(43, 43, 43), tolerance: 3)
        #expect(menu.barFrame.minY > field.frame.minY + 20)
        expectGolden(image, "text-field-edit-menu-below")
        field.editMenuInteraction.dismissMenu()
        #expect(driver.isClean)
    }

    /// Secure text is drawn as bullets (no letters), the clear button as a grey circle with a
    /// white cross at the right end.
    @Test func secureBulletsAndClearButton() {
        let (window, driver) = makeKeyWindow(240, 60)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 220, height: 34))
        field.borderStyle = .roundedRect
        field.isSecureTextEntry = true
        field.clearButtonMode = .always
        field.text = "hunter2"
        window.addSubview(field)
        let image = window.snapshot()
        let bullets = inkBox(image, background: Self.white, threshold: 60, in: PixelRect(x: 17, y: 17, width: 150, height: 20))!
        let dot = field.convert(field.caretRect(at: 1), to: nil)
        #expect(bullets.x < Int(dot.minX) && bullets.width < 7 * 14, "seven bullets, \(bullets)")
        #expect(bullets.height < 10, "bullets are small round dots, not letters (\(bullets))")
        let button = field.convert(field.clearButtonRect(forBounds: field.bounds), to: nil)
        expectPixel(image, Int(button.minX) + 4, Int(button.midY), argb(179, 179, 179), tolerance: 6, "the grey circle")
        expectPixel(image, Int(button.midX), Int(button.midY), Self.white, tolerance: 60, "the cross")
        expectGolden(image, "text-field-secure-clear")
        #expect(driver.isClean)
    }
}
