import Keymap
import ResponderKit
import Testing
import WaylandBackend
import WaylandFixture
#if canImport(Glibc)
import Glibc
#endif

/// wl_keyboard → InputEvent through the compositor's keymap: enter with held keys, modifiers,
/// leave releasing everything, repeat_info driving key repeat, unusual keycodes.
@MainActor
@Suite struct FixtureKeyboardTests {
    static let keyA: UInt32 = 30, keyS: UInt32 = 31, shift: UInt32 = 42
    static let keysOnly: (InputEvent) -> Bool = { if case .key = $0.kind { true } else { false } }

    func focused(_ s: FixtureSession, held: [UInt32] = [], modifiers: UInt32 = 0) throws {
        #expect(s.root.becomeFirstResponder())
        try s.waitUntil("the keyboard") { s.state.keyboard_bound == 1 }
        held.withUnsafeBufferPointer { wfx_keyboard_enter(s.fx, $0.baseAddress, Int32($0.count)) }
        wfx_keyboard_modifiers(s.fx, modifiers, 0, 0, 0)
        s.settle()
    }

    @Test func typesWithTheCompositorsKeymapAndModifiers() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        try focused(s)
        wfx_keyboard_key(s.fx, Self.keyA, 1)
        wfx_keyboard_key(s.fx, Self.keyA, 0)
        wfx_keyboard_modifiers(s.fx, 1, 0, 0, 0)      // Shift, as the compositor reports it
        wfx_keyboard_key(s.fx, Self.keyA, 1)
        wfx_keyboard_key(s.fx, Self.keyA, 0)
        wfx_keyboard_modifiers(s.fx, 0, 0, 0, 0)
        s.settle()
        #expect(s.log(Self.keysOnly) == ["key 30 \"a\" down", "key 30 \"a\" up", "key 30 \"A\" down", "key 30 \"A\" up"])
        #expect(s.root.log == ["press a", "release a", "press A", "release A"])
        #expect(s.log { if case .modifiers = $0.kind { true } else { false } }.count == 3)
    }

    @Test func keysHeldAtEnterAreStateNotPresses() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        try focused(s, held: [Self.shift, Self.keyA], modifiers: 1)
        wfx_keyboard_key(s.fx, Self.keyA, 0)          // released: the app never saw it go down
        wfx_keyboard_key(s.fx, Self.keyS, 1)          // shift is still held (from enter)
        wfx_keyboard_key(s.fx, Self.keyS, 0)
        s.settle()
        #expect(s.log(Self.keysOnly) == ["key 31 \"S\" down", "key 31 \"S\" up"])
        #expect(s.root.log == ["press S", "release S"])
    }

    @Test func leaveReleasesEverythingOnceEvenWhenRepeated() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        try focused(s)
        wfx_keyboard_key(s.fx, Self.keyA, 1)
        wfx_keyboard_leave(s.fx)
        wfx_keyboard_leave(s.fx)
        wfx_keyboard_key(s.fx, Self.keyA, 0)          // after leave: not ours
        s.settle()
        #expect(s.log(EventText.isKey).filter { $0 == "keyboard leave" }.count == 1)
        #expect(s.root.log == ["press a", "cancel a"])
    }

    @Test func repeatInfoDrivesKeyRepeat() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        try focused(s)
        wfx_keyboard_repeat_info(s.fx, 100, 40)       // 100/s after 40 ms
        wfx_keyboard_key(s.fx, Self.keyA, 1)
        s.settle()
        let start = MonotonicClock().now
        while MonotonicClock().now - start < 0.15 {
            s.display.dispatch(timeout: 0.005)
            s.application.timers.fireDue(now: s.application.clock.now)
        }
        wfx_keyboard_key(s.fx, Self.keyA, 0)
        s.settle()
        let repeats = s.log(Self.keysOnly).filter { $0.hasSuffix("repeat") }.count
        // Held ≈ 150–250 ms (the loop plus dispatching): 100/s after 40 ms.
        #expect(repeats >= 5 && repeats <= 30, "\(repeats) repeats")
        let after = s.routed.count
        let stop = MonotonicClock().now
        while MonotonicClock().now - stop < 0.06 { s.application.timers.fireDue(now: s.application.clock.now) }
        #expect(s.routed.count == after)             // released: the repeat stopped
        // repeat_info rate 0 turns repeat off.
        wfx_keyboard_repeat_info(s.fx, 0, 40)
        wfx_keyboard_key(s.fx, Self.keyS, 1)
        s.settle()
        let quiet = MonotonicClock().now
        while MonotonicClock().now - quiet < 0.08 { s.application.timers.fireDue(now: s.application.clock.now) }
        #expect(!s.log(Self.keysOnly).contains { $0.hasPrefix("key 31") && $0.hasSuffix("repeat") })
        wfx_keyboard_key(s.fx, Self.keyS, 0)
        s.settle()
    }

    /// A keymap like wtype's: made-up keycodes far above the evdev range.
    static let oddKeymap = """
    xkb_keymap {
    xkb_keycodes "(unnamed)" { minimum = 8; maximum = 1009; <K1> = 9; <K2> = 1009; };
    xkb_types "(unnamed)" { include "complete" };
    xkb_compatibility "(unnamed)" { include "complete" };
    xkb_symbols "(unnamed)" { key <K1> {[ x ]}; key <K2> {[ U263A ]}; };
    };
    """

    @Test func unusualKeycodesFromAWtypeStyleKeymap() throws {
        let s = try FixtureSession(keymap: Self.oddKeymap)
        defer { s.shutdown() }
        try focused(s)
        for code: UInt32 in [1, 1001, 5000, UInt32.max] {
            wfx_keyboard_key(s.fx, code, 1)
            wfx_keyboard_key(s.fx, code, 0)
        }
        s.settle()
        let log = s.log(Self.keysOnly)
        #expect(log.prefix(4) == ["key 1 \"x\" down", "key 1 \"x\" up", "key 1001 \"☺\" down", "key 1001 \"☺\" up"])
        #expect(log.count == 8)                       // unknown codes arrive with no text, nothing traps
    }

    @Test func anUnusableKeymapIsIgnored() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        try focused(s)
        wfx_set_keymap(s.fx, "this is not a keymap")
        wfx_keyboard_key(s.fx, Self.keyA, 1)
        wfx_keyboard_key(s.fx, Self.keyA, 0)
        s.settle()
        #expect(s.log(Self.keysOnly) == ["key 30 \"a\" down", "key 30 \"a\" up"])
    }
}
