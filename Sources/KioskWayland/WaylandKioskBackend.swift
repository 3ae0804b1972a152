import Kiosk
import KioskLoop
import Rendering
import ResponderKit
import WaylandBackend

#if canImport(Glibc)
import Glibc
#endif

/// The Wayland target as the host sees it: one toplevel's output (`WaylandSurfaceOutput`) and the
/// connection as input source. The host's session attaches its window to the toplevel (input on
/// the surface goes there); the compositor's close request ends the run; `--snapshot` writes each
/// frame the compositor presented.
@MainActor
public final class WaylandKioskBackend: KioskBackend {
    /// The connection: the input source.
    public let display: WaylandDisplay
    /// The toplevel whose output the host draws into.
    public let toplevel: WaylandWindow
    /// The toplevel's surface, as the host draws into it.
    public var output: any Output { toplevel.output }
    /// The connection.
    public var inputSources: [any MainLoopSource] { [display] }
    /// The compositor blanks its outputs.
    public var screenPower: KioskScreenPower { .unsupported(reason: "under Wayland: the compositor blanks its outputs (e.g. swayidle)") }
    /// Whether the compositor asked the toplevel to close (`xdg_toplevel.close`).
    public private(set) var closedByCompositor = false
    private let snapshotPath: String?
    private var snapshotFailure: String?
    /// The host's session (`attach(_:)`), for `--snapshot`.
    private weak var session: KioskSession?

    /// Opens a toplevel with `window` options on `display`; `options` give `--snapshot` and
    /// whether the compositor's input method serves text fields (`--no-system-input-method`).
    public init(display: WaylandDisplay, window: WindowOptions = WindowOptions(), options: KioskOptions = KioskOptions()) {
        self.display = display
        display.usesSystemInputMethod = options.usesSystemInputMethod
        toplevel = display.makeWindow(window)
        snapshotPath = options.snapshotPath
    }

    /// Input on the toplevel goes to the session's window; when the toplevel is destroyed the
    /// session hides its window.
    public func attach(_ session: KioskSession) {
        self.session = session
        toplevel.attach(session.window)
        toplevel.onDestroyed = { [weak session] in session?.outputClosed() }
    }

    /// The compositor's close request closes the toplevel and stops `loop`; with `--snapshot`,
    /// presented frames are written after each host frame.
    public func start(on loop: MainLoop) throws {
        toplevel.onCloseRequest = { [weak self] window in
            self?.closedByCompositor = true
            window.close()
            loop.stop()
        }
        if let snapshotPath { watchPresentedFrames(loop: loop, path: snapshotPath) }
    }

    /// 73 when a `--snapshot` frame could not be written, the Wayland error's code when the
    /// connection failed, else 0 ("closed by the compositor" or "done").
    public func finish(appName: String) -> Int32 {
        if let snapshotFailure {
            warnLine("\(appName): --snapshot: \(snapshotFailure)")
            return 73
        }
        if let failure = display.failure {
            warnLine("\(appName): Wayland: \(failure)")
            return failure.exitCode
        }
        print(closedByCompositor ? "\(appName): closed by the compositor" : "\(appName): done")
        return 0
    }

    /// Closes the connection (every toplevel, seat and output first).
    public func close() { display.close() }

    /// After the host's frame (the loop runs its hooks in order): once every committed frame was
    /// presented and the window has nothing left to draw, the compositor shows what the window
    /// looks like now — write that (atomically: a `.part` file renamed) and say so.
    private func watchPresentedFrames(loop: MainLoop, path: String) {
        var reported = 0
        loop.beforeWaiting.append { [weak self] in
            guard let self, let presenter = session?.presenter else { return }
            let surface = toplevel.output
            let presented = surface.presentedFrames
            guard presented != reported, presented == surface.committedFrames, !presenter.hasPendingDamage else { return }
            reported = presented
            do {
                try presenter.snapshot().writePNG(to: path + ".part")
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

/// One line on standard error (`write(2)`).
private func warnLine(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
