import CWayland
import CXdgShell
import ResponderKit

extension WaylandDisplay {
    /// Takes the text input manager (nil: it went away): each seat gets or drops its text input.
    /// The old manager is destroyed after them (`zwp_text_input_manager_v3_destroy`).
    func setTextInputManager(_ proxy: OpaquePointer?, name: UInt32?) {
        let old = textInputManager
        if old != nil { releaseTextInputs() }
        textInputManager = proxy
        textInputManagerName = name
        if let old { zwp_text_input_manager_v3_destroy(old) }
        updateTextInputs()
    }

    /// Makes the text inputs match the seats (one per seat while there is a manager and the app
    /// uses the system input method), then republishes availability.
    func updateTextInputs() {
        if let manager = textInputManager, usesSystemInputMethod {
            for (name, textInput) in textInputs where seats[name] == nil {
                textInput.destroy()
                textInputs[name] = nil
            }
            for (name, seat) in seats where textInputs[name] == nil {
                textInputs[name] = WaylandTextInput(display: self, seat: seat, manager: manager)
            }
        } else {
            releaseTextInputs()
        }
        textInputFocusChanged()
    }

    /// Destroys every text input (`zwp_text_input_v3_destroy`).
    func releaseTextInputs() {
        for textInput in textInputs.values { textInput.destroy() }
        textInputs.removeAll()
    }

    /// A text input was entered or left, or went away: `Application.systemInputMethodAvailable`
    /// is true while an input method serves one of our windows; the next sync enables it there.
    func textInputFocusChanged() {
        let available = usesSystemInputMethod && textInputs.values.contains { $0.isEntered }
        if application.systemInputMethodAvailable != available { application.systemInputMethodAvailable = available }
        textInputNeedsSync = true
    }

    /// Once per `render()`: when the core said a text input changed, each text input tells its
    /// compositor (enable / state / disable, one commit).
    func syncTextInputs() {
        guard textInputNeedsSync else { return }
        textInputNeedsSync = false
        for textInput in textInputs.values { textInput.sync() }
    }

    /// Whether text-input-v3 is enabled on some window now (for tests and diagnostics).
    public var isTextInputEnabled: Bool { textInputs.values.contains { $0.isEnabled } }
}
