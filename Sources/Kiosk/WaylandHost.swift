import KioskLoop
import ResponderKit
import WaylandBackend

#if canImport(Glibc)
import Glibc
#endif

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
        // Every way out closes the display while it is alive (see WaylandDisplay's deinit).
        defer { display.close() }
        application.delegate = app.makeDelegate?()
        OnScreenKeyboardSetup.configure(application, options: options)
        display.usesSystemInputMethod = options.usesSystemInputMethod
        if options.blankAfter != nil {
            warn("\(app.name): --blank-after is ignored under Wayland: the compositor blanks its outputs (e.g. swayidle)")
        }
        let surface = display.makeWindow(
            WindowOptions(
                title: app.name, appID: "responderkit-" + app.name,
                fullscreen: options.fullscreen, size: options.size))
        surface.window.rootViewController = app.makeRootViewController()
        surface.window.makeKeyAndVisible()
        if let overlay = options.makeLatencyOverlay() { surface.presenter.latencyOverlay = overlay }
        let dumper = options.hitDumpFolder.map { HitTestDumper(window: surface.window, folder: $0, appName: app.name) }
        var closed = false
        snapshotFailure = nil
        do {
            let loop = try MainLoop(application: application)
            surface.onCloseRequest = { window in
                closed = true; window.close(); loop.stop()
            }
            try loop.add(display)
            try dumper?.attach(to: loop)
            if let path = options.snapshotPath { try watchPresentedFrames(surface, loop: loop, path: path) }
            let deadline = options.seconds.map { MonotonicClock().now + $0 }
            let reason = loop.run(until: deadline)
            if case let .signal(number) = reason { print("\(app.name): stopped by signal \(number)") }
        } catch {
            warn("\(app.name): \(error)")
            return 70
        }
        if let overlay = surface.presenter.latencyOverlay { print("\(app.name): latency: \(overlay.summary)") }
        if let snapshotFailure {
            warn("\(app.name): --snapshot: \(snapshotFailure)")
            return 73
        }
        if let failure = display.failure {
            warn("\(app.name): Wayland: \(failure)")
            return failure.exitCode
        }
        print(closed ? "\(app.name): closed by the compositor" : "\(app.name): done")
        return 0
    }

    /// After the display's render (the loop runs its hooks in order): once every committed frame
    /// was presented and the window has nothing left to draw, the compositor shows what the window
    /// looks like now — write that (atomically: a `.part` file renamed) and say so.
    private func watchPresentedFrames(_ surface: WaylandWindow, loop: MainLoop, path: String) throws {
        var reported = 0
        loop.beforeWaiting.append {
            let presented = surface.presentedFrames
            guard presented != reported, presented == surface.committedFrames, !surface.presenter.hasPendingDamage else { return }
            reported = presented
            do {
                try surface.presenter.snapshot().writePNG(to: path + ".part")
                guard rename(path + ".part", path) == 0 else {
                    throw ScriptError("cannot rename \(path).part to \(path): \(String(cString: strerror(errno)))")
                }
                print("presented frame \(presented)")
                fflush(nil)
            } catch {
                snapshotFailure = "\(error)"
                loop.stop()
            }
        }
    }
}

/// The first failure writing a `--snapshot` frame (the loop stops there).
@MainActor private var snapshotFailure: String?
