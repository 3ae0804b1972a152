// framebuffer-kiosk: the puzzle on a panel without a compositor — the Linux framebuffer for
// pixels, libinput for touch, pointer and keys — or headless when there is no panel:
//   framebuffer-kiosk [SCRIPT] [options]      (options: see --help; --target wayland is refused)
// It is the kiosk to ship on such a panel: it links neither libwayland nor the testing module
// (the host's Wayland target is the KioskWayland module, which this program does not link;
// KioskTests reads this binary's DT_NEEDED entries to prove it).
import Kiosk
import PuzzleApp

#if canImport(Glibc)
import Glibc
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
if let first = arguments.first, !first.hasPrefix("-") {
    arguments.replaceSubrange(0..<1, with: ["--script", first])
}
exit(MainActor.assumeIsolated { Kiosk.main(PuzzleKiosk.app(), arguments: arguments) })
