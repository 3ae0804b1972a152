import Keymap
import ResponderKit
import ResponderKitTesting
import Testing

/// Key repeat on the core's timers, driven by the manual clock; media keys.
@MainActor
struct KeyRepeatTests {
    @MainActor
    final class Fixture {
        let application = Application()
        let driver: InputDriver
        let window: Window
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 40))
        let keyboard: KeyboardInput

        init(delay: Double = 0.5, rate: Double = 20) throws {
            driver = InputDriver(application: application)
            let scene = WindowScene(application: application)
            window = Window(windowScene: scene)
            window.makeKeyAndVisible()
            window.addSubview(field)
            field.becomeFirstResponder()
            keyboard = KeyboardInput(
                keymap: try Keymap(configuration: KeymapConfiguration(layout: "us")),
                application: application, repeatDelay: delay, repeatRate: rate)
        }

        func key(_ code: Int, pressed: Bool) {
            if let event = keyboard.translate(keyCode: code, pressed: pressed, timestamp: driver.now, device: .main) {
                application.handle(event)
            }
        }
    }

    @Test func heldKeyRepeatsAfterTheDelayAtTheRate() throws {
        let f = try Fixture(delay: 0.5, rate: 20)
        f.key(30, pressed: true)  // KEY_A
        #expect(f.field.text == "a")
        f.driver.advance(by: 0.499)
        #expect(f.field.text == "a")
        f.driver.advance(by: 0.001)
        #expect(f.field.text == "aa")  // first repeat at the delay
        f.driver.advance(by: 0.049)
        #expect(f.field.text == "aa")
        f.driver.advance(by: 0.001)
        #expect(f.field.text == "aaa")  // then every 1/rate
        f.key(30, pressed: false)
        f.driver.advance(by: 1)
        #expect(f.field.text == "aaa")
        #expect(f.driver.isClean)
    }

    @Test func onlyTheLastKeyRepeatsAndModifiersDoNot() throws {
        let f = try Fixture(delay: 0.3, rate: 10)
        f.key(30, pressed: true)  // a
        f.driver.advance(by: 0.2)
        f.key(48, pressed: true)  // b replaces a's repeat
        f.key(KeyCode.leftShift, pressed: true)  // a modifier does not stop b
        f.driver.advance(by: 0.3)
        #expect(f.field.text == "abb")
        f.key(KeyCode.leftShift, pressed: false)
        f.key(48, pressed: false)
        f.key(30, pressed: false)
        f.driver.advance(by: 1)
        #expect(f.field.text == "abb")
        #expect(f.driver.isClean)
    }

    @Test func removingTheKeyboardStopsItsRepeat() throws {
        let f = try Fixture(delay: 0.3, rate: 10)
        f.key(30, pressed: true)
        f.keyboard.remove(device: .main)
        f.application.handle(InputEvent(.deviceRemoved(.main), timestamp: f.driver.now))
        f.driver.advance(by: 1)
        #expect(f.field.text == "a")
        #expect(f.driver.isClean)
    }

    @Test func mediaKeysBecomeRemoteControlEvents() throws {
        let f = try Fixture()
        f.field.resignFirstResponder()
        let view = PlayerView()
        f.window.addSubview(view)
        #expect(view.becomeFirstResponder())
        for code in [KeyCode.playPause, KeyCode.nextSong, KeyCode.previousSong] {
            f.key(code, pressed: true)
            f.key(code, pressed: false)
        }
        #expect(view.received == [.remoteControlTogglePlayPause, .remoteControlNextTrack, .remoteControlPreviousTrack])
        #expect(f.driver.isClean)
    }
}

/// A focusable view that records remote-control events.
@MainActor
final class PlayerView: View {
    var received: [Event.EventSubtype] = []
    override var canBecomeFirstResponder: Bool { true }
    override func remoteControlReceived(with event: Event?) { if let event { received.append(event.subtype) } }
}
