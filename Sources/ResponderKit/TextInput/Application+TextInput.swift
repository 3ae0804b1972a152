extension Application {
    /// Calls `observer` with a window whenever the text input a system input method would edit
    /// there may have changed: its first responder changed, or the focused `TextInput` changed
    /// its text, selection, marked text or geometry. The observer reads `textInputState(in:)`
    /// (usually later, once per frame: several changes often come together). The Wayland backend
    /// uses it to enable, update and disable `zwp_text_input_v3`; the core knows nothing of it.
    public func addTextInputObserver(_ observer: @escaping @MainActor (Window) -> Void) {
        onScreenKeyboard.textInputObservers.append(observer)
    }

    /// Tells the text input observers that `window`'s text input may have changed (adopters of
    /// `TextInput` call it; `Window` calls it when its first responder changes).
    /// - Complexity: O(observers).
    public func textInputDidChange(in window: Window) {
        for observer in onScreenKeyboard.textInputObservers { observer(window) }
    }

    /// The focused text input of `window`: its first responder when that adopts `TextInput`.
    public func focusedTextInput(in window: Window) -> (any TextInput)? {
        window.firstResponder as? TextInput
    }

    /// What an input method should know about `window`'s focused text input; nil when none is
    /// focused (the input method should be disabled).
    public func textInputState(in window: Window) -> TextInputState? {
        focusedTextInput(in: window)?.textInputState
    }

    /// Routes an input method's change to the target window's focused `TextInput`; dropped with
    /// a diagnostic when nothing there takes text.
    func deliverTextInput(_ change: TextInputChange, _ input: InputEvent) {
        guard let window = keyTargetWindow(input) else { return }
        guard let target = focusedTextInput(in: window) else {
            ResponderDiagnostics.report(.droppedInput("text input (\(change)) with no focused text input in the window"))
            return
        }
        target.apply(change)
    }
}
