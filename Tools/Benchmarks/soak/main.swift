import EmulatedInput
import ResponderKit
import Soak

#if canImport(Glibc)
import Glibc
#endif

// soak: FINGERS fingers at RATE Hz through REAL libinput (an emulated touchscreen under umockdev)
// into the puzzle app for SECONDS, in the kiosk's main loop with the puzzle drawn on a headless
// output (drawn at most 60 times a second). --priority runs it at nice -20 (root). Prints, per window, latency p50/p99 (kernel event time → the app handled the frame), the
// backlog (frames due but not handled) and memory; at the end memory, lost frames and open touches.
// Exit status 0 when nothing was lost and nothing stayed open, 1 otherwise, 2 for bad arguments.
//   soak [--seconds 30] [--fingers 10] [--rate 240] [--window 10] [--priority]   (build with -c release for figures)

func fail(_ message: String, status: Int32 = 2) -> Never {
    let line = "soak: \(message)\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    exit(status)
}

var configuration = SoakConfiguration()
var arguments = CommandLine.arguments.dropFirst()
while let word = arguments.popFirst() {
    func number() -> Double {
        guard let text = arguments.popFirst(), let value = Double(text) else { fail("\(word) needs a number") }
        return value
    }
    switch word {
    case "--seconds": configuration.seconds = number()
    case "--fingers": configuration.fingers = Int(number())
    case "--rate": configuration.rate = number()
    case "--window": configuration.window = number()
    case "--priority": configuration.raisePriority = true
    case "--help", "-h":
        print("usage: soak [--seconds 30] [--fingers 10] [--rate 240] [--window 10] [--priority]")
        exit(0)
    default: fail("unknown argument '\(word)' (usage: soak [--seconds S] [--fingers N] [--rate HZ] [--window S])")
    }
}
if configuration.window > configuration.seconds { configuration.window = configuration.seconds }
if let problem = configuration.problem { fail(problem) }
// The testbed (the emulated touchscreen's pty) needs this process under umockdev's preload.
if !Preload.isActive {
    do { try Preload.relaunch() } catch { fail("\(error)", status: 1) }
}

MainActor.assumeIsolated {
    let run = SoakRun(configuration: configuration)
    run.onWindow = {
        print(SoakReport.line($0))
        fflush(nil)  // every stream: a window line as it closes, also into a file or pipe
    }
    let report: SoakReport
    do { report = try run.run() } catch { fail("\(error)", status: 1) }
    print(report.summary)
    let clean =
        report.failure == nil && report.framesHandled == report.framesWritten && report.openTouches == 0 && !report.hasOpenInput
        && report.downsRouted == report.downsWritten && report.upsRouted == report.upsWritten
    exit(clean ? 0 : 1)
}
