import ResponderKit
import Testing
import WaylandBackend
import WaylandFixture

#if canImport(Glibc)
import Glibc
#endif

/// zwp_text_input_v3 against the fixture compositor's server side: a focused field enables text
/// input with its content type, surrounding text (UTF-8 byte offsets) and cursor rectangle; commit,
/// preedit and delete-surrounding edit it; resigning disables; enter/leave drive
/// `systemInputMethodAvailable`; and zwp_idle_inhibit_manager_v1 follows `isIdleTimerDisabled`.
@MainActor
@Suite struct FixtureTextInputTests {
    // text-input-unstable-v3.xml's values, as the protocol defines them.
    static let purposeEmail: UInt32 = 6, purposePassword: UInt32 = 8
    static let causeInputMethod: Int32 = 0, causeOther: Int32 = 1
    static let hintsHiddenSensitive: UInt32 = 0x40 | 0x80  // hidden_text | sensitive_data

    /// A session with a 300 × 40 field at (100, 200) holding `text`, the text input entered.
    func session(_ text: String, flags: UInt32 = 0, enter: Bool = true) throws -> (FixtureSession, TextField) {
        let s = try FixtureSession(flags: flags)
        let field = TextField(frame: Rect(x: 100, y: 200, width: 300, height: 40))
        field.text = text
        s.root.addSubview(field)
        if flags & UInt32(WFX_NO_TEXT_INPUT) == 0 {
            try s.waitUntil("the text input") { s.state.text_inputs == 1 }
            if enter {
                wfx_text_input_enter(s.fx)
                try s.waitUntil("the input method's enter") { s.application.systemInputMethodAvailable }
            }
        }
        return (s, field)
    }

    func surrounding(_ s: FixtureSession) -> String {
        var st = s.state
        return withUnsafeBytes(of: &st.ti_surrounding) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
    }

    /// The cursor rectangle the client must have sent: the caret in window (= surface) points.
    func expectedRect(_ field: TextField) -> (Int32, Int32, Int32, Int32) {
        let r = field.convert(field.caretRect(at: field.selectedRange.lowerBound), to: nil)
        return (Int32(r.minX.rounded(.down)), Int32(r.minY.rounded(.down)), Int32(r.width.rounded(.up)), Int32(r.height.rounded(.up)))
    }

    @Test func focusEnablesWithContentTypeSurroundingTextAndCursorRectangle() throws {
        let (s, field) = try session("héllo")
        defer { s.shutdown() }
        field.keyboardType = .emailAddress
        field.autocapitalizationType = .none
        #expect(s.state.ti_enabled == 0)
        #expect(field.becomeFirstResponder())
        try s.waitUntil("enable") { s.state.ti_enabled == 1 }
        let st = s.state
        #expect(st.ti_enables == 1 && st.ti_commits == 1)
        #expect(surrounding(s) == "héllo")
        #expect(st.ti_cursor == 6 && st.ti_anchor == 6)  // bytes: é is two
        #expect(st.ti_purpose == Self.purposeEmail)
        #expect(st.ti_hint == 0)
        let (x, y, w, h) = expectedRect(field)
        #expect(st.ti_rect_x == x && st.ti_rect_y == y && st.ti_rect_w == w && st.ti_rect_h == h)
        #expect(x > 100 && y >= 200 && h > 10)
        #expect(s.display.isTextInputEnabled)
        // Selecting sends the new anchor and cursor (cause: not the input method).
        field.selectedRange = 1..<3
        try s.waitUntil("the selection") { s.state.ti_anchor == 1 && s.state.ti_cursor == 4 }
        #expect(s.state.ti_change_cause == Self.causeOther)
        // A secure field is a password: hidden, sensitive, and no surrounding text.
        field.isSecureTextEntry = true
        field.selectedRange = 0..<0
        try s.waitUntil("the password content type") { s.state.ti_purpose == Self.purposePassword }
        #expect(s.state.ti_hint == Self.hintsHiddenSensitive)
        #expect(surrounding(s) == "")
    }

