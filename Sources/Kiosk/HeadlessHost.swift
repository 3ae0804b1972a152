import HitTestFiles
import Rendering
import ResponderKit
import ScriptedInput

#if canImport(Glibc)
import Glibc
#endif

/// The headless target: the app in a window of `options.size` whose frames stay in memory, driven
/// by a script on a manual clock (deterministic: the same script gives the same frames).
@MainActor
struct HeadlessHost {
    let app: KioskApp
    let options: KioskOptions

    func run() -> Int32 {
        let scriptText: String
        if let path = options.scriptPath {
            do { scriptText = try TextFile.read(path, limit: 1 << 20) } catch {
                // TextFile refuses a FIFO or a device (it would block or never end) with its reason.
                warn(
                    "\(app.name): cannot read script '\(path)' (\((error as? TextFile.Failure)?.reason ?? "\(error)"); a script is a UTF-8 file of at most 1 MiB)"
                )
                return KioskExitStatus.usage
            }
        } else {
            scriptText = app.defaultScript
        }
        let script: HeadlessScript
        do { script = try HeadlessScript(parsing: scriptText, verbs: app.scriptVerbs()) } catch {
            warn("\(app.name): \(options.scriptPath ?? "the embedded script"): \(error)")
            return 2
        }
        if let problem = OutputFolder.prepare(options.outputFolder) {
            warn("\(app.name): \(problem)")
            return 73
        }
        let application = Application.shared
        application.delegate = app.makeDelegate?()
        OnScreenKeyboardSetup.configure(application, options: options)
        // The voice first, so "Screen reader on" at start is heard (opened at its first word).
        application.screenReader.synthesizer = DeferredSpeechSynthesizer(choice: options.speech)
        options.configureScreenReader(application)
        let driver = InputDriver(application: application)
        driver.framesPerSecond = 0  // the presenter's frames are the frame clock, each one drawn
        let backend = HeadlessBackend(size: options.size, scale: options.scale)
        let output = backend.headless
        let session = KioskSession(app: app, backend: backend, options: options)
        let presenter = session.presenter
        let player = ScriptPlayer(session: session, driver: driver, output: output, outputFolder: options.outputFolder)
        if let seconds = options.blankAfter {
            // Installed as `application.screenBlanker`, which keeps it; the trace records its state.
            _ = ScreenBlanker(application: application, after: seconds) { [unowned player] in player.screenBlankingChanged($0) }
        }
        print(
            "\(app.name): headless \(Int(output.size.width))×\(Int(output.size.height)), \(options.scriptPath ?? "the embedded script"); frames go to \(options.outputFolder)/"
        )
        let finished = player.play(script, describeStep: app.describeStep)
        if let failure = player.failure {
            warn("\(app.name): \(failure)")
            return player.failedInScriptCommand ? KioskExitStatus.scriptCommandFailed : KioskExitStatus.cannotWriteOutput
        }
        // The overlay's last figures: step to its pending redraw, so nothing is left armed.
        if let overlay = presenter.latencyOverlay {
            for _ in 0..<3 where presenter.isOverlayRefreshScheduled {
                driver.advance(by: overlay.refreshInterval)
                presenter.update()
            }
        }
        if let overlay = presenter.latencyOverlay { print("\(app.name): latency: \(overlay.summary)") }
        print("\(app.name): \(presenter.presentedFrames) frames drawn, \(player.writtenFiles.count) PNG(s) written; input clean: \(driver.isClean)")
        // A headless session dumps once at its end (when --hit-dump asks), after every touch.
        if let dumper = session.hitTestDumper, case let .failure(error) = dumper.dump() {
            warn("\(app.name): \(error)")
            return 73
        }
        if let reason = driver.uncleanReason { warn("\(app.name): the script ended with input left open: \(reason)") }
        return finished && driver.isClean ? KioskExitStatus.success : KioskExitStatus.inputLeftOpen
    }
}

func warn(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
