import KioskLoop
import ResponderKit
import WaylandBackend

/// The Wayland target: one xdg toplevel (fullscreen unless `--windowed`) on the compositor named by
/// the environment; the compositor's seat gives touch, pointer and keyboard input.
@MainActor
struct WaylandHost {
    let app: KioskApp
    let options: KioskOptions

    /// Connects; a failure is returned (not printed) so automatic selection can fall back.
    static func connect(_ application: Application) -> Result<WaylandDisplay, WaylandError> {
        do { return .success(try WaylandDisplay(application: application)) } catch { return .failure(error) }
    }

    func run(_ display: WaylandDisplay) -> Int32 {
        let application = display.application
        application.delegate = app.makeDelegate?()
        let surface = display.makeWindow(WindowOptions(title: app.name, appID: "responderkit-" + app.name,
                                                       fullscreen: options.fullscreen, size: options.size))
        surface.window.rootViewController = app.makeRootViewController()
        surface.window.makeKeyAndVisible()
        var closed = false
        do {
            let loop = try MainLoop(application: application)
            surface.onCloseRequest = { window in closed = true; window.close(); loop.stop() }
            try loop.add(display)
            let deadline = options.seconds.map { MonotonicClock().now + $0 }
            let reason = loop.run(until: deadline)
            if case let .signal(number) = reason { print("\(app.name): stopped by signal \(number)") }
        } catch {
            warn("\(app.name): \(error)")
            return 70
        }
        if let failure = display.failure {
            warn("\(app.name): Wayland: \(failure)")
            return failure.exitCode
        }
        print(closed ? "\(app.name): closed by the compositor" : "\(app.name): done")
        display.close()
        return 0
    }
}
