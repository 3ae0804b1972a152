import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// API.md "Events" (Press, PressesEvent, KeyCommand) and seed 001 "The core idea": shake, remote
// control and presses start at whoever holds first-responder status (the key window when nobody
// does) and walk `next`; key commands are matched from the first responder outward first.

/// A controller offering key commands and implementing their actions.
final class CommandViewController: RecordingViewController {
    var commands: [KeyCommand] = []
    private(set) var performed: [String] = []
    override var keyCommands: [KeyCommand]? { commands }
    func handle(_ action: Selector, as label: String) {
        implement(action) { [unowned self] _ in performed.append(label) }
    }
}

/// A focusable view that offers key commands too.
final class CommandField: RecordingView {
    var commands: [KeyCommand] = []
    private(set) var performed: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override var keyCommands: [KeyCommand]? { commands }
    func handle(_ action: Selector, as label: String) {
        implement(action) { [unowned self] _ in performed.append(label) }
    }
}

@MainActor
@Suite("Key, motion and remote-control routing")
struct KeyRoutingTests {
    let a = USKeyboard.key(for: "a")!
    var cmdS: Key { USKeyboard.key("s", modifiers: .command)! }

    func setUp() -> (Harness, CommandViewController, CommandField) {
        let log = Log()
        let controller = CommandViewController(log: log)
        let h = Harness(root: controller, log: log)
        let field = CommandField("Field", frame: Rect(0, 0, 200, 40), log: log)
        controller.view.addSubview(field)
        return (h, controller, field)
    }

