import EmulatedInput
import InputMethodClient
import Prerequisites
import ResponderKit
import Testing
import WaylandBackend
#if canImport(Glibc)
import Glibc
#endif

/// The system input method end to end: real sway 1.7 relays the app's zwp_text_input_v3 to an
/// input-method-unstable-v2 client — the test's own (`InputMethodClient`, on a second connection)
/// — which sees the focused field's surrounding text and content type, and whose commit string,
/// preedit and delete-surrounding requests reach the field through sway.
@MainActor
@Suite(.serialized, .enabled(if: HeadlessCompositor.Kind.sway.shouldRun, "sway, grim or umockdev is not installed (Tools/setup.sh installs them)"),
          .enabled(if: Prerequisite.uninstrumentedBuild.isPresent, "a sanitized build: the compositor and setpriv cannot preload the instrumented shims"))
struct SwayTextInputEndToEndTests {
    @Test func anInputMethodCommitsTextIntoTheFocusedFieldThroughSway() throws {
        try HeadlessCompositor.Kind.sway.requireInstalled()
        try NobodyChild.run("SwayTextInputEndToEndTests", "anInputMethodCommitsTextIntoTheFocusedFieldThroughSway()") {
            let testbed = try Testbed()
            _ = try SwayRig.Devices(testbed: testbed)      // sway's libinput backend wants devices
            let sway = try HeadlessCompositor(.sway, testbedRoot: testbed.root)
            defer { sway.stop() }

            let application = Application()
            let display = try WaylandDisplay(application: application, endpoint: .name(sway.socketPath))
            defer { display.close() }
            let surface = display.makeWindow(WindowOptions(title: "text input", appID: "responderkit.textinput"))
            let root = View(frame: .zero)
            root.backgroundColor = .white
            let controller = ViewController()
            controller.view = root
            let field = TextField(frame: Rect(x: 100, y: 100, width: 600, height: 60))
            field.borderStyle = .line
            field.text = "Hello "
            field.keyboardType = .emailAddress
            field.autocapitalizationType = .none
            root.addSubview(field)
            surface.window.rootViewController = controller
            surface.window.makeKeyAndVisible()

            var why: UnsafePointer<CChar>?
            var im: OpaquePointer?
            @MainActor func imState() -> imc_state {
                var st = imc_state()
                if let im { imc_get_state(im, &st) }
                return st
            }
            @MainActor func surrounding() -> String {
                var st = imState()
                return withUnsafeBytes(of: &st.surrounding) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            }
            @MainActor func pump(_ what: String, timeout: Double = 5, _ condition: () -> Bool) throws {
                let deadline = HeadlessCompositor.now + timeout
                while !condition() {
                    guard HeadlessCompositor.now < deadline else {
                        throw FixtureError("timed out waiting for \(what): field \"\(field.text)\" im \(imState()) sway: \(sway.process.output.suffix(1500))")
                    }
                    display.render()
                    display.dispatch(timeout: 0.005)
                    if let im, imc_dispatch(im, 5) < 0 { throw FixtureError("the input method's connection broke") }
                    if let failure = display.failure { throw FixtureError("wayland failed: \(failure)") }
                }
            }
            try pump("the first presented frame") { surface.presentedFrames >= 1 && surface.window.bounds.width == 1280 }
            #expect(field.becomeFirstResponder())
            // No input method yet: sway keeps the focus pending, the built-in keyboard would serve.
            display.render()
            #expect(!application.systemInputMethodAvailable)

            im = imc_connect(sway.socketPath, &why)
            guard let im else { throw FixtureError("input method: \(why.map { String(cString: $0) } ?? "?")") }
            defer { imc_destroy(im) }
            #expect(imState().unavailable == 0)
            try pump("the input method's activation") { application.systemInputMethodAvailable && imState().active == 1 }
            try pump("the field's state at the input method") { surrounding() == "Hello " }
            #expect(imState().cursor == 6 && imState().anchor == 6)
            #expect(imState().purpose == 6)                  // text-input-v3 content_purpose email
            #expect(imState().hint == 0)

            // Commit string → the field's text, exactly.
            imc_commit_string(im, "wörld")
            imc_commit(im)
            try pump("the committed text") { field.text == "Hello wörld" }
            #expect(field.text == "Hello wörld")
            #expect(field.selectedRange == 11..<11)
            try pump("the new surrounding text") { surrounding() == "Hello wörld" }
            #expect(imState().cursor == 12)                  // bytes: ö is two

            // Preedit: marked in the field, not part of the surrounding text.
            imc_preedit(im, "!?", 1, 1)
            imc_commit(im)
            try pump("the preedit") { field.markedTextRange != nil }
            #expect(field.text == "Hello wörld!?")
            #expect(field.markedTextRange == 11..<13)
            #expect(field.selectedRange == 12..<12)

            // Delete the word before the caret (6 bytes) and commit another: the preedit goes first.
            imc_delete_surrounding(im, 6, 0)
            imc_commit_string(im, "there")
            imc_commit(im)
            try pump("the replaced word") { field.text == "Hello there" }
            #expect(field.text == "Hello there")
            #expect(field.markedTextRange == nil)
            try pump("the final surrounding text") { surrounding() == "Hello there" }

            // Resigning disables text input: sway deactivates the input method.
            #expect(field.resignFirstResponder())
            try pump("the deactivation") { imState().active == 0 }
            #expect(imState().deactivations == 1)
            #expect(field.text == "Hello there")
        }
    }
}
