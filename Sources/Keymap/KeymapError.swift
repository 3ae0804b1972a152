/// Why a keymap, key state or compose table could not be made.
public enum KeymapError: Error, CustomStringConvertible, Equatable {
    /// `xkb_context_new` failed (no XKB data installed?).
    case noContext
    /// `xkb_keymap_new_from_names` refused the names (unknown layout, variant, model…).
    case unknownNames(KeymapConfiguration)
    /// `xkb_keymap_new_from_string` could not compile the text.
    case invalidKeymapText
    /// The keymap fd could not be mapped (`mmap` failed).
    case unreadableFileDescriptor(errno: Int32)

    /// What failed and what to check.
    public var description: String {
        switch self {
        case .noContext:
            return "libxkbcommon could not create a context (is xkb-data installed? run Tools/setup.sh)"
        case .unknownNames(let names):
            return "no XKB keymap for \(names): check the layout/variant/model names (see /usr/share/X11/xkb/rules/evdev.lst and the XKB_DEFAULT_* variables)"
        case .invalidKeymapText:
            return "the keymap text does not compile (not an XKB v1 keymap)"
        case .unreadableFileDescriptor(let code):
            return "cannot map the keymap file descriptor (errno \(code))"
        }
    }
}
