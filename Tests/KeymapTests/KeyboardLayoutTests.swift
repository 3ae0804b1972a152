import Keymap
import ResponderKit
import Testing

/// The on-screen keyboard's layout read from real xkb keymaps (`Keymap.keyboardLayout()`): the
/// letter rows and labels per shift level of us, de and fr.
@MainActor
struct KeyboardLayoutTests {
    func layout(_ name: String) throws -> KeyboardLayout {
        try Keymap(configuration: KeymapConfiguration(layout: name)).keyboardLayout()
    }

    func letters(_ layout: KeyboardLayout, row: Int, level: Int = 0) -> String {
        layout.letterKeys(inRow: row).map { $0.text(atLevel: level) }.joined()
    }

    @Test func usMatchesTheBuiltInValue() throws {
        let us = try layout("us")
        #expect(us == KeyboardLayout.us)
        #expect(letters(us, row: 1) == "qwertyuiop")
        #expect(letters(us, row: 2) == "asdfghjkl")
        #expect(letters(us, row: 3) == "zxcvbnm")
        #expect(letters(us, row: 1, level: 1) == "QWERTYUIOP")
    }

    @Test func germanIsQWERTZWithUmlauts() throws {
        let de = try layout("de")
        #expect(de.name == "German")
        #expect(letters(de, row: 1) == "qwertzuiopü")
        #expect(letters(de, row: 2) == "asdfghjklöä")
        #expect(letters(de, row: 3) == "yxcvbnm")
        #expect(letters(de, row: 1, level: 1) == "QWERTZUIOPÜ")
        // The digits row: shift+3 is §, AltGr+q is @ (level 3), ß sits right of 0.
        #expect(de.location(of: "§")?.key.keyCode == 4)
        #expect(de.location(of: "@").map { [$0.key.keyCode, $0.level] } == [16, 2])
        #expect(de.location(of: "ß")?.key.keyCode == 12)
    }

    @Test func frenchIsAZERTY() throws {
        let fr = try layout("fr")
        #expect(fr.name == "French")
        #expect(letters(fr, row: 1) == "azertyuiop")
        #expect(letters(fr, row: 2) == "qsdfghjklmù")
        #expect(letters(fr, row: 3) == "wxcvbn")
        // Digits are shifted on AZERTY; the unshifted digits row types é, è, ç, à.
        #expect(fr.location(of: "1").map { [$0.key.keyCode, $0.level] } == [2, 1])
        #expect(fr.location(of: "é").map { [$0.key.keyCode, $0.level] } == [3, 0])
        #expect(fr.location(of: ",").map { [$0.key.keyCode, $0.level] } == [50, 0])
    }
}