    /// API.md "Keys go to the first responder and walk the chain": pressesBegan and pressesEnded
    /// start at the focused view and travel up to the app delegate.
    @Test func pressesStartAtTheFirstResponderAndWalkTheChain() {
        let (h, _, field) = setUp()
        #expect(field.becomeFirstResponder())
        h.driver.press(a, in: h.window)
        h.driver.release(a, in: h.window)
        #expect(
            h.log.entries == [
                "Field.pressesBegan", "CommandViewController.pressesBegan", "AppDelegate.pressesBegan",
                "Field.pressesEnded", "CommandViewController.pressesEnded", "AppDelegate.pressesEnded"
            ])
        #expect(h.driver.isClean)
    }

    /// Issue 2 "Presses … go to the first responder (the key window if none)".
    @Test func pressesWithoutFocusStartAtTheKeyWindow() {
        let (h, _, _) = setUp()
        h.driver.inject(.key(a, pressed: true, isRepeat: false))  // no window named: the key window
        h.driver.inject(.key(a, pressed: false, isRepeat: false))
        #expect(h.log.entries == ["AppDelegate.pressesBegan", "AppDelegate.pressesEnded"])
    }

    /// Press carries the key, phase and timestamp; Key carries the evdev code, characters and
    /// modifiers; the application tracks the modifier state.
    @Test func pressAndKeyProperties() throws {
        final class Capture: View {
            var presses: [Press] = []
            var phases: [Press.Phase] = []
            override var canBecomeFirstResponder: Bool { true }
            override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
                self.presses += presses
                phases += presses.map(\.phase)
            }
            override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) { phases += presses.map(\.phase) }
        }
        let h = Harness(log: Log())
        let view = Capture(frame: Rect(0, 0, 10, 10))
        h.window.addSubview(view)
        view.becomeFirstResponder()
        let shiftA = USKeyboard.key(for: "A")!
        h.driver.advance(by: 1)
        h.driver.press(shiftA, in: h.window)
        #expect(h.app.modifierFlags == .shift)
        let press = try #require(view.presses.first)
        #expect(press.key?.keyCode == 30)
        #expect(press.key?.characters == "A")
        #expect(press.key?.charactersIgnoringModifiers == "a")
        #expect(press.key?.modifierFlags == .shift)
        #expect(press.timestamp == 1)
        h.driver.release(shiftA, in: h.window)
        #expect(view.phases == [.began, .ended])
        #expect(press.phase == .ended)
    }

    /// UIKit's `UIEvent.modifierFlags`: a touch while shift is held carries it, and not after.
    @Test func touchEventsCarryTheHeldModifiers() {
        final class Tapped: View {
            var flags: [KeyModifierFlags] = []
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { flags.append(event?.modifierFlags ?? []) }
        }
        let h = Harness(log: Log())
        let view = Tapped(frame: Rect(0, 0, 100, 100))
        h.window.addSubview(view)
        h.driver.press(Key(keyCode: KeyCode.leftShift, characters: "", modifierFlags: .shift), in: h.window)
        h.tap(50, 50)
        // A keymap reports the state after the key: shift's release carries no shift.
        h.driver.release(Key(keyCode: KeyCode.leftShift, characters: "", modifierFlags: []), in: h.window)
        h.tap(50, 50)
        #expect(view.flags == [.shift, []])
        #expect(h.driver.isClean)
    }

    /// API.md KeyCommand: matched by walking from the first responder before plain delivery; a match
    /// performs the action and swallows the key's press phases.
    @Test func keyCommandsAreMatchedBeforePresses() {
        let (h, controller, field) = setUp()
        controller.commands = [KeyCommand(input: "s", modifierFlags: .command, action: "save:", discoverabilityTitle: "Save")]
        controller.handle("save:", as: "save")
        field.becomeFirstResponder()
        h.driver.press(cmdS, in: h.window)
        h.driver.release(cmdS, in: h.window)
        #expect(controller.performed == ["save"])
        #expect(h.log.entries.isEmpty, "no presses* method saw the key")
        #expect(h.driver.isClean)
        // Without the modifier it is an ordinary key.
        h.driver.type(USKeyboard.key(for: "s")!, in: h.window)
        #expect(controller.performed == ["save"])
        #expect(h.log.entries.first == "Field.pressesBegan")
    }

    /// API.md KeyCommand: "the first responder's chain wins over responders behind it" — the same
    /// shortcut on the focused field and on its controller goes to the field.
    @Test func theInnermostKeyCommandWins() {
        let (h, controller, field) = setUp()
        controller.commands = [KeyCommand(input: "s", modifierFlags: .command, action: "saveAll:")]
        controller.handle("saveAll:", as: "controller")
        field.commands = [KeyCommand(input: "s", modifierFlags: .command, action: "saveField:")]
        field.handle("saveField:", as: "field")
        field.becomeFirstResponder()
        h.driver.type(cmdS, in: h.window)
        #expect(field.performed == ["field"])
        #expect(controller.performed.isEmpty)
        // Focus elsewhere (nothing focused): the walk starts at the window and finds neither.
        field.resignFirstResponder()
        h.driver.type(cmdS, in: h.window)
        #expect(field.performed == ["field"])
        #expect(controller.performed.isEmpty)
    }

    /// A key command whose action nobody on the chain can perform is not a match: the key is
    /// delivered as a press instead.
    @Test func aKeyCommandNobodyPerformsFallsThroughToPresses() {
        let (h, controller, field) = setUp()
        controller.commands = [KeyCommand(input: "s", modifierFlags: .command, action: "unimplemented:")]
        field.becomeFirstResponder()
        h.driver.press(cmdS, in: h.window)
        #expect(h.log.entries.first == "Field.pressesBegan")
        h.driver.release(cmdS, in: h.window)
    }

    /// The command's action is found from the responder that offered it (so a command on the
    /// controller can be performed by something above the controller).
    @Test func theCommandsActionIsFoundFromItsOwner() {
        let (h, controller, field) = setUp()
        controller.commands = [KeyCommand(input: KeyCommand.inputEscape, action: "dismissSheet:")]
        var dismissed = 0
        h.delegate.implement("dismissSheet:") { _ in dismissed += 1 }
        field.becomeFirstResponder()
        h.driver.type(USKeyboard.escape, in: h.window)
        #expect(dismissed == 1)
    }

    /// KeyCommand.matches: letters compare case-insensitively with shift matched through the flags;
    /// special inputs (arrows, escape, return) match by key code; caps lock does not matter.
    @Test func keyCommandMatching() {
        let cmdShiftZ = KeyCommand(input: "z", modifierFlags: [.command, .shift], action: "redo:")
        #expect(cmdShiftZ.matches(Key(keyCode: 44, characters: "Z", charactersIgnoringModifiers: "z", modifierFlags: [.command, .shift])))
        #expect(!cmdShiftZ.matches(Key(keyCode: 44, characters: "z", modifierFlags: .command)))
        #expect(
            cmdShiftZ.matches(
                Key(
                    keyCode: 44, characters: "Z", charactersIgnoringModifiers: "z",
                    modifierFlags: [.command, .shift, .capsLock])))
        let up = KeyCommand(input: KeyCommand.inputUpArrow, action: "up:")
        #expect(up.matches(Key(keyCode: KeyCode.up, characters: "")))
        #expect(!up.matches(Key(keyCode: KeyCode.down, characters: "")))
        let ret = KeyCommand(input: KeyCommand.inputReturn, action: "go:")
        #expect(ret.matches(USKeyboard.enter))
        #expect(KeyCommand(title: "Find", action: "find:", input: "f", modifierFlags: .command).title == "Find")
    }

    /// Key repeat re-fires a matching command; for a plain key it is pressesChanged with isRepeat.
    @Test func keyRepeatRefiresCommands() {
        let (h, controller, field) = setUp()
        controller.commands = [KeyCommand(input: KeyCommand.inputDownArrow, action: "next:")]
        controller.handle("next:", as: "next")
        field.becomeFirstResponder()
        let down = Key(keyCode: KeyCode.down, characters: "")
        h.driver.press(down, in: h.window)
        h.driver.repeat(down, in: h.window)
        h.driver.repeat(down, in: h.window)
        h.driver.release(down, in: h.window)
        #expect(controller.performed == ["next", "next", "next"])
        #expect(h.driver.isClean)
    }

    /// Later phases of a press go to the responder the press began at, even when focus moved.
    @Test func aPressEndsWhereItBegan() {
        let (h, controller, field) = setUp()
        let other = CommandField("Other", frame: Rect(0, 100, 200, 40), log: h.log)
        controller.view.addSubview(other)
        field.becomeFirstResponder()
        h.driver.press(a, in: h.window)
        other.becomeFirstResponder()
        h.driver.release(a, in: h.window)
        #expect(h.log.entries(endingWith: "pressesEnded").first == "Field.pressesEnded")
    }

    /// The keyboard leaving the window (Wayland wl_keyboard.leave) cancels every held key.
    @Test func keyboardLeaveCancelsHeldKeys() {
        let (h, _, field) = setUp()
        field.becomeFirstResponder()
        h.driver.press(a, in: h.window)
        h.driver.inject(.keyboardLeave)
        #expect(h.log.entries(endingWith: "pressesCancelled").first == "Field.pressesCancelled")
        #expect(h.driver.isClean)
        // A release after that is stale and dropped with a diagnostic.
        let messages = collectDiagnostics { h.driver.release(a, in: h.window) }
        #expect(messages.count == 1)
    }

    /// Seed 001 "The core idea": shake starts at the first responder — shake-to-undo talks to the
    /// focused text field, not the view under your finger.
    @Test func shakeStartsAtTheFirstResponderNotTheTouchedView() {
        let (h, _, field) = setUp()
        let touched = RecordingView("Touched", frame: Rect(0, 300, 200, 200), log: h.log)
        touched.forwards = false
        h.window.rootViewController!.view.addSubview(touched)
        field.becomeFirstResponder()
        h.driver.touchDown(0, at: Point(10, 310), in: h.window)
        h.log.clear()
        h.driver.shake(in: h.window)
        #expect(
            h.log.entries == [
                "Field.motionBegan", "CommandViewController.motionBegan", "AppDelegate.motionBegan",
                "Field.motionEnded", "CommandViewController.motionEnded", "AppDelegate.motionEnded"
            ])
        h.driver.touchUp(0, in: h.window)
    }

    /// Seed 001 "The core idea": shake and remote-control with nothing focused start at the key
    /// window and walk to the app delegate.
    @Test func motionAndRemoteControlWithoutFocusReachTheAppDelegate() {
        let (h, _, _) = setUp()
        h.driver.shake()
        h.driver.remoteControl(.remoteControlTogglePlayPause)
        #expect(h.log.entries == ["AppDelegate.motionBegan", "AppDelegate.motionEnded", "AppDelegate.remoteControlReceived"])
    }

    /// Seed 001 "The core idea": remote-control events start at the first responder; the event
    /// carries its subtype.
    @Test func remoteControlReachesTheFirstRespondersChain() {
        final class Player: ViewController {
            var subtypes: [Event.EventSubtype] = []
            override func remoteControlReceived(with event: Event?) {
                if let event { subtypes.append(event.subtype) }
            }
        }
        let player = Player()
        let h = Harness(root: player, log: Log())
        let field = TextField(frame: Rect(0, 0, 100, 30))
        player.view.addSubview(field)
        field.becomeFirstResponder()
        h.driver.remoteControl(.remoteControlNextTrack, in: h.window)
        h.driver.remoteControl(.remoteControlPause, in: h.window)
        #expect(player.subtypes == [.remoteControlNextTrack, .remoteControlPause])
        #expect(h.log.entries.isEmpty, "the controller consumed them")
    }

    /// Motion events carry type .motion and subtype .motionShake.
    @Test func shakeEventTypeAndSubtype() {
        final class Shaken: View {
            var seen: [(Event.EventType, Event.EventSubtype)] = []
            override var canBecomeFirstResponder: Bool { true }
            override func motionEnded(_ motion: Event.EventSubtype, with event: Event?) {
                if let event { seen.append((event.type, motion)) }
            }
        }
        let h = Harness(log: Log())
        let view = Shaken(frame: .zero)
        h.window.addSubview(view)
        view.becomeFirstResponder()
        h.driver.shake(in: h.window)
        #expect(view.seen.count == 1)
        #expect(view.seen.first?.0 == .motion && view.seen.first?.1 == .motionShake)
    }

    /// Keys go to the key window's first responder: with two windows, keys with no window named
    /// follow makeKey().
    @Test func keysFollowTheKeyWindow() {
        let log = Log()
        let h = Harness(log: log)
        let second = Window(windowScene: h.scene)
        second.makeKeyAndVisible()
        let f1 = CommandField("F1", frame: Rect(0, 0, 10, 10), log: log)
        let f2 = CommandField("F2", frame: Rect(0, 0, 10, 10), log: log)
        f1.forwards = false
        f2.forwards = false
        h.window.addSubview(f1)
        second.addSubview(f2)
        #expect(f1.becomeFirstResponder() && f2.becomeFirstResponder(), "first responders are per window")
        #expect(second.isKeyWindow && !h.window.isKeyWindow)
        #expect(h.app.keyWindow === second && h.scene.keyWindow === second)
        h.driver.inject(.key(a, pressed: true, isRepeat: false))
        h.driver.inject(.key(a, pressed: false, isRepeat: false))
        h.window.makeKey()
        h.driver.inject(.key(a, pressed: true, isRepeat: false))
        h.driver.inject(.key(a, pressed: false, isRepeat: false))
        #expect(log.entries == ["F2.pressesBegan", "F2.pressesEnded", "F1.pressesBegan", "F1.pressesEnded"])
    }
}
