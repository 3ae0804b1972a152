import FramebufferOutput
import Rendering
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// Runs a kiosk app on the best target the machine has (see `KioskTarget`): one call, the same
/// app on a bare framebuffer panel with libinput, headless, and — when the main command links the
/// KioskWayland module and passes its provider — on a Wayland compositor.
@MainActor
public enum Kiosk {
    /// Parses the command line (`KioskOptions.usage`; `--help` prints it), picks the target among
    /// `backends` (best first; headless when none can run) and runs `app` there until it is
    /// closed, signalled, or `--seconds` pass. Returns the process's exit status
    /// (`KioskExitStatus`): 0 on success, 1 when a script left input open, 2 for bad usage or a bad
    /// script, 65 when an app-defined script command failed, 69 when a forced target is not
    /// available, 70 when the main loop failed, 73 when an output (PNG frames, `--snapshot`,
    /// `--hit-dump`'s folder) cannot be written, the Wayland error's code when the compositor
    /// fails. A bad `--hit-dump` folder is found before the app starts.
    public static func main(
        _ app: KioskApp, arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        backends: [KioskBackendProvider] = [.drm, .framebuffer]
    ) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print("usage: \(app.name) [options]\n\(KioskOptions.usage)\nheadless script \(HeadlessScript.usage)")
            return 0
        }
        if let index = arguments.firstIndex(of: "--restore-console") {
            return restoreConsole(app, arguments.dropFirst(index + 1).first)
        }
        let options: KioskOptions
        do { options = try KioskOptions.parse(arguments, appName: app.name, environment: ProcessEnvironment.value) } catch {
            warn("\(app.name): \(error)\nusage: \(app.name) [options]\n\(KioskOptions.usage)")
            return KioskExitStatus.usage
        }
        // Checked up front: a dump folder that cannot be written would otherwise be found only
        // when the first dump is asked for, at the end of the run.
        if let folder = options.hitDumpFolder, let problem = OutputFolder.prepare(folder) {
            warn("\(app.name): --hit-dump: \(problem)")
            return KioskExitStatus.cannotWriteOutput
        }
        return run(app, options: options, backends: backends)
    }

    /// Runs `app` with `options` on the first of `backends` that opens (the target choice is
    /// explained on standard error when a preferred target is refused), else headless.
    public static func run(_ app: KioskApp, options: KioskOptions, backends: [KioskBackendProvider] = [.drm, .framebuffer]) -> Int32 {
        Rendering.install()
        if let problem = prepareLocalization(app, options) {
            warn("\(app.name): \(problem)")
            return KioskExitStatus.usage
        }
        var refusals: [String] = []
        for provider in backends where options.target == provider.target || options.target == .automatic {
            if options.target == .automatic, let why = provider.skipReason() {
                refusals.append(why)
                continue
            }
            switch provider.open(app, options) {
            case let .success(backend): return MainLoopHost(app: app, options: options).run(backend)
            case let .failure(refusal):
                if options.target == provider.target { return refuse(app, [refusal.description], exitCode: refusal.exitCode) }
                refusals.append(refusal.description)
            }
        }
        if options.target != .automatic, options.target != .headless, !backends.contains(where: { $0.target == options.target }) {
            return refuse(
                app, ["this program was built without the \(options.target.rawValue) target (its main command does not link it)"],
                exitCode: 69)
        }

        if options.target == .automatic {
            warn("\(app.name): running headless. " + refusals.joined(separator: "; ") + ". Force a target with --target or \(KioskTarget.environmentVariable).")
        }
        return HeadlessHost(app: app, options: options).run()
    }

    /// `--restore-console TTY`: gives the VT back after a kiosk died without doing so (SIGKILL),
    /// and exits (`ConsoleRecovery`); the deployment units run it from `ExecStopPost=`.
    private static func restoreConsole(_ app: KioskApp, _ path: String?) -> Int32 {
        guard let path, !path.hasPrefix("--") else {
            warn("\(app.name): --restore-console needs the virtual terminal, e.g. /dev/tty1")
            return KioskExitStatus.usage
        }
        do throws(ConsoleRecovery.Failure) {
            print("\(app.name): \(try ConsoleRecovery.restore(terminal: path))")
            return 0
        } catch {
            warn("\(app.name): \(error)")
            return 1
        }
    }

    private static func refuse(_ app: KioskApp, _ reasons: [String], exitCode: Int32) -> Int32 {
        warn("\(app.name): cannot run on the requested target. " + reasons.joined(separator: "; "))
        return exitCode
    }
}

/// The process environment, one variable at a time (`getenv`): no dictionary is built at start-up,
/// which keeps a kiosk's first frame and resident memory small.
public enum ProcessEnvironment {
    /// The value of the variable `name` (`getenv`), or nil when it is not set.
    public static func value(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
