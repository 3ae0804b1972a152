import CXKBCommon
import ResponderKit

extension Keymap {
    /// The on-screen keyboard's description of this keymap's first (active) layout: for every key
    /// of the four alphanumeric rows (`KeyboardLayout.rowKeyCodes`), the text it types at each
    /// shift level, read with `xkb_keymap_key_get_syms_by_level` and `xkb_keysym_to_utf8`
    /// (levels 1–4, trailing empty levels dropped; keys that type nothing at all are left out).
    /// A `de` keymap gives QWERTZ letters with ü ö ä, a `fr` one AZERTY.
    /// - Parameter layoutIndex: which layout of a multi-layout keymap (`xkb_layout_index_t`).
    public func keyboardLayout(layoutIndex: Int = 0) -> KeyboardLayout {
        let index = xkb_layout_index_t(truncatingIfNeeded: max(0, layoutIndex))
        var keys: [KeyboardLayout.KeySlot] = []
        for (row, codes) in KeyboardLayout.rowKeyCodes.enumerated() {
            for code in codes {
                let levels = texts(ofKeyCode: code, layout: index)
                guard !levels.isEmpty else { continue }
                keys.append(KeyboardLayout.KeySlot(keyCode: code, row: row, levels: levels))
            }
        }
        let names = layoutNames
        let name = Int(index) < names.count ? names[Int(index)] : (configuration?.layout ?? "")
        return KeyboardLayout(
            name: name, keys: keys,
            spaceText: texts(ofKeyCode: KeyCode.space, layout: index).first ?? " ",
            returnText: texts(ofKeyCode: KeyCode.enter, layout: index).first ?? "\r",
            backspaceText: texts(ofKeyCode: KeyCode.backspace, layout: index).first ?? "\u{8}")
    }

    /// The text of each level of `keyCode` in `layout` (first keysym of the level).
    private func texts(ofKeyCode keyCode: Int, layout: xkb_layout_index_t) -> [String] {
        let code = Keymap.xkbKeycode(keyCode)
        let count = min(4, Int(xkb_keymap_num_levels_for_key(keymap, code, layout)))
        var levels: [String] = []
        var buffer = [CChar](repeating: 0, count: 64)
        for level in 0..<max(0, count) {
            var syms: UnsafePointer<xkb_keysym_t>?
            let n = xkb_keymap_key_get_syms_by_level(keymap, code, layout, xkb_level_index_t(level), &syms)
            guard n > 0, let syms else { levels.append(""); continue }
            let written = xkb_keysym_to_utf8(syms.pointee, &buffer, buffer.count)
            levels.append(written > 1 ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "")
        }
        while levels.last == "" { levels.removeLast() }
        return levels
    }
}
