import Keymap
import ResponderKit
import ResponderKitTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// libxkbcommon keymaps: RMLVO names (explicit and from XKB_DEFAULT_*), text and fd keymaps,
/// modifiers, compose, LEDs, bad names. Serialized: one test changes the process environment.
@Suite(.serialized)
@MainActor
struct KeymapTests {
    static let us = KeymapConfiguration(layout: "us")

    /// The text a key sequence types (presses only), with shift held around shifted characters.
    func typed(_ text: String, on state: KeyboardState) -> String {
        var out = ""
        for character in text {
            guard let key = USKeyboard.key(for: character) else { continue }
            let shift = key.modifierFlags.contains(.shift)
            if shift { _ = state.update(keyCode: KeyCode.leftShift, pressed: true) }
            out += state.update(keyCode: key.keyCode, pressed: true).characters
            _ = state.update(keyCode: key.keyCode, pressed: false)
            if shift { _ = state.update(keyCode: KeyCode.leftShift, pressed: false) }
        }
        return out
    }

    @Test func usLayoutTypesHelloWorld() throws {
        let state = try KeyboardState(keymap: Keymap(configuration: Self.us))
        #expect(typed("Hello, World!", on: state) == "Hello, World!")
    }

    @Test func keysCarryModifiersAndUnmodifiedText() throws {
        let state = try KeyboardState(keymap: Keymap(configuration: Self.us))
        let shift = state.update(keyCode: KeyCode.leftShift, pressed: true)
        #expect(shift.modifierFlags == .shift)
        let bang = state.update(keyCode: 2, pressed: true)  // KEY_1
        #expect(bang.characters == "!" && bang.charactersIgnoringModifiers == "1" && bang.modifierFlags == .shift)
        _ = state.update(keyCode: 2, pressed: false)
        _ = state.update(keyCode: KeyCode.leftShift, pressed: false)
        _ = state.update(keyCode: KeyCode.leftControl, pressed: true)
        let c = state.update(keyCode: 46, pressed: true)  // KEY_C
        #expect(c.characters == "c" && c.modifierFlags == .control)  // no control-character translation
        _ = state.update(keyCode: 46, pressed: false)
        _ = state.update(keyCode: KeyCode.leftControl, pressed: false)
        _ = state.update(keyCode: KeyCode.leftAlt, pressed: true)
        #expect(state.modifierFlags == .alternate)
        _ = state.update(keyCode: KeyCode.leftAlt, pressed: false)
        _ = state.update(keyCode: KeyCode.leftMeta, pressed: true)
        #expect(state.modifierFlags == .command)
        _ = state.update(keyCode: KeyCode.leftMeta, pressed: false)
        let keypad = state.update(keyCode: 79, pressed: true)  // KEY_KP1 (num lock off: End)
        #expect(keypad.modifierFlags.contains(.numericPad))
    }

    @Test func capsLockLocksAndLightsItsLED() throws {
        let state = try KeyboardState(keymap: Keymap(configuration: Self.us))
        _ = state.update(keyCode: KeyCode.capsLock, pressed: true)
        _ = state.update(keyCode: KeyCode.capsLock, pressed: false)
        #expect(state.leds.contains(.capsLock))
        #expect(state.modifierFlags.contains(.capsLock))
        #expect(state.update(keyCode: 30, pressed: true).characters == "A")
    }

    @Test func germanLayoutSwapsZAndY() throws {
        let state = try KeyboardState(keymap: Keymap(configuration: KeymapConfiguration(layout: "de")))
        #expect(state.update(keyCode: 44, pressed: true).characters == "y")  // KEY_Z
        #expect(state.update(keyCode: 21, pressed: true).characters == "z")  // KEY_Y
    }

    @Test func environmentNamesApplyWhenNotGiven() throws {
        setenv("XKB_DEFAULT_LAYOUT", "de", 1)
        defer { unsetenv("XKB_DEFAULT_LAYOUT") }
        let fromEnvironment = try KeyboardState(keymap: Keymap(configuration: .environment))
        #expect(fromEnvironment.update(keyCode: 21, pressed: true).characters == "z")
        // An explicit configuration wins over the environment.
        let explicit = try KeyboardState(keymap: Keymap(configuration: Self.us))
        #expect(explicit.update(keyCode: 21, pressed: true).characters == "y")
    }

    @Test func deadKeysComposeFromTheLocaleTable() throws {
        let compose = try #require(ComposeTable(locale: "en_US.UTF-8"), "the en_US.UTF-8 compose table (libx11-data) is missing")
        let state = try KeyboardState(keymap: Keymap(configuration: KeymapConfiguration(layout: "de")), compose: compose)
        let dead = state.update(keyCode: 13, pressed: true)  // dead_acute on de
        #expect(dead.characters == "")
        _ = state.update(keyCode: 13, pressed: false)
        #expect(state.update(keyCode: 18, pressed: true).characters == "é")  // KEY_E
    }

    @Test func badNamesAndTextAreClearErrors() throws {
        #expect(throws: KeymapError.unknownNames(KeymapConfiguration(layout: "no-such-layout"))) {
            try Keymap(configuration: KeymapConfiguration(layout: "no-such-layout"))
        }
        #expect(throws: KeymapError.invalidKeymapText) { try Keymap(string: "this is not a keymap") }
        let message = KeymapError.unknownNames(KeymapConfiguration(layout: "zz")).description
        #expect(message.contains("layout=zz") && message.contains("XKB_DEFAULT"))
    }

    @Test func keymapFromTextAndFileDescriptor() throws {
        let text = try Keymap(configuration: KeymapConfiguration(layout: "de")).text
        let fromText = try Keymap(string: text)
        #expect(try KeyboardState(keymap: fromText).update(keyCode: 21, pressed: true).characters == "z")
        // The way a compositor shares it: an fd and a size (NUL-terminated text).
        let file = try #require(tmpfile())
        defer { fclose(file) }
        let bytes = Array(text.utf8) + [0]
        #expect(fwrite(bytes, 1, bytes.count, file) == bytes.count)
        fflush(file)
        let fromFD = try Keymap(fileDescriptor: fileno(file), size: bytes.count)
        #expect(try KeyboardState(keymap: fromFD).update(keyCode: 44, pressed: true).characters == "y")
        #expect(fromFD.repeats(keyCode: 30) && !fromFD.repeats(keyCode: KeyCode.leftShift))
    }
}
