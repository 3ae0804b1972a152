// kiosk-demo: the demo apps on the best target — a fullscreen Wayland window inside a Wayland
// session, the framebuffer with libinput on a console with a touchscreen, else headless playing the
// app's scripted session and writing PNG frames.
//   kiosk-demo [APP] [SCRIPT] [options]     APP: puzzle (the default), inbox, checkin or menu; --help lists options
//   kiosk-demo APP --print-default-script
// A script's extension names its app when APP is not given (my.inbox → inbox).
import CheckInApp
import InboxApp
import Kiosk
import KioskWayland
import MenuApp
import PuzzleApp

#if canImport(Glibc)
import Glibc
#endif

@MainActor
func makeApp(_ name: String) -> KioskApp? {
    switch name {
    case "puzzle": PuzzleKiosk.app()
    case "inbox": InboxKiosk.app()
    case "checkin": CheckInKiosk.app()
    case "menu": MenuKiosk.app()
    default: nil
    }
}
let appNames = ["puzzle", "inbox", "checkin", "menu"]

var arguments = Array(CommandLine.arguments.dropFirst())
var appName: String?
if let first = arguments.first, !first.hasPrefix("-"), appNames.contains(first) {
    appName = first
    arguments.removeFirst()
}
// A first argument that is not a flag is a script to play (headless); its extension can name the app.
if let first = arguments.first, !first.hasPrefix("-") {
    if appName == nil, let ext = first.split(separator: ".").last.map(String.init), first.contains("."), appNames.contains(ext) { appName = ext }
    if appName == nil, !first.contains("."), !first.contains("/"), access(first, F_OK) != 0 {
        let message = "kiosk-demo: unknown app '\(first)'; the apps are: \(appNames.joined(separator: ", "))\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        exit(2)
    }
    arguments.replaceSubrange(0..<1, with: ["--script", first])
}
exit(
    MainActor.assumeIsolated {
        let app = makeApp(appName ?? "puzzle")!
        if arguments.contains("--help") || arguments.contains("-h") {
            print("kiosk-demo [APP] [SCRIPT] [options]   APP: \(appNames.joined(separator: " | ")) (default puzzle); a SCRIPT's extension can name it")
            print("kiosk-demo APP --print-default-script")
        }
        if arguments.first == "--print-default-script" {
            print(app.defaultScript)
            return 0
        }
        return Kiosk.main(app, arguments: arguments, backends: [.wayland, .drm, .framebuffer])
    })
