import ResponderKitTesting
import Testing

@testable import ResponderKit

/// The on-screen keyboard's automatic capitalization (UIKit's `autocapitalizationType`): the rule
/// on the text before the caret, and the keyboard shifting by itself as a field's text and caret
/// change, through its own keys, hardware keys and code. Manual clock throughout.
@MainActor
@Suite("Automatic shift")
struct AutomaticShiftTests {
    typealias Stage = OnScreenKeyboardTests.Stage

    @Test(arguments: [
        ("", true), ("   ", true), ("Hi", false), ("Hi ", false), ("Hi.", false), ("Hi. ", true),
        ("Hi!  ", true), ("Why? ", true), ("Wait… ", true), ("He said \"Go.\" ", true), ("(Done.) ", true),
        ("Go.\"", false), ("one\n", true), ("one\n  ", true), ("3.5 ", false), ("a, ", false), ("a; ", false)
    ])
    func sentences(_ before: String, _ capital: Bool) {
        #expect(AutomaticShift.wantsCapital(after: before, type: .sentences) == capital, "after \"\(before)\"")
    }

    @Test func wordsAllCharactersAndNone() {
        #expect(AutomaticShift.wantsCapital(after: "", type: .words))
        #expect(AutomaticShift.wantsCapital(after: "Ann ", type: .words))
        #expect(AutomaticShift.wantsCapital(after: "Ann\n", type: .words))
        #expect(!AutomaticShift.wantsCapital(after: "Ann", type: .words))
        #expect(!AutomaticShift.wantsCapital(after: "Ann-", type: .words))
        #expect(AutomaticShift.wantsCapital(after: "abc", type: .allCharacters))
        #expect(!AutomaticShift.wantsCapital(after: "", type: .none))
        #expect(!AutomaticShift.wantsCapital(after: "Hi. ", type: .none))
    }

    @Test func aSentenceFieldStartsShiftedAndShiftsAgainAfterItsEnd() {
        let s = Stage(autocapitalization: .sentences)
        s.focus(s.first)
        #expect(s.keyboard.shiftState == .once && s.keyboard.shiftIsAutomatic)
        #expect(s.keyboard.key(labelled: "Q") != nil, "the letter page shows capitals")
        s.tap("H", "i")
        #expect(s.first.text == "Hi")
        #expect(s.keyboard.shiftState == .off)
        s.tap("123", ".", "space")
        #expect(s.keyboard.page == .letters, "space after typing on the symbols returns to the letters")
        #expect(s.keyboard.shiftState == .once && s.keyboard.shiftIsAutomatic, "a space after the period")
        s.tap("Y", "o")
        #expect(s.first.text == "Hi. Yo")
        #expect(s.keyboard.shiftState == .off)
        #expect(s.driver.isClean)
    }

    @Test func theShiftKeyOverridesItAndBackspaceBringsItBack() {
        let s = Stage(autocapitalization: .sentences)
        s.focus(s.first)
        s.tap("⇧")
        #expect(s.keyboard.shiftState == .off, "the user's tap turns the automatic shift off")
        s.tap("h", "i")
        #expect(s.first.text == "hi")
        s.tap("⌫")
        #expect(s.keyboard.shiftState == .off, "mid-word: no capital due")
        s.tap("⌫")
        #expect(s.first.text == "")
        #expect(s.keyboard.shiftState == .once && s.keyboard.shiftIsAutomatic, "back at the start")
        #expect(s.driver.isClean)
    }

    @Test func wordsCapitalizeEachWordAndAllCharactersEveryLetter() {
        let s = Stage(autocapitalization: .words)
        s.focus(s.first)
        s.tap("A", "n", "n", "space", "L", "e", "e")
        #expect(s.first.text == "Ann Lee")
        s.second.autocapitalizationType = .allCharacters
        s.focus(s.second)
        s.tap("O", "S", "L", "O")
        #expect(s.second.text == "OSLO")
        #expect(s.keyboard.shiftState == .once && s.keyboard.shiftIsAutomatic)
        #expect(s.driver.isClean)
    }

    @Test func changesByCodeAndCaretMovesCount() {
        let s = Stage(autocapitalization: .sentences)
        s.focus(s.first)
        s.first.text = "Done. "
        #expect(s.keyboard.shiftState == .once && s.keyboard.shiftIsAutomatic, "text set by code")
        s.first.text = "Done"
        #expect(s.keyboard.shiftState == .off)
        s.first.selectedRange = 0..<0
        #expect(s.keyboard.shiftState == .once && s.keyboard.shiftIsAutomatic, "the caret moved to the start")
        s.first.selectedRange = 2..<2
        #expect(s.keyboard.shiftState == .off)
    }

    @Test func capsLockAndSecureFieldsAreLeftAlone() {
        let s = Stage(autocapitalization: .sentences)
        s.first.isSecureTextEntry = true
        s.focus(s.first)
        #expect(s.keyboard.shiftState == .off, "a secure field's text is hidden: no automatic capitals")
        s.focus(s.second)
        #expect(s.keyboard.shiftState == .once)
        s.keyboard.setShiftState(.locked)
        s.second.text = "abc"
        #expect(s.keyboard.shiftState == .locked)
    }
}
