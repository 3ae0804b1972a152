import ChildProcesses
import EmulatedInput
import InputMethodClient
import Kiosk
import KioskWayland
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
@Suite(
    .serialized, .enabled(if: HeadlessCompositor.Kind.sway.shouldRun, "sway, grim or umockdev is not installed (Tools/setup.sh installs them)"),
    .enabled(if: Prerequisite.uninstrumentedBuild.isPresent, "a sanitized build: the compositor and setpriv cannot preload the instrumented shims"))
struct SwayTextInputEndToEndTests {
    @Test func anInputMethodCommitsTextIntoTheFocusedFieldThroughSway() throws {
        try HeadlessCompositor.Kind.sway.requireInstalled()
        try NobodyChild.run("SwayTextInputEndToEndTests", "anInputMethodCommitsTextIntoTheFocusedFieldThroughSway()") {
            let testbed = try Testbed()
            _ = try SwayRig.Devices(testbed: testbed)  // sway's libinput backend wants devices
            let sway = try HeadlessCompositor(.sway, testbedRoot: testbed.root)
            defer { sway.stop() }

            let application = Application()
            let display = try WaylandDisplay(application: application, endpoint: .name(sway.socketPath))
            defer { display.close() }
            let backend = WaylandKioskBackend(display: display, window: WindowOptions(title: "text input", appID: "responderkit.textinput"))
            let surface = backend.toplevel
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
            let session = KioskSession(backend: backend, application: application, rootViewController: controller)

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
                    session.frame()
                    display.dispatch(timeout: 0.005)
                    if let im, imc_dispatch(im, 5) < 0 { throw FixtureError("the input method's connection broke") }
                    if let failure = display.failure { throw FixtureError("wayland failed: \(failure)") }
                }
            }
            try pump("the first presented frame") { surface.presentedFrames >= 1 && session.window.bounds.width == 1280 }
            #expect(field.becomeFirstResponder())
            // No input method yet: sway keeps the focus pending, the built-in keyboard would serve.
            session.frame()
            #expect(!application.systemInputMethodAvailable)

            im = imc_connect(sway.socketPath, &why)
            guard let im else { throw FixtureError("input method: \(why.map { String(cString: $0) } ?? "?")") }
            defer { imc_destroy(im) }
            #expect(imState().unavailable == 0)
            try pump("the input method's activation") { application.systemInputMethodAvailable && imState().active == 1 }
            try pump("the field's state at the input method") { surrounding() == "Hello " }
            #expect(imState().cursor == 6 && imState().anchor == 6)
            #expect(imState().purpose == 6)  // text-input-v3 content_purpose email
            #expect(imState().hint == 0)

            // Commit string → the field's text, exactly.
            imc_commit_string(im, "wörld")
            imc_commit(im)
            try pump("the committed text") { field.text == "Hello wörld" }
            #expect(field.text == "Hello wörld")
            #expect(field.selectedRange == 11..<11)
            try pump("the new surrounding text") { surrounding() == "Hello wörld" }
            #expect(imState().cursor == 12)  // bytes: ö is two

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

    /// `isIdleTimerDisabled` holds a zwp_idle_inhibitor_v1 on the window's surface: sway's own
    /// view of it (`swaymsg -t get_tree`, the view's "inhibit_idle") turns on and off with it.
    @Test func swaySeesTheIdleInhibitorWhileTheIdleTimerIsDisabled() throws {
        try HeadlessCompositor.Kind.sway.requireInstalled()
        try NobodyChild.run("SwayTextInputEndToEndTests", "swaySeesTheIdleInhibitorWhileTheIdleTimerIsDisabled()") {
            let testbed = try Testbed()
            _ = try SwayRig.Devices(testbed: testbed)
            let sway = try HeadlessCompositor(.sway, testbedRoot: testbed.root)
            defer { sway.stop() }
            let application = Application()
            let display = try WaylandDisplay(application: application, endpoint: .name(sway.socketPath))
            defer { display.close() }
            let backend = WaylandKioskBackend(display: display, window: WindowOptions(title: "idle", appID: "responderkit.idle"))
            let surface = backend.toplevel
            let controller = ViewController()
            controller.view = View(frame: .zero)
            let session = KioskSession(backend: backend, application: application, rootViewController: controller)
            #expect(display.supportsIdleInhibit)

            /// How many views sway says inhibit idle now (only ours exists).
            @MainActor func inhibitingViews() throws -> Int {
                let folder = sway.runtimeDirectory
                let socket = HeadlessCompositor.ipcSocket(in: folder)
                guard let socket else { throw FixtureError("no sway IPC socket in the runtime folder") }
                let query = try Subprocess(
                    ["/usr/bin/swaymsg", "-s", socket, "-t", "get_tree", "-r"],
                    environment: ["PATH=/usr/bin:/bin"], outputPath: folder + "/tree.json")
                guard query.wait(timeout: 10) == 0 else { query.kill(); throw FixtureError("swaymsg failed: \(query.output)") }
                let tree = query.output
                guard tree.contains("responderkit.idle") else { throw FixtureError("our view is not in sway's tree: \(tree.prefix(400))") }
                // Counted on the compact text: sway prints `"inhibit_idle": true` per inhibiting view.
                let compact = tree.filter { $0 != " " && $0 != "\n" }
                return compact.ranges(of: "\"inhibit_idle\":true").count
            }
            @MainActor func pump(_ what: String, _ condition: () throws -> Bool) throws {
                let deadline = HeadlessCompositor.now + 5
                while try !condition() {
                    guard HeadlessCompositor.now < deadline else { throw FixtureError("timed out waiting for \(what)") }
                    session.frame()
                    display.dispatch(timeout: 0.02)
                    if let failure = display.failure { throw FixtureError("wayland failed: \(failure)") }
                }
            }
            try pump("the first presented frame") { surface.presentedFrames >= 1 }
            #expect(try inhibitingViews() == 0)
            application.isIdleTimerDisabled = true
            #expect(display.idleInhibitorCount == 1)
            try pump("sway to see the inhibitor") { try inhibitingViews() == 1 }
            application.isIdleTimerDisabled = false
            #expect(display.idleInhibitorCount == 0)
            try pump("sway to see it gone") { try inhibitingViews() == 0 }
        }
    }
}

extension HeadlessCompositor {
    /// sway's IPC socket (`sway-ipc.UID.PID.sock` in its runtime folder), for swaymsg.
    static func ipcSocket(in folder: String) -> String? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("sway-ipc."), name.hasSuffix(".sock") { return folder + "/" + name }
        }
        return nil
    }
}
