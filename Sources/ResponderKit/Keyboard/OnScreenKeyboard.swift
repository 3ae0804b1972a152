/// The application's built-in keyboard and when it is used (there is one per application, as
/// there is one system keyboard on a phone): `Application.onScreenKeyboard`.
///
/// A text responder (`KeyInput`) without an `inputView` of its own gets `keyboardView` as its
/// input view while `isEnabled`: always in `.always` mode, never in `.never`, and in `.automatic`
/// mode (the default) while a touchscreen is attached, no hardware keyboard is, and the
/// compositor's input method is not available (`Application.systemInputMethodAvailable`: under
/// Wayland with `zwp_text_input_v3` the system keyboard types instead). Devices are what the
/// sources announced (`deviceAdded`/`deviceRemoved`): a touchscreen has `.touch` capability, a
/// hardware keyboard `.keyboard` — except this keyboard's own synthetic device
/// (`InputDeviceID.onScreenKeyboard`). The touchscreen condition is this project's addition to
/// UIKit's rule: a keyboard drawn on a screen nobody can touch helps no one, and an application
/// with no devices announced (a test harness, a headless render) keeps its whole window. A
/// change of any of these shows or hides the keyboard of focused fields at once.
@MainActor
public final class OnScreenKeyboard {
    /// Whether the built-in keyboard is used (the host's `--on-screen-keyboard` option).
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// When no hardware keyboard is attached and no system input method serves text fields.
        case automatic
        /// Whenever a text responder is focused, hardware keyboard or not.
        case always
        /// Never (a kiosk with a keyboard, or an app with its own input views).
        case never
    }

    /// When the built-in keyboard is used (`.automatic` by default); a change shows or hides the
    /// keyboard of a focused field at once.
    public var mode: Mode = .automatic { didSet { if oldValue != mode { refresh() } } }
    /// The layout the keys come from: the active xkb keymap's (the host sets it with
    /// `Keymap.keyboardLayout()`); US until then.
    public var layout: KeyboardLayout = .us {
        didSet { if oldValue != layout { keyboardViewStorage?.layout = layout } }
    }

    unowned let application: Application
    private var keyboardViewStorage: KeyboardView?
    /// Whether the compositor's input method serves text fields (`Application.systemInputMethodAvailable`).
    var systemInputMethodAvailable = false {
        didSet { if oldValue != systemInputMethodAvailable { refresh() } }
    }
    /// Observers of the focused text input (`Application.addTextInputObserver`): this keyboard's
    /// view and the backends that tell the system's input method.
    var textInputObservers: [@MainActor (Window) -> Void] = []

    init(application: Application) {
        self.application = application
    }

    /// The keyboard view (made on first use, with `layout`). It hears of every change of the
    /// focused text input, for automatic capitalization (`KeyboardView.updateAutomaticShift`).
    public var keyboardView: KeyboardView {
        if let view = keyboardViewStorage { return view }
        let view = KeyboardView(layout: layout)
        keyboardViewStorage = view
        application.addTextInputObserver { [weak view] window in
            guard let view, view.typingWindow === window else { return }
            view.updateAutomaticShift()
        }
        return view
    }

    /// Whether text responders get the built-in keyboard now (see the type's rule).
    public var isEnabled: Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .automatic: return hasTouchscreen && !hasHardwareKeyboard && !systemInputMethodAvailable
        }
    }

    /// Whether a keyboard device other than the built-in keyboard's own is attached.
    /// - Complexity: O(devices).
    public var hasHardwareKeyboard: Bool {
        application.devices.values.contains { $0.capabilities.contains(.keyboard) && $0.id != .onScreenKeyboard }
    }

    /// Whether a device with `.touch` capability is attached.
    /// - Complexity: O(devices).
    public var hasTouchscreen: Bool {
        application.devices.values.contains { $0.capabilities.contains(.touch) }
    }

    /// Shows or hides the keyboard of every window's focused text responder after a change of
    /// the mode, the devices or the system input method.
    func refresh() {
        for window in application.windows {
            guard let responder = window.firstResponder, responder is KeyInput, responder.inputView == nil else { continue }
            window.inputViewPresenter.update()
        }
    }

    /// A device came or went: refresh when that changed whether the keyboard is enabled.
    func devicesChanged(wasEnabled: Bool) {
        if isEnabled != wasEnabled { refresh() }
    }
}

extension InputDeviceID {
    /// The built-in on-screen keyboard's synthetic keyboard device: its keys reach the core as
    /// key events of this device (announced with `deviceAdded` when the keyboard first shows).
    public static let onScreenKeyboard = InputDeviceID(rawValue: -0x4F53_4B)
}

extension OnScreenKeyboard {
    /// Announces the built-in keyboard's synthetic device (`deviceAdded` through
    /// `Application.handle`, like any source) unless `application` knows it already.
    static func announceDevice(to application: Application) {
        guard application.devices[.onScreenKeyboard] == nil else { return }
        let device = InputDevice(id: .onScreenKeyboard, name: "ResponderKit on-screen keyboard", capabilities: .keyboard)
        application.handle(InputEvent(.deviceAdded(device), timestamp: application.clock.now, device: .onScreenKeyboard))
    }
}
