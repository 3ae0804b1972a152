import Keymap
import ResponderKit

/// Sets up the application's built-in keyboard from the host options: its mode
/// (`--on-screen-keyboard`) and its keys, read from the active xkb keymap
/// (`Keymap.keyboardLayout()`): the libinput source's keymap on the framebuffer, else the keymap
/// named by `--layout` (or `XKB_DEFAULT_*`, else us). Under Wayland the compositor's keymap
/// arrives later through the seat; until the backend hands it over, `--layout` names the keys.
enum OnScreenKeyboardSetup {
    @MainActor
    static func configure(_ application: Application, options: KioskOptions, keymap: Keymap? = nil) {
        application.onScreenKeyboard.mode = options.onScreenKeyboard
        if let keymap {
            application.onScreenKeyboard.layout = keymap.keyboardLayout()
            return
        }
        var configuration = KeymapConfiguration.environment
        if let layout = options.keyboardLayout { configuration.layout = layout }
        do {
            application.onScreenKeyboard.layout = try Keymap(configuration: configuration).keyboardLayout()
        } catch {
            warn("on-screen keyboard: \(error); using the US layout")
        }
    }
}
