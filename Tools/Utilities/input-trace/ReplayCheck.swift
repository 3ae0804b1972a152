import EmulatedInput

/// The end-of-replay comparison: what the recording wrote against what libinput delivered.
@MainActor
enum ReplayCheck {
    /// A sentence describing the first difference, or nil when the replay lost nothing.
    /// Touches are compared on touchscreens, keys on keyboards, buttons on mice (libinput turns a
    /// touchpad's contacts into pointer events, so only "nothing at all" is checked there).
    static func mismatch(written: EvdevTally, delivered: TracePrinter, udevProperties: [String]) -> String? {
        let tags = Set(udevProperties)
        var differences: [String] = []
        if tags.contains("ID_INPUT_TOUCHSCREEN=1") {
            let downs = delivered.downs + delivered.droppedDowns
            if downs != written.touchDowns { differences.append("\(written.touchDowns) touch downs written, \(downs) delivered") }
            // Ups are counted for routed touches only: a touch whose down the core dropped (at a
            // non-finite location) has no up to count.
            if delivered.ups + delivered.cancels < written.touchUps - (written.touchDowns - delivered.downs) {
                differences.append("\(written.touchUps) touch ups written, \(delivered.ups) delivered")
            }
        }
        if tags.contains("ID_INPUT_KEYBOARD=1"), delivered.keys != written.keyPresses {
            differences.append("\(written.keyPresses) key presses written, \(delivered.keys) delivered")
        }
        if tags.contains("ID_INPUT_MOUSE=1"), delivered.buttons != written.buttonPresses {
            differences.append("\(written.buttonPresses) button presses written, \(delivered.buttons) delivered")
        }
        if differences.isEmpty, written.events > 0, delivered.delivered == 0 {
            differences.append("\(written.events) evdev events written and libinput delivered none")
        }
        guard !differences.isEmpty else { return nil }
        return "the replay lost input: " + differences.joined(separator: "; ")
            + " (does the description match the recording? a backwards timestamp or a device libinput ignores loses events)"
    }
}
