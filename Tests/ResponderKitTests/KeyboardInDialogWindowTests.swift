import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// The on-screen keyboard for a text field in a window smaller than the screen (a dialog window
/// over the app): as in UIKit, it spans the screen's bottom edge in a window of its own above
/// every other (`InputViewWindow`), not the dialog's bottom; the frames the dialog is told are in
/// the dialog's coordinates; taps on its keys (named for the main window, as the hosts send
/// them) type into the dialog's field; touches elsewhere fall through it; it leaves with the
/// keyboard.
@MainActor
@Suite("On-screen keyboard: a dialog window smaller than the screen")
struct KeyboardInDialogWindowTests {
    static let keyboardHeight = 238.0

    @MainActor
    final class Stage {
        let harness = Harness(size: Size(width: 800, height: 600))
        let log = Log()
        let dialog: Window
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        let background: RecordingView
        var notes: [(String, Rect?)] = []
        var tokens: [NotificationCenter.ObserverToken] = []

        init() {
            background = RecordingView("Background", frame: harness.window.bounds, log: log)
            harness.window.addSubview(background)
            dialog = Window(windowScene: harness.scene, frame: Rect(x: 200, y: 100, width: 400, height: 200))
            dialog.windowLevel = .alert
            field.autocapitalizationType = .none
            dialog.addSubview(field)
            dialog.makeKeyAndVisible()
            harness.driver.addDevice(InputDevice(id: InputDeviceID(rawValue: 7), name: "touchscreen", capabilities: .touch))
            for (name, label) in [(Responder.keyboardWillShowNotification, "willShow"), (Responder.keyboardDidHideNotification, "didHide")] {
                tokens.append(
                    NotificationCenter.default.addObserver(forName: name, object: dialog) { [unowned self] note in
                        notes.append((label, note.keyboardFrameEnd))
                    })
            }
        }

        isolated deinit {
            for token in tokens { NotificationCenter.default.removeObserver(token) }
        }

        var app: Application { harness.app }
        var driver: InputDriver { harness.driver }
        var main: Window { harness.window }
        var keyboard: KeyboardView { app.onScreenKeyboard.keyboardView }

        /// Advances to `time` and draws a frame there.
        func frame(at time: Double) {
            driver.advance(by: max(0, time - driver.now))
            app.animator.tick(now: driver.now)
        }

        /// Taps the key labelled `label` where it is on the screen, named for the main window.
        func tap(_ label: String) {
            guard let key = keyboard.key(labelled: label), let keyWindow = keyboard.window else {
                Issue.record("no key labelled \(label)")
                return
            }
            let onScreen = keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: keyWindow)
            driver.tap(at: Point(x: onScreen.x + keyWindow.frame.minX, y: onScreen.y + keyWindow.frame.minY), in: main)
            driver.advance(by: 0.05)
        }
    }

    @Test func theKeyboardSpansTheScreensBottomAndTypesIntoTheDialog() {
        let s = Stage()
        #expect(s.field.becomeFirstResponder())
        s.frame(at: 0.3)
        let keyboardWindow = s.keyboard.window
        #expect(keyboardWindow is InputViewWindow)
        #expect(keyboardWindow !== s.dialog && keyboardWindow !== s.main)
        #expect(keyboardWindow?.frame == Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(
            s.keyboard.superview?.frame == Rect(x: 0, y: 600 - Self.keyboardHeight, width: 800, height: Self.keyboardHeight),
            "docked across the screen's bottom")
        let inDialog = Rect(x: -200, y: 600 - Self.keyboardHeight - 100, width: 800, height: Self.keyboardHeight)
        #expect(s.dialog.keyboardFrame == inDialog, "the dialog's coordinates")
        #expect(s.notes.map(\.0) == ["willShow"])
        #expect(s.notes.first?.1 == inDialog)
        #expect(s.app.keyWindow === s.dialog, "the keyboard's window never becomes key")
        #expect(s.scene.stackedWindows.last === keyboardWindow, "above every level")

        s.tap("h")
        s.tap("i")
        #expect(s.field.text == "hi")

        s.driver.tap(at: Point(x: 10, y: 10), in: s.main)
        #expect(s.log.entries == ["Background.touchesBegan", "Background.touchesEnded"], "the keyboard's window lets the rest through")
    }

    @Test func itLeavesWithTheKeyboardAndFullScreenWindowsKeepTheirOwn() {
        let s = Stage()
        #expect(s.field.becomeFirstResponder())
        s.frame(at: 0.3)
        let keyboardWindow = s.keyboard.window
        #expect(s.field.resignFirstResponder())
        s.frame(at: 0.7)
        #expect(s.notes.map(\.0) == ["willShow", "didHide"])
        #expect(s.dialog.keyboardFrame == nil)
        #expect(keyboardWindow?.isHidden == true, "hidden once nothing is docked in it")
        #expect(!s.scene.stackedWindows.contains { $0 === keyboardWindow })

        // A field of the full-screen window docks the keyboard in that window, as before.
        let other = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        s.main.addSubview(other)
        s.main.makeKey()
        #expect(other.becomeFirstResponder())
        s.frame(at: 1.1)
        #expect(s.keyboard.window === s.main)
        #expect(s.main.keyboardFrame == Rect(x: 0, y: 600 - Self.keyboardHeight, width: 800, height: Self.keyboardHeight))
    }
}

extension KeyboardInDialogWindowTests.Stage {
    var scene: WindowScene { harness.scene }
}
