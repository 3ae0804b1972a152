import Kiosk
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// `calibrate [options]`: the touch calibration tool as a kiosk app on any host target.
@MainActor
public enum CalibrateCommand {
    /// Runs the tool. Exit status: 0 when a calibration was made (and its rule written when
    /// asked), 1 when the run ended without one, 2 for bad usage, 73 when the rule file could not
    /// be written, else the host's status (69: a forced target is missing).
    /// `backends` are the targets the `calibrate` executable links, best first.
    public static func main(_ arguments: [String], backends: [KioskBackendProvider] = [.drm, .framebuffer]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print("usage: calibrate [options]\n\(CalibrateOptions.usage)\n\(KioskOptions.usage)")
            return 0
        }
        let options: CalibrateOptions
        do { options = try CalibrateOptions.parse(arguments) } catch {
            Console.error("calibrate: \(error)\nusage: calibrate [options]  (--help lists them)")
            return 2
        }
        let outcome = CalibrationOutcome()
        let onWayland = options.runsOnWayland(environment: ProcessEnvironment.value)
        let app = KioskApp(name: "calibrate") {
            CalibrationController(
                options: options, onWayland: onWayland, outcome: outcome,
                printLine: Console.out,
                finish: endRun)
        }
        let status = Kiosk.run(app, options: options.kiosk, backends: backends)
        if status != 0 { return status }
        if outcome.writeError != nil { return 73 }
        if outcome.matrix == nil {
            Console.error("calibrate: ended before all five targets were touched; no calibration was made")
            return 1
        }
        return 0
    }

    /// Ends the host's run the way a service manager does: the framebuffer and Wayland hosts'
    /// loops catch SIGTERM, stop and clean up (console mode, seat). A headless run has no loop
    /// (SIGTERM still has its default action): its script simply plays to the end.
    static func endRun() {
        var current = sigaction()
        sigaction(SIGTERM, nil, &current)
        if unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) != 0 { raise(SIGTERM) }
    }
}
