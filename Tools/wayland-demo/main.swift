// wayland-demo: a ResponderKit window on the running Wayland compositor — four coloured tiles
// that print the touches, clicks and keys they receive.
//   wayland-demo [--windowed] [--title TEXT] [--seconds N]
// Exit status: 0 after --seconds or a close request; WaylandError.exitCode when the compositor is
// missing (69), lacks a global (78), reports a protocol error (76) or goes away (75); 64 for bad usage.
import Kiosk
import ResponderKit
import WaylandBackend
#if canImport(Glibc)
import Glibc
#endif

@MainActor
final class Tile: View {
    let name: String
    init(name: String, color: Color) {
        self.name = name
        super.init(frame: .zero)
        backgroundColor = color
    }
    override var canBecomeFirstResponder: Bool { true }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for t in touches { print("\(name): touch began at \(t.location(in: self)) (\(t.type))") }
        becomeFirstResponder()
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { print("\(name): touch ended") }
    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        for p in presses { print("\(name): key \(p.key?.keyCode ?? 0) \"\(p.key?.characters ?? "")\"") }
    }
}

@MainActor
final class Board: View {
    let tiles = [Tile(name: "red", color: .red), Tile(name: "green", color: .green),
                 Tile(name: "blue", color: .blue), Tile(name: "yellow", color: .yellow)]
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
    var args = CommandLine.arguments.dropFirst()
    while let arg = args.popFirst() {
        switch arg {
        case "--windowed": options.fullscreen = false
        case "--title": guard let v = args.popFirst() else { return usage() }; options.title = v
        case "--seconds": guard let v = args.popFirst().flatMap(Double.init), v >= 0 else { return usage() }; seconds = v
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
    let surface = display.makeWindow(options)
    let controller = ViewController()
    controller.view = Board(frame: surface.window.bounds)
    surface.window.rootViewController = controller
    surface.window.makeKeyAndVisible()
    var closed = false
    do {
        let loop = try MainLoop(application: application)
        surface.onCloseRequest = { window in closed = true; window.close(); loop.stop() }
        try loop.add(display)
        let deadline = seconds.map { MonotonicClock().now + $0 }
        loop.run(until: deadline)
    } catch {
        warn("wayland-demo: \(error)")
        return 70
    }
    if let failure = display.failure {
        warn("wayland-demo: \(failure)")
        return failure.exitCode
    }
    print(closed ? "closed by the compositor" : "done")
    display.close()
    return 0
}

func usage() -> Int32 {
    warn("usage: wayland-demo [--windowed] [--title TEXT] [--seconds N]")
    return 64
}

exit(MainActor.assumeIsolated { main() })

func warn(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