    @Test func aCommitStringIsTypedIntoTheFieldAndTheNewTextReported() throws {
        let (s, field) = try session("hello ")
        defer { s.shutdown() }
        #expect(field.becomeFirstResponder())
        try s.waitUntil("enable") { s.state.ti_enabled == 1 }
        wfx_text_input_commit_string(s.fx, "wörld")
        wfx_text_input_done(s.fx)
        try s.waitUntil("the commit") { field.text == "hello wörld" }
        #expect(field.selectedRange == 11..<11)
        try s.waitUntil("the surrounding text") { surrounding(s) == "hello wörld" }
        #expect(s.state.ti_cursor == 12)
        #expect(s.state.ti_change_cause == Self.causeInputMethod)
        #expect(s.log { if case .textInput = $0.kind { true } else { false } } == ["text commit \"wörld\""])
    }

    @Test func preeditIsMarkedAndReplacedThenCommitted() throws {
        let (s, field) = try session("ab")
        defer { s.shutdown() }
        #expect(field.becomeFirstResponder())
        try s.waitUntil("enable") { s.state.ti_enabled == 1 }
        wfx_text_input_preedit(s.fx, "にほ", 3, 3)  // the cursor after に (3 bytes)
        wfx_text_input_done(s.fx)
        try s.waitUntil("the preedit") { field.text == "abにほ" }
        #expect(field.markedTextRange == 2..<4)
        #expect(field.selectedRange == 3..<3)
        s.settle()
        #expect(surrounding(s) == "ab")  // the preedit is not surrounding text
        #expect(s.state.ti_cursor == 2)
        // A hidden cursor (-1) puts the caret at the preedit's end.
        wfx_text_input_preedit(s.fx, "にほん", -1, -1)
        wfx_text_input_done(s.fx)
        try s.waitUntil("the second preedit") { field.text == "abにほん" }
        #expect(field.markedTextRange == 2..<5 && field.selectedRange == 5..<5)
        wfx_text_input_commit_string(s.fx, "日本")
        wfx_text_input_done(s.fx)
        try s.waitUntil("the commit") { field.text == "ab日本" }
        #expect(field.markedTextRange == nil)
        try s.waitUntil("the surrounding text") { surrounding(s) == "ab日本" }
    }

    @Test func deleteSurroundingThenCommitReplacesTheWordBeforeTheCaret() throws {
        let (s, field) = try session("hello world")
        defer { s.shutdown() }
        #expect(field.becomeFirstResponder())
        try s.waitUntil("enable") { s.state.ti_enabled == 1 }
        wfx_text_input_delete_surrounding(s.fx, 5, 0)
        wfx_text_input_commit_string(s.fx, "there")
        wfx_text_input_done(s.fx)
        try s.waitUntil("the edit") { field.text == "hello there" }
        #expect(field.selectedRange == 11..<11)
    }

    /// text-input-v3 allows 4000 bytes of surrounding text: a longer text is cut to whole
    /// characters around the caret, the offsets counted in what is sent.
    @Test func longTextIsCutToFourThousandBytesAroundTheCaret() throws {
        let (s, field) = try session(String(repeating: "é", count: 3000))  // 6000 bytes
        defer { s.shutdown() }
        field.selectedRange = 2500..<2500  // 500 characters after it
        #expect(field.becomeFirstResponder())
        try s.waitUntil("enable") { s.state.ti_enabled == 1 }
        // Both sides grow together until the 500 after run out, then the side before: 1500 before.
        #expect(s.state.ti_surrounding_bytes == 4000)
        #expect(s.state.ti_cursor == 3000 && s.state.ti_anchor == 3000)
        field.selectedRange = 100..<100
        try s.waitUntil("the new caret") { s.state.ti_cursor == 200 }
        #expect(s.state.ti_surrounding_bytes == 4000 && s.state.ti_anchor == 200)
    }

