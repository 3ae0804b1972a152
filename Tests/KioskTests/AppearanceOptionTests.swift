import Kiosk
import Rendering
import ResponderKit
import Testing

/// `--appearance light|dark`: the host's screen style, set as the scene's trait collection.
@MainActor
@Suite struct AppearanceOptionTests {
    @Test func theFlagPicksTheStyleAndRefusesOthers() throws {
        #expect(try KioskOptions.parse([], appName: "t", environment: { _ in nil }).userInterfaceStyle == .light)
        #expect(try KioskOptions.parse(["--appearance", "dark"], appName: "t", environment: { _ in nil }).userInterfaceStyle == .dark)
        #expect(throws: ScriptError.self) { try KioskOptions.parse(["--appearance", "dusk"], appName: "t", environment: { _ in nil }) }
        #expect(KioskOptions.usage.contains("--appearance light|dark"))
    }

    /// A session in dark: the scene's style reaches the root view, and the palette resolves dark
    /// in the headless output's frame.
    @Test func aDarkSessionDrawsTheDarkPalette() {
        final class Screen: ViewController {
            override func viewDidLoad() { view.backgroundColor = .systemBackground }
        }
        let application = Application()
        let backend = HeadlessBackend(size: Size(width: 40, height: 30))
        let controller = Screen()
        let session = KioskSession(backend: backend, application: application, rootViewController: controller, userInterfaceStyle: .dark)
        #expect(session.scene.traitCollection.userInterfaceStyle == .dark)
        #expect(controller.view.traitCollection.userInterfaceStyle == .dark)
        let image = session.window.snapshot()
        #expect(image.argb(x: 20, y: 15) == 0xFF00_0000, "systemBackground is black in dark")
    }
}
