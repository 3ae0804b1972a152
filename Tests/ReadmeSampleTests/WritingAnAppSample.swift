// swift-format-ignore-file
// README.md, "A 20-line app": the block below the imports is the README's sample verbatim
// (ReadmeSampleTests checks it), compiled here so it cannot drift from the API. It is not run: it
// would take over the test process.
import Glibc
import Kiosk
import KioskWayland
import ResponderKit

@MainActor
func writingAnAppSample() {
    final class Greeting: ViewController {
        override func viewDidLoad() {
            let label = Label(frame: Rect(x: 40, y: 40, width: 400, height: 60))
            label.text = "Touch to start"
            label.font = .systemFont(ofSize: 32, weight: .bold)
            view.backgroundColor = .white
            view.addSubview(label)
        }
    }

    let app = KioskApp(name: "greeting", defaultScript: "tap-at 100 70\nsnapshot touched") { Greeting() }
    exit(MainActor.assumeIsolated { Kiosk.main(app, backends: [.wayland, .drm, .framebuffer]) })   // or headless
}
