import InboxApp
import Keymap
import Kiosk
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
        field.autocapitalizationType = .none  // a search field, like the inbox's: lowercase pages
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

    /// The host option: auto, always, never; anything else is a clear error.
    @Test func theHostOptionSetsTheMode() throws {
        let none: (String) -> String? = { _ in nil }
        #expect(try KioskOptions.parse([], appName: "t", environment: none).onScreenKeyboard == .automatic)
        #expect(try KioskOptions.parse(["--on-screen-keyboard", "never"], appName: "t", environment: none).onScreenKeyboard == .never)
        #expect(try KioskOptions.parse(["--on-screen-keyboard", "always"], appName: "t", environment: none).onScreenKeyboard == .always)
        #expect(throws: ScriptError.self) { try KioskOptions.parse(["--on-screen-keyboard", "sometimes"], appName: "t", environment: none) }
        #expect(KioskOptions.usage.contains("--on-screen-keyboard auto|always|never"))
    }

    /// The inbox's list makes room for the keyboard from its notifications (UIKit's by-hand way):
    /// its bottom inset is what the keyboard covers while it shows, 0 after.
    @Test func theInboxListMakesRoomForTheKeyboard() {
        Rendering.install()
        let app = Application()
        let driver = InputDriver(application: app)
        app.onScreenKeyboard.mode = .always
        let window = Window(windowScene: WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 800, height: 600)))
        let inbox = InboxViewController(store: MessageStore(count: 30))
        window.rootViewController = inbox
        window.makeKeyAndVisible()
        #expect(inbox.searchField.isFirstResponder, "the inbox focuses its search field when it appears")
        window.layoutIfNeeded()
        let keyboard = window.keyboardFrame!
        #expect(keyboard.minY == 600 - 238)
        #expect(inbox.list.contentInset.bottom == 238, "the list reaches the window's bottom: all of the keyboard covers it")
        #expect(app.onScreenKeyboard.keyboardView.key(labelled: "Search") != nil)
        #expect(inbox.searchField.resignFirstResponder())
        #expect(inbox.list.contentInset.bottom == 0)
        driver.advance(by: 0.5)
        app.animator.tick(now: driver.now)
        app.animator.tick(now: driver.now + 0.1)
        #expect(driver.isClean)
    }
}
