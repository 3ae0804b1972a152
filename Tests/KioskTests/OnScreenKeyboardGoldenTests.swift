import Keymap
import Rendering
import ResponderKit
import ResponderKitTesting
import Testing

/// The built-in keyboard as drawn, its keys read from real xkb keymaps: us (QWERTY), de (QWERTZ
/// with ü ö ä) and fr (AZERTY), plus the US symbols page and a long press's variants popup,
/// against golden images (`RK_UPDATE_GOLDEN=1` writes missing ones).
@MainActor
@Suite("On-screen keyboard: golden images")
struct OnScreenKeyboardGoldenTests {
    /// An 800×480 window with a focused field and the keyboard of `layout` slid in.
    func stage(_ layout: String) throws -> (Application, InputDriver, Window, KeyboardView) {
        Rendering.install()
        let app = Application()
        let driver = InputDriver(application: app)
        app.onScreenKeyboard.mode = .always
        app.onScreenKeyboard.layout = try Keymap(configuration: KeymapConfiguration(layout: layout)).keyboardLayout()
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 800, height: 480))
        let window = Window(windowScene: scene)
        window.backgroundColor = .white
        let root = ViewController()
        window.rootViewController = root
        window.makeKeyAndVisible()
        let field = TextField(frame: Rect(x: 20, y: 20, width: 400, height: 40))
        field.borderStyle = .roundedRect
        field.placeholder = "Search"
        field.returnKeyType = .search
        root.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        driver.advance(by: 0.3)
        app.animator.tick(now: driver.now)
        window.layoutIfNeeded()
        return (app, driver, window, app.onScreenKeyboard.keyboardView)
    }

    @Test(arguments: ["us", "de", "fr"])
    func letterPage(_ layout: String) throws {
        let (_, driver, window, keyboard) = try stage(layout)
        let letters = keyboard.keys.filter { if case .text = $0.kind { return $0.label.first!.isLetter } else { return false } }
        let first = letters.map(\.label).prefix(layout == "de" ? 11 : 10).joined()
        #expect(first == ["us": "qwertyuiop", "de": "qwertzuiopü", "fr": "azertyuiop"][layout])
        expectInboxGolden(window.snapshot(), "keyboard-\(layout)")
        #expect(driver.isClean)
    }

    @Test func symbolsPageAndVariantsPopup() throws {
        let (_, driver, window, keyboard) = try stage("us")
        keyboard.show(.symbols)
        expectInboxGolden(window.snapshot(), "keyboard-us-symbols")
        keyboard.show(.letters)
        let e = keyboard.key(labelled: "e")!
        driver.touchDown(0, at: keyboard.convert(Point(x: e.frame.midX, y: e.frame.midY), to: window), in: window)
        driver.advance(by: keyboard.longPressDuration)
        expectInboxGolden(window.snapshot(), "keyboard-us-variants")
        driver.touchUp(0, in: window)
        #expect(driver.isClean)
    }
}
