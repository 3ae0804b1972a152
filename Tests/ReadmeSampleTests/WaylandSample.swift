// swift-format-ignore-file
// Sources/WaylandBackend/WaylandBackend.docc/RunningUnderWayland.md: the function body is the
// article's sample verbatim (checked by ArticleSampleTests), compiled against today's API;
// `MyViewController` is the app's screen.
import Glibc
import Kiosk
import ResponderKit
import WaylandBackend

final class MyViewController: ViewController {}

@MainActor
func waylandSample() throws {
    let app = Application.shared
    let display = try WaylandDisplay(application: app)          // throws WaylandError (.exitCode)
    let surface = display.makeWindow(WindowOptions(title: "Kiosk", appID: "com.example.kiosk"))
    surface.window.rootViewController = MyViewController()
    surface.window.makeKeyAndVisible()
    let loop = try MainLoop(application: app)
    try loop.add(display)             // dispatch on the fd, render + flush before each sleep
    loop.run()
    if let failure = display.failure { exit(failure.exitCode) }
}