    @Test func resigningDisablesAndLeaveMakesTheSystemInputMethodUnavailable() throws {
        let (s, field) = try session("x")
        defer { s.shutdown() }
        #expect(field.becomeFirstResponder())
        try s.waitUntil("enable") { s.state.ti_enabled == 1 }
        #expect(field.resignFirstResponder())
        try s.waitUntil("disable") { s.state.ti_enabled == 0 }
        #expect(s.state.ti_disables == 1)
        #expect(!s.display.isTextInputEnabled)
        // Focus again: enabled again with the full state.
        #expect(field.becomeFirstResponder())
        try s.waitUntil("enable again") { s.state.ti_enables == 2 }
        #expect(surrounding(s) == "x")
        // The input method goes (leave): unavailable; the built-in keyboard may serve.
        wfx_text_input_leave(s.fx)
        try s.waitUntil("the leave") { !s.application.systemInputMethodAvailable }
        #expect(!s.display.isTextInputEnabled)
        // Events after leave reach nothing.
        wfx_text_input_commit_string(s.fx, "y")
        wfx_text_input_done(s.fx)
        s.settle()
        #expect(field.text == "x")
    }

    /// Text inputs are per seat and the availability flag only follows `enter`: no enter, no
    /// input method, and the built-in keyboard serves.
    @Test func withoutEnterNothingIsEnabledAndTheFlagStaysFalse() throws {
        let (s, field) = try session("x", enter: false)
        defer { s.shutdown() }
        #expect(field.becomeFirstResponder())
        s.settle()
        #expect(!s.application.systemInputMethodAvailable)
        #expect(s.state.ti_enabled == 0 && s.state.ti_commits == 0)
    }

    @Test func theAppCanIgnoreTheCompositorsInputMethod() throws {
        let (s, field) = try session("x")
        defer { s.shutdown() }
        #expect(field.becomeFirstResponder())
        try s.waitUntil("enable") { s.state.ti_enabled == 1 }
        s.display.usesSystemInputMethod = false
        try s.waitUntil("the text input destroyed") { s.state.text_inputs == 0 }
        #expect(!s.application.systemInputMethodAvailable)
        s.display.usesSystemInputMethod = true
        try s.waitUntil("a new text input") { s.state.text_inputs == 1 && s.state.text_inputs_created == 2 }
        wfx_text_input_enter(s.fx)
        try s.waitUntil("enabled on the new one") { s.state.ti_enabled == 1 }
        #expect(s.application.systemInputMethodAvailable)
    }

    @Test func aCompositorWithoutTheProtocolsIsFine() throws {
        let (s, field) = try session("x", flags: UInt32(WFX_NO_TEXT_INPUT | WFX_NO_IDLE_INHIBIT))
        defer { s.shutdown() }
        #expect(field.becomeFirstResponder())
        s.application.isIdleTimerDisabled = true
        s.settle()
        #expect(!s.application.systemInputMethodAvailable)
        #expect(!s.display.supportsIdleInhibit && s.display.idleInhibitorCount == 0)
        #expect(s.display.failure == nil)
    }

    @Test func theIdleInhibitorFollowsIsIdleTimerDisabled() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        try s.waitUntil("the idle inhibit manager") { s.state.idle_inhibit_bound == 1 }
        #expect(s.display.supportsIdleInhibit)
        #expect(s.state.inhibitors == 0)
        s.application.isIdleTimerDisabled = true
        try s.waitUntil("an inhibitor") { s.state.inhibitors == 1 }
        #expect(s.state.inhibitors_on_toplevel == 1)
        #expect(s.display.idleInhibitorCount == 1)
        s.application.isIdleTimerDisabled = false
        try s.waitUntil("no inhibitor") { s.state.inhibitors == 0 }
        s.application.isIdleTimerDisabled = true
        try s.waitUntil("a second inhibitor") { s.state.inhibitors == 1 && s.state.inhibitors_created == 2 }
        // A second window while inhibited gets its own; closing a window drops its inhibitor.
        let second = s.display.makeWindow(WindowOptions(title: "second"))
        try s.waitUntil("the second window's inhibitor") { s.state.inhibitors == 2 }
        second.close()
        try s.waitUntil("its inhibitor gone") { s.state.inhibitors == 1 }
        #expect(s.display.idleInhibitorCount == 1)
        s.surface.close()
        try s.waitUntil("the last inhibitor gone") { s.state.inhibitors == 0 }
    }
}
