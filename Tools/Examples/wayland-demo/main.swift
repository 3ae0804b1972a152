// wayland-demo: a ResponderKit window on the running Wayland compositor — four coloured tiles
// with text labels that count and print the touches, clicks and keys they receive.
//   wayland-demo [--windowed] [--title TEXT] [--seconds N] [--snapshot PATH]
// --snapshot PATH: after every frame the compositor presented, the window's own rendering of it
// (`Window.snapshot()`) is written to PATH as a PNG and "presented frame N" is printed (tests
// compare it with a screenshot of the compositor).
// Exit status: 0 after --seconds or a close request; WaylandError.exitCode when the compositor is
// missing (69), lacks a global (78), reports a protocol error (76) or goes away (75); 64 for bad
// usage; 73 when the snapshot cannot be written.
import Kiosk
import KioskLoop
import KioskWayland
import Rendering
import ResponderKit
import WaylandBackend

#if canImport(Glibc)
import Glibc
#endif

/// A coloured tile with a label: its name, then how many touches it received.
@MainActor
final class Tile: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { Tile.self }

    let name: String
    let label = Label(frame: .zero)
    private(set) var touches = 0

    init(name: String, color: Color) {
        self.name = name
        super.init(frame: .zero)
        backgroundColor = color
        label.text = name
        label.fontSize = 40
        label.textAlignment = .center
        // Dark text on the light tiles (pure green and yellow), white on the dark ones.
        label.textColor = name == "yellow" || name == "green" ? .black : .white
        addSubview(label)
    }
    override var canBecomeFirstResponder: Bool { true }
    override func layoutSubviews() {
        label.frame = Rect(x: 0, y: bounds.height / 2 - 30, width: bounds.width, height: 60)
    }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for t in touches { say("\(name): touch began at \(t.location(in: self)) (\(t.type))") }
        self.touches += touches.count
        label.text = "\(name) × \(self.touches)"
        becomeFirstResponder()
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { say("\(name): touch ended") }
    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        for p in presses { say("\(name): key \(p.key?.keyCode ?? 0) \"\(p.key?.characters ?? "")\"") }
    }
}

/// Four tiles in a 2×2 grid with 8-point gaps. Its size never changes after it is made (the
/// window's first configure usually has the size it was created with): its tiles are placed by
/// the layout pass that runs before the first frame.
@MainActor
final class Board: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { Board.self }

    let tiles = [
        Tile(name: "red", color: .red), Tile(name: "green", color: .green),
        Tile(name: "blue", color: .blue), Tile(name: "yellow", color: .yellow)
    ]
    override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = .darkGray
        for tile in tiles { addSubview(tile) }
    }
    override func layoutSubviews() {
        let w = bounds.width / 2, h = bounds.height / 2
        for (i, tile) in tiles.enumerated() {
            tile.frame = Rect(x: Double(i % 2) * w + 8, y: Double(i / 2) * h + 8, width: w - 16, height: h - 16)
        }
    }
}

@MainActor
func main() -> Int32 {
    var options = WindowOptions(title: "ResponderKit demo", appID: "responderkit-demo")
    var seconds: Double?
    var snapshotPath: String?
    var args = CommandLine.arguments.dropFirst()
    while let arg = args.popFirst() {
        switch arg {
        case "--windowed": options.fullscreen = false
        case "--title": guard let v = args.popFirst() else { return usage() }; options.title = v
        case "--seconds": guard let v = args.popFirst().flatMap(Double.init), v >= 0, v.isFinite else { return usage() }; seconds = v
        case "--snapshot": guard let v = args.popFirst(), !v.isEmpty else { return usage() }; snapshotPath = v
        default: return usage()
        }
    }
    let application = Application.shared
    let display: WaylandDisplay
    do {
        display = try WaylandDisplay(application: application)
    } catch {
        warn("wayland-demo: \(error)")
        return error.exitCode
    }
    // The host's session: the toplevel is an output and the connection an input source; the
    // session builds the scene, the window and the presenter, and draws each frame.
    let backend = WaylandKioskBackend(display: display, window: options)
    let surface = backend.toplevel
    let controller = ViewController()
    controller.view = Board(frame: Rect(origin: .zero, size: backend.output.size))
    let session = KioskSession(backend: backend, application: application, rootViewController: controller)
    var closed = false
    var snapshotFailure: String?
    do {
        let loop = try MainLoop(application: application)
        surface.onCloseRequest = { window in
            closed = true; window.close(); loop.stop()
        }
        // The frame (layout, drawing, then the connection's commit and flush) ends each wake-up.
        loop.beforeWaiting.append { session.frame() }
        try loop.watch(display)
        session.frame()
        if let snapshotPath {
            // After the frame (the loop runs its hooks in order): when every committed frame was
            // presented and the window has nothing left to draw, the compositor shows what the
            // window looks like now.
            var reported = 0
            loop.beforeWaiting.append {
                let presented = surface.presentedFrames
                guard presented != reported, presented == surface.committedFrames, session.window.damage.isEmpty else { return }
                reported = presented
                do {
                    try session.window.snapshot().writePNG(to: snapshotPath + ".part")
                    guard rename(snapshotPath + ".part", snapshotPath) == 0 else { throw SnapshotError(errno: errno) }
                    say("presented frame \(presented)")
                } catch {
                    snapshotFailure = "\(error)"
                    loop.stop()
                }
            }
        }
        let deadline = seconds.map { MonotonicClock().now + $0 }
        loop.run(until: deadline)
    } catch {
        warn("wayland-demo: \(error)")
        return 70
    }
    // Every way out closes the display while it is alive (see WaylandDisplay's deinit).
    defer { display.close() }
    if let failure = display.failure {
        warn("wayland-demo: \(failure)")
        return failure.exitCode
    }
    if let snapshotFailure {
        warn("wayland-demo: snapshot: \(snapshotFailure)")
        return 73
    }
    say(closed ? "closed by the compositor" : "done")
    return 0
}

func usage() -> Int32 {
    warn("usage: wayland-demo [--windowed] [--title TEXT] [--seconds N] [--snapshot PATH]")
    return 64
}

exit(MainActor.assumeIsolated { main() })

func warn(_ message: String) { put(message, fd: 2) }

/// One line on standard output, written at once (`write(2)`): a test reading the output file
/// sees each line as it happens.
func say(_ message: String) { put(message, fd: 1) }

func put(_ message: String, fd: Int32) {
    let line = message + "\n"
    _ = line.withCString { write(fd, $0, strlen($0)) }
}

struct SnapshotError: Error, CustomStringConvertible {
    let errno: Int32
    var description: String { "rename failed: \(String(cString: strerror(errno)))" }
}
