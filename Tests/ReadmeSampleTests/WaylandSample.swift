// swift-format-ignore-file
// Sources/WaylandBackend/WaylandBackend.docc/RunningUnderWayland.md: the function body is the
// article's sample verbatim (checked by ArticleSampleTests), compiled against today's API;
// `MyViewController` is the app's screen.
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
