// puzzle-demo: the first seed's puzzle as a kiosk app with pixels. On a Wayland session it opens
// fullscreen; on a framebuffer console with a touchscreen it runs there; elsewhere (CI, a build
// machine) it plays its tap session headless, prints each tap's hit view and responder chain, and
// writes PNG frames.
//   puzzle-demo [SCRIPT] [options]      (--help lists the options)
//   puzzle-demo --print-default-script
import Kiosk
import KioskWayland
import PuzzleApp

#if canImport(Glibc)
import Glibc
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--print-default-script" {
    print(PuzzleKiosk.defaultScript)
    exit(0)
}
// A first argument that is not a flag is a script to play (headless).
if let first = arguments.first, !first.hasPrefix("-") {
    arguments.replaceSubrange(0..<1, with: ["--script", first])
}
exit(MainActor.assumeIsolated { Kiosk.main(PuzzleKiosk.app(), arguments: arguments, backends: [.wayland, .drm, .framebuffer]) })
