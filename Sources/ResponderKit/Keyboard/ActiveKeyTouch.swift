/// A finger on the built-in keyboard: the key it is on, the variants popup it opened, and the
/// timers it runs (long press, backspace repeat).
@MainActor
final class ActiveKeyTouch {
    let touch: Touch
    /// Index into `KeyboardView.keys` of the key under the finger (nil: slid off every key).
    var keyIndex: Int?
    /// The variants shown for this touch's key, and the one the finger is over.
    var variants: [String] = []
    var selectedVariant: Int?
    /// The long-press timer (variants) or backspace's repeat timer.
    var timer: TimerQueue.Timer?
    /// Backspace's press is open (sent down, not yet released).
    var backspaceKey: Key?

    init(touch: Touch, keyIndex: Int?) {
        self.touch = touch
        self.keyIndex = keyIndex
    }
}
