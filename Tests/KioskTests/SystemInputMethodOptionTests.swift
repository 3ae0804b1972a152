import Kiosk
import Testing

/// `--no-system-input-method`: the kiosk's switch to ignore the compositor's text-input-v3.
@Suite struct SystemInputMethodOptionTests {
    @Test func theCompositorsInputMethodIsUsedUnlessTheFlagSaysNo() throws {
        #expect(try KioskOptions.parse([], appName: "t", environment: { _ in nil }).usesSystemInputMethod)
        #expect(try !KioskOptions.parse(["--no-system-input-method"], appName: "t", environment: { _ in nil }).usesSystemInputMethod)
        #expect(KioskOptions.usage.contains("--no-system-input-method"))
    }
}
