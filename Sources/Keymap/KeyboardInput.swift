import ResponderKit

/// Turns raw key events of one or more keyboards (evdev code + pressed) into `InputEvent`s: one
/// `KeyboardState` per device over a shared keymap, media keys as remote-control events, and key
/// repeat on the core's timers. Both backends (libinput, Wayland) feed it.
@MainActor
public final class KeyboardInput {
    /// The keymap every keyboard of this input uses.
    public let keymap: Keymap
    /// Repeats the held key, for all keyboards of this input.
    public let repeater: KeyRepeater
    private let compose: ComposeTable?
    private var states: [InputDeviceID: KeyboardState] = [:]

    /// Makes the keyboard input of one backend.
    ///
    /// - Parameters:
    ///   - keymap: the keymap every keyboard of this input uses.
    ///   - application: the application that receives the key events and runs the repeat timers.
    ///   - composeLocale: the locale whose compose table to use; nil means the process locale.
    ///   - repeatDelay: seconds a key is held before it repeats.
    ///   - repeatRate: repeats per second after the delay.
    public init(
        keymap: Keymap, application: Application, composeLocale: String? = nil,
        repeatDelay: Double = 0.6, repeatRate: Double = 25
    ) {
        self.keymap = keymap
        self.compose = ComposeTable(locale: composeLocale ?? ComposeTable.currentLocale)
        self.repeater = KeyRepeater(application: application, delay: repeatDelay, rate: repeatRate)
    }

    /// The key state of `device`, made on first use.
    public func state(for device: InputDeviceID) -> KeyboardState? {
        if let state = states[device] { return state }
        guard let state = try? KeyboardState(keymap: keymap, compose: compose) else { return nil }
        states[device] = state
        return state
    }

    /// Translates one key change into the event to route (nil when there is none, e.g. a media
    /// key's release), and starts or stops key repeat.
    /// - Complexity: O(1).
    public func translate(
        keyCode: Int, pressed: Bool, timestamp: Double, device: InputDeviceID,
        window: Window? = nil
    ) -> InputEvent? {
        if let subtype = MediaKeys.subtype(forKeyCode: keyCode) {
            return pressed ? InputEvent(.remoteControl(subtype), timestamp: timestamp, device: device, window: window) : nil
        }
        guard let state = state(for: device) else { return nil }
        let key = state.update(keyCode: keyCode, pressed: pressed)
        if pressed {
            repeater.pressed(key, repeats: keymap.repeats(keyCode: keyCode), device: device, window: window)
        } else {
            repeater.released(keyCode: keyCode, device: device)
        }
        return InputEvent(.key(key, pressed: pressed, isRepeat: false), timestamp: timestamp, device: device, window: window)
    }

    /// The LEDs `device`'s state lights (caps lock…), for the backend to set on the hardware.
    public func leds(for device: InputDeviceID) -> KeyboardLEDs { states[device]?.leds ?? [] }

    /// Forgets a device that went away: its held keys and modifiers, and its repeat.
    public func remove(device: InputDeviceID) {
        repeater.cancel(device: device)
        states[device] = nil
    }
}
