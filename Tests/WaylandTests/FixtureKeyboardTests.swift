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
        wfx_keyboard_modifiers(s.fx, 1, 0, 0, 0)  // Shift, as the compositor reports it
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
        wfx_keyboard_key(s.fx, Self.keyA, 0)  // released: the app never saw it go down
        wfx_keyboard_key(s.fx, Self.keyS, 1)  // shift is still held (from enter)
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
        wfx_keyboard_key(s.fx, Self.keyA, 0)  // after leave: not ours
        s.settle()
        #expect(s.log(EventText.isKey).filter { $0 == "keyboard leave" }.count == 1)
        #expect(s.root.log == ["press a", "cancel a"])
    }

    /// repeat_info sets the repeater's delay and rate; the timers run on a manual clock, so the
    /// counts are exact: nothing before the delay, then one repeat per 1/rate, none after release.
    @Test func repeatInfoDrivesKeyRepeat() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        try focused(s)
        let clock = ManualClock(now: 100)
        s.application.clock = clock
        func advance(_ seconds: Double) {
            let target = clock.now + seconds
            while let due = s.application.timers.nextDeadline, due <= target + 1e-9 {
                clock.now = max(clock.now, due)
                s.application.timers.fireDue(now: clock.now)
            }
            clock.now = target
        }
        func repeats() -> Int { s.log(Self.keysOnly).filter { $0.hasSuffix("repeat") }.count }
        wfx_keyboard_repeat_info(s.fx, 100, 40)  // 100/s after 40 ms
        wfx_keyboard_key(s.fx, Self.keyA, 1)
        s.settle()
        advance(0.039)
        #expect(repeats() == 0)  // 39 ms: still inside the delay
        advance(0.001)
        #expect(repeats() == 1)  // 40 ms: the first repeat
        advance(0.1)
        #expect(repeats() == 11)  // then one every 10 ms
        wfx_keyboard_key(s.fx, Self.keyA, 0)
        s.settle()
        let after = s.routed.count
        advance(0.2)
        #expect(s.routed.count == after)  // released: the repeat stopped
        // repeat_info rate 0 turns repeat off.
        wfx_keyboard_repeat_info(s.fx, 0, 40)
        wfx_keyboard_key(s.fx, Self.keyS, 1)
        s.settle()
        advance(0.5)
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
        #expect(log.count == 8)  // unknown codes arrive with no text, nothing traps
    }

    /// The built-in on-screen keyboard takes its keys from the compositor's keymap: a `de`
    /// keymap sent over `wl_keyboard.keymap` gives QWERTZ with umlauts.
    @Test func theOnScreenKeyboardFollowsTheCompositorsKeymap() throws {
        let german = try Keymap(configuration: KeymapConfiguration(layout: "de")).text
        let s = try FixtureSession(keymap: german)
        defer { s.shutdown() }
        try s.waitUntil("the keyboard") { s.state.keyboard_bound == 1 }
        s.settle()
        let layout = s.application.onScreenKeyboard.layout
        #expect(
            layout.letterKeys(inRow: 1).prefix(6).map { $0.text(atLevel: 0) } == ["q", "w", "e", "r", "t", "z"],
            "\(layout.letterKeys(inRow: 1).map { $0.text(atLevel: 0) })")
        #expect(layout.location(of: "ü") != nil && layout.location(of: "ö") != nil)
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
