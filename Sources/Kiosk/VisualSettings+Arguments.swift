import ResponderKit

extension VisualSettings {
    /// Sets the setting `flag` names from its command-line `value`: `--text-size` takes a
    /// `ContentSizeCategory` short name (xs, s, m, l, xl, xxl, xxxl, ax1 … ax5) or case name;
    /// `--bold-text`, `--high-contrast` and `--reduce-motion` take on or off.
    /// - Throws: a message naming the flag and the values it takes.
    public mutating func apply(_ flag: String, _ value: String) throws(ScriptError) {
        func onOff() throws(ScriptError) -> Bool {
            switch value {
            case "on", "1", "true": return true
            case "off", "0", "false": return false
            default: throw ScriptError("\(flag) must be on or off, got '\(value)'")
            }
        }
        switch flag {
        case "--text-size":
            guard let category = ContentSizeCategory(name: value), category != .unspecified else {
                throw ScriptError("--text-size must be xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4 or ax5, got '\(value)'")
            }
            contentSizeCategory = category
        case "--bold-text": isBoldTextEnabled = try onOff()
        case "--high-contrast": isHighContrastEnabled = try onOff()
        case "--reduce-motion": isReduceMotionEnabled = try onOff()
        default: throw ScriptError("unknown option '\(flag)'")
        }
    }
}
