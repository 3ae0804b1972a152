import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Input reaches only visible, interactive views of the key window: no keystroke reaches a hidden,
/// transparent or non-interactive first responder (it goes to the window instead), no keystroke a
/// source sends without naming a window reaches a window that is not key, and no touch reaches a
/// view with interaction disabled or hidden, nor any view inside it.
@MainActor
@Suite struct InputReachTests {
    final class Focusable: RecordingView {
        override var canBecomeFirstResponder: Bool { true }
    }

    /// Window A (key) holding a container with a focused field; window B with its own focused field.
    @MainActor
    struct World {
        let log = Log()
        let app = retained(Application())
        let driver: InputDriver
        let a: Window, b: Window
        let container: RecordingView, field: Focusable, fieldB: Focusable, background: RecordingView

        init() {
            driver = InputDriver(application: app)
            let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 400, height: 300))
            a = Window(windowScene: scene)
            b = Window(windowScene: scene)
            background = RecordingView("Background", frame: a.bounds, log: log)
            container = RecordingView("Container", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
            field = Focusable("Field", frame: Rect(x: 10, y: 10, width: 100, height: 40), log: log)
            fieldB = Focusable("FieldB", frame: b.bounds, log: log)
            for view in [background, container, field, fieldB] as [RecordingView] { view.forwards = false }
            a.addSubview(background)
            background.addSubview(container)
            container.addSubview(field)
            b.addSubview(fieldB)
            b.makeKeyAndVisible()
            #expect(fieldB.becomeFirstResponder())
            a.makeKeyAndVisible()
            #expect(field.becomeFirstResponder())
        }

        func type(_ code: Int = 30) {
            app.handle(InputEvent(.key(Key(keyCode: code, characters: "a"), pressed: true, isRepeat: false), timestamp: driver.now))
            app.handle(InputEvent(.key(Key(keyCode: code, characters: "a"), pressed: false, isRepeat: false), timestamp: driver.now))
        }

        /// The presses a view received.
        var pressEntries: [String] { log.entries.filter { $0.contains("presses") } }
    }

    @Test func aVisibleFocusedFieldOfTheKeyWindowGetsTheKeys() {
        let w = World()
        w.type()
        #expect(w.pressEntries == ["Field.pressesBegan", "Field.pressesEnded"])
        #expect(w.driver.isClean)
    }

    @Test(arguments: [
        "hidden", "ancestor hidden", "transparent", "ancestor transparent", "interaction disabled",
        "ancestor interaction disabled"
    ])
    func aFirstResponderThatCannotBeSeenOrUsedGetsNoKeystroke(_ how: String) {
        let w = World()
        switch how {
        case "hidden": w.field.isHidden = true
        case "ancestor hidden": w.container.isHidden = true
        case "transparent": w.field.alpha = 0.005
        case "ancestor transparent": w.container.alpha = 0
        case "interaction disabled": w.field.isUserInteractionEnabled = false
        default: w.container.isUserInteractionEnabled = false
        }
        w.type()
        #expect(w.pressEntries.isEmpty, "\(how): \(w.pressEntries)")
        #expect(w.driver.isClean)
        // Shown and usable again, it gets keys again (it stayed first responder).
        w.field.isHidden = false; w.container.isHidden = false
        w.field.alpha = 1; w.container.alpha = 1
        w.field.isUserInteractionEnabled = true; w.container.isUserInteractionEnabled = true
        w.type()
        #expect(w.pressEntries == ["Field.pressesBegan", "Field.pressesEnded"])
    }

    /// A field hidden while its key is held: the key's repeat and release go to the window instead,
    /// nothing more reaches the hidden field, and nothing stays open.
    @Test func aFieldHiddenWhileAKeyIsHeldGetsNothingMore() {
        let w = World()
        w.app.handle(InputEvent(.key(Key(keyCode: 30, characters: "a"), pressed: true, isRepeat: false), timestamp: w.driver.now))
        w.field.isHidden = true
        w.app.handle(InputEvent(.key(Key(keyCode: 30, characters: "a"), pressed: true, isRepeat: true), timestamp: w.driver.now))
        w.app.handle(InputEvent(.key(Key(keyCode: 30, characters: "a"), pressed: false, isRepeat: false), timestamp: w.driver.now))
        #expect(w.pressEntries == ["Field.pressesBegan"])
        #expect(w.driver.isClean)
    }

    @Test func keysNamingNoWindowReachOnlyTheKeyWindow() {
        let w = World()
        w.type()
        w.b.makeKey()
        w.type(31)
        #expect(w.pressEntries == ["Field.pressesBegan", "Field.pressesEnded", "FieldB.pressesBegan", "FieldB.pressesEnded"])
        #expect(w.driver.isClean)
    }

    @Test(arguments: ["interaction disabled", "hidden", "transparent"])
    func noTouchReachesAViewThatCannotTakeIt(_ how: String) {
        let w = World()
        switch how {
        case "interaction disabled": w.container.isUserInteractionEnabled = false
        case "hidden": w.container.isHidden = true
        default: w.container.alpha = 0
        }
        // On the field inside the container, and on the container itself: the background takes both.
        w.driver.tap(at: Point(x: 20, y: 20), in: w.a)
        w.driver.tap(at: Point(x: 150, y: 150), in: w.a)
        let touched = w.log.entries.filter { $0.contains("touches") }
        #expect(
            touched == ["Background.touchesBegan", "Background.touchesEnded", "Background.touchesBegan", "Background.touchesEnded"],
            "\(how): \(touched)")
        #expect(w.driver.isClean)
    }
}
