import CXKBCommon

#if canImport(Glibc)
import Glibc
#endif

/// A compiled XKB keymap: which keysyms each key produces at each level, which keys repeat, the
/// modifiers and LEDs it defines. Immutable once made; key state lives in `KeyboardState`.
///
/// Made from RMLVO names (a kiosk with its own keyboards) or from the text/fd a Wayland compositor
/// sends (`wl_keyboard.keymap`). The corresponding C objects are `struct xkb_context` and
/// `struct xkb_keymap`.
public final class Keymap: @unchecked Sendable {
    // Immutable after init; libxkbcommon keymaps are safe to share read-only.
    let context: OpaquePointer
    let keymap: OpaquePointer
    /// The names it was built from, or nil for a keymap from text.
    public let configuration: KeymapConfiguration?

    /// Compiles the keymap named by `configuration` (`xkb_keymap_new_from_names`); nil fields come
    /// from `XKB_DEFAULT_*` or libxkbcommon's defaults.
    public init(configuration: KeymapConfiguration = .environment) throws {
        let context = try Keymap.makeContext()
        self.context = context
        let made: OpaquePointer? = withOptionalCString(configuration.rules) { rules in
            withOptionalCString(configuration.model) { model in
                withOptionalCString(configuration.layout) { layout in
                    withOptionalCString(configuration.variant) { variant in
                        withOptionalCString(configuration.options) { options in
                            var names = xkb_rule_names(rules: rules, model: model, layout: layout, variant: variant, options: options)
                            return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                        }
                    }
                }
            }
        }
        guard let made else {
            xkb_context_unref(context)
            throw KeymapError.unknownNames(configuration)
        }
        keymap = made
        self.configuration = configuration
    }

    /// Compiles keymap text in the XKB v1 format (`xkb_keymap_new_from_string`).
    public init(string: String) throws {
        context = try Keymap.makeContext()
        guard let made = xkb_keymap_new_from_string(context, string, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            xkb_context_unref(context)
            throw KeymapError.invalidKeymapText
        }
        keymap = made
        configuration = nil
    }

    /// Compiles the keymap a compositor shares as a file descriptor of `size` bytes
    /// (`wl_keyboard.keymap` with `WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1`): maps it read-only, compiles
    /// it, unmaps it. The caller keeps ownership of `fd`.
    public convenience init(fileDescriptor fd: Int32, size: Int) throws {
        guard size > 0 else { throw KeymapError.invalidKeymapText }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            throw KeymapError.unreadableFileDescriptor(errno: errno)
        }
        defer { munmap(mapped, size) }
        let bytes = UnsafeRawBufferPointer(start: mapped, count: size)
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        try self.init(string: text)
    }

    deinit {
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// The keymap as XKB v1 text (`xkb_keymap_get_as_string`), e.g. to hand to a nested compositor.
    public var text: String {
        guard let raw = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else { return "" }
        defer { free(raw) }
        return String(cString: raw)
    }

    /// The layout names (`xkb_keymap_layout_get_name`), "English (US)" for us.
    public var layoutNames: [String] {
        (0..<xkb_keymap_num_layouts(keymap)).compactMap { index in
            xkb_keymap_layout_get_name(keymap, index).map { String(cString: $0) }
        }
    }

    /// True when holding the evdev key `keyCode` repeats it (`xkb_keymap_key_repeats`): letters
    /// and arrows do, modifiers do not.
    public func repeats(keyCode: Int) -> Bool {
        xkb_keymap_key_repeats(keymap, Keymap.xkbKeycode(keyCode)) != 0
    }

    /// XKB keycodes are evdev codes + 8 (the X11 offset).
    static func xkbKeycode(_ evdev: Int) -> xkb_keycode_t { xkb_keycode_t(truncatingIfNeeded: evdev + 8) }

    private static func makeContext() throws -> OpaquePointer {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw KeymapError.noContext }
        // Our errors name the problem; libxkbcommon's own log would repeat it on stderr.
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        return context
    }
}

func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string, !string.isEmpty else { return body(nil) }
    return string.withCString { body($0) }
}
