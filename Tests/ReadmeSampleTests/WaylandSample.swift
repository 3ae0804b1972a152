// swift-format-ignore-file
// README.md, "Wayland": the function body is the README's sample verbatim (checked by
// ReadmeSampleTests), compiled against today's API; `MyViewController` is the app's screen.
import Glibc
import Kiosk
import KioskWayland
import ResponderKit
import WaylandBackend

final class MyViewController: ViewController {}

@MainActor
func waylandSample() throws {
    let app = Application.shared
    let display = try WaylandDisplay(application: app)          // throws WaylandError (.exitCode)
    let backend = WaylandKioskBackend(display: display, window: WindowOptions(title: "Kiosk", appID: "com.example.kiosk"))
    let session = KioskSession(backend: backend, rootViewController: MyViewController())
    let loop = try MainLoop(application: app)
    loop.beforeWaiting.append { session.frame() }   // draw, then commit + flush, before each sleep
    try loop.watch(display)           // dispatch on the fd
    loop.run()
    if let failure = display.failure { exit(failure.exitCode) }
}
