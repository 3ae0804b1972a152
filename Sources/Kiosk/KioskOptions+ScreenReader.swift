import LibinputBackend
import ResponderKit

extension KioskOptions {
    /// Whether the screen reader runs at start (`--screen-reader on|off|auto`).
    public enum ScreenReaderMode: String, CaseIterable, Sendable {
        /// Running from the start.
        case on
        /// Off at the start; the three-finger triple tap, the toggle key or a headset starts it.
        case off
        /// Follows the headphone jack: on while a headset is in (`SW_HEADPHONE_INSERT`), off when
        /// it is pulled out.
        case auto
    }

    /// Parses `--screen-reader-key`: an evdev key name (`KEY_F12`, `KEY_HELP`…) or its code, in
    /// decimal or `0x` hex. Nil for anything else.
    static func screenReaderKeyCode(_ argument: String) -> Int? {
        if argument.hasPrefix("0x") || argument.hasPrefix("0X") {
            guard let code = Int(argument.dropFirst(2), radix: 16), (1...0x2ff).contains(code) else { return nil }
            return code
        }
        if let code = Int(argument) { return (1...0x2ff).contains(code) ? code : nil }
        let name = argument.uppercased().hasPrefix("KEY_") ? String(argument.uppercased().dropFirst(4)) : argument.uppercased()
        if name.hasPrefix("F"), let n = Int(name.dropFirst()) {
            // linux/input-event-codes.h: F1–F10 are 59–68, F11 and F12 87 and 88, F13–F24 183–194.
            switch n {
            case 1...10: return 58 + n
            case 11, 12: return 76 + n
            case 13...24: return 170 + n
            default: return nil
            }
        }
        let named: [String: Int] = [
            "ESC": 1, "SCROLLLOCK": 70, "PAUSE": 119, "HELP": 138, "MENU": 139, "PROG1": 148, "PROG2": 149,
            "HOMEPAGE": 172, "VOLUMEUP": 115, "VOLUMEDOWN": 114, "MUTE": 113, "ASSISTANT": 0x247
        ]
        return named[name]
    }

    /// Sets the application's screen reader up from these options: running or not at start, the
    /// toggle key, and whether the headphone jack starts (and, in auto, stops) it.
    @MainActor
    public func configureScreenReader(_ application: Application) {
        let reader = application.screenReader
        reader.toggleKeyCode = screenReaderKey
        reader.startsOnHeadphoneInsert = true
        reader.stopsOnHeadphoneRemoval = screenReader == .auto
        if screenReader == .on { reader.start() }
    }
}

/// The host's screen reader plumbing that is not an option: the headphone jack's switch source.
enum ScreenReaderSetup {
    /// A `SwitchSource` on the machine's headphone jack nodes (those whose evdev switches include
    /// `SW_HEADPHONE_INSERT`), having reported whether a headset is in now; nil when there is none
    /// or none can be opened (then only the gesture and the key start the reader).
    @MainActor
    static func headphoneJack(_ application: Application, options: KioskOptions) -> SwitchSource? {
        let nodes = SwitchSource.headphoneJackNodes()
        guard !nodes.isEmpty else { return nil }
        let source = SwitchSource(application: application, nodes: nodes)
        for failure in source.openFailures { warn("headphone jack: \(failure)") }
        guard !source.fileDescriptors.isEmpty else { return nil }
        source.reportInitialState()
        return source
    }
}
