import CXKBCommon
import ResponderKit

/// One keyboard's state over a `Keymap`: held keys, latched/locked modifiers (shift, caps lock…),
/// the active layout, and an in-progress compose sequence. Turns evdev key codes into the `Key`
/// values the core routes. The corresponding C objects are `struct xkb_state` and
/// `struct xkb_compose_state`.
///
/// Keep one per physical keyboard: a barcode scanner's shift must not capitalize the other
/// keyboard's letters, and unplugging a keyboard drops its held modifiers with it.
@MainActor
public final class KeyboardState {
    /// The keymap the state interprets key codes with.
    public let keymap: Keymap
    // Released in deinit, used only on the main actor otherwise.
    nonisolated(unsafe) private let state: OpaquePointer
    nonisolated(unsafe) private let compose: OpaquePointer?
    private var utf8 = [CChar](repeating: 0, count: 64)

    /// A key state over `keymap`; `compose` adds dead keys and compose sequences.
    public init(keymap: Keymap, compose: ComposeTable? = ComposeTable()) throws {
        guard let state = xkb_state_new(keymap.keymap) else { throw KeymapError.invalidKeymapText }
        self.keymap = keymap
        self.state = state
        // The compose state keeps its own reference to the table.
        self.compose = compose.flatMap { xkb_compose_state_new($0.table, XKB_COMPOSE_STATE_NO_FLAGS) }
    }

    deinit {
        xkb_state_unref(state)
        if let compose { xkb_compose_state_unref(compose) }
    }

    /// Applies a key press or release and returns the `Key` it makes: the text typed (after compose:
    /// a dead key types "" and the next key the composed character), the text without modifiers
    /// (level 1 of the key in the active layout) and the modifiers in effect after the change.
    /// Text is read BEFORE the state changes (as xkbcommon prescribes), modifiers after, so shift's
    /// own press already reports `.shift`.
    /// The corresponding calls are `xkb_state_key_get_one_sym`, `xkb_state_update_key`,
    /// `xkb_compose_state_feed`.
    /// - Complexity: O(1) (bounded by the keymap's levels).
    public func update(keyCode: Int, pressed: Bool) -> Key {
        let code = Keymap.xkbKeycode(keyCode)
        let sym = xkb_state_key_get_one_sym(state, code)
        var characters = text(of: sym)
        let unmodified = text(of: levelOneSym(code))
        if pressed, let compose, sym != xkb_keysym_t(XKB_KEY_NoSymbol),
            xkb_compose_state_feed(compose, sym) == XKB_COMPOSE_FEED_ACCEPTED
        {
            switch xkb_compose_state_get_status(compose) {
            case XKB_COMPOSE_COMPOSING:
                characters = ""
            case XKB_COMPOSE_COMPOSED:
                let n = Int(xkb_compose_state_get_utf8(compose, &utf8, utf8.count))
                characters = n > 0 ? decoded() : text(of: xkb_compose_state_get_one_sym(compose))
                xkb_compose_state_reset(compose)
            case XKB_COMPOSE_CANCELLED:
                characters = ""
                xkb_compose_state_reset(compose)
            default:
                break
            }
        }
        xkb_state_update_key(state, code, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        var flags = modifierFlags
        if Self.isKeypad(sym) { flags.insert(.numericPad) }
        return Key(keyCode: keyCode, characters: characters, charactersIgnoringModifiers: unmodified, modifierFlags: flags)
    }

    /// The modifiers in effect (`xkb_state_mod_name_is_active`, effective mods): Shift → `.shift`,
    /// Control → `.control`, Mod1 (Alt) → `.alternate`, Mod4 (Super/Logo) → `.command`,
    /// Lock → `.capsLock`.
    public var modifierFlags: KeyModifierFlags {
        var flags: KeyModifierFlags = []
        for (name, flag) in Self.modifierNames where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0 {
            flags.insert(flag)
        }
        return flags
    }

    /// The LEDs the state lights (`xkb_state_led_name_is_active`).
    public var leds: KeyboardLEDs {
        var leds: KeyboardLEDs = []
        if xkb_state_led_name_is_active(state, "Num Lock") > 0 { leds.insert(.numLock) }
        if xkb_state_led_name_is_active(state, "Caps Lock") > 0 { leds.insert(.capsLock) }
        if xkb_state_led_name_is_active(state, "Scroll Lock") > 0 { leds.insert(.scrollLock) }
        return leds
    }

    /// Sets the modifier and layout state a compositor reports (`wl_keyboard.modifiers`,
    /// `xkb_state_update_mask`).
    public func updateMask(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    private static let modifierNames: [(String, KeyModifierFlags)] = [
        ("Shift", .shift), ("Control", .control), ("Mod1", .alternate), ("Mod4", .command), ("Lock", .capsLock)
    ]

    private func levelOneSym(_ code: xkb_keycode_t) -> xkb_keysym_t {
        let layout = xkb_state_key_get_layout(state, code)
        var syms: UnsafePointer<xkb_keysym_t>?
        guard layout != XKB_LAYOUT_INVALID, xkb_keymap_key_get_syms_by_level(keymap.keymap, code, layout, 0, &syms) > 0,
            let syms
        else { return xkb_keysym_t(XKB_KEY_NoSymbol) }
        return syms.pointee
    }

    /// The keysym's text without control-character translation (`xkb_keysym_to_utf8`): ctrl-C
    /// reports "c" with `.control`, as UIKit's `UIKey` does.
    private func text(of sym: xkb_keysym_t) -> String {
        guard sym != xkb_keysym_t(XKB_KEY_NoSymbol) else { return "" }
        let n = xkb_keysym_to_utf8(sym, &utf8, utf8.count)
        return n > 1 ? decoded() : ""
    }

    /// The NUL-terminated text in the scratch buffer.
    private func decoded() -> String {
        String(decoding: utf8.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func isKeypad(_ sym: xkb_keysym_t) -> Bool {
        sym >= xkb_keysym_t(XKB_KEY_KP_Space) && sym <= xkb_keysym_t(XKB_KEY_KP_Equal)
    }
}
