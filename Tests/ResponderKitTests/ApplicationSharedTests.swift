import Testing

@testable import ResponderKit

/// `Application.shared` follows an explicit rule: the application the host installed, else one
/// made at first use. Creating an `Application` (every test does) never installs it.
@MainActor
@Suite struct ApplicationSharedTests {
    @Test func creatingAnApplicationDoesNotMakeItShared() {
        let shared = Application.shared
        let app = Application()
        #expect(!app.isShared)
        #expect(Application.shared === shared)
        #expect(shared.isShared)
        // Scene-less windows and controls outside a window fall back to the shared one.
        #expect(Window(frame: .zero).application === shared)
    }

    @Test func theHostInstallsTheSharedApplication() {
        let saved = Application.shared
        defer { Application.shared = saved }
        let app = Application()
        Application.shared = app
        #expect(app.isShared && !saved.isShared)
        #expect(Window(frame: .zero).next === app)
    }
}
