import KioskLoop
import Rendering
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// Runs an app on a backend with the main loop: every target but headless (Wayland, framebuffer,
/// and any later output) goes through here. Each wake-up is input (the sources read and route)
/// → main-queue work → timers → the session's frame (layout, drawing, commit).
@MainActor
struct MainLoopHost {
    let app: KioskApp
    let options: KioskOptions

    /// systemd's notification variables (`sd_notify(3)`), as this process has them.
    static var notifyEnvironment: [String: String] {
        var environment: [String: String] = [:]
        for name in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"] { environment[name] = ProcessEnvironment.value(name) }
        return environment
    }

    /// How long the loop must have been idle after the first frame before the warm-up runs
    /// (`KioskSession.warmUp()`): longer than a compositor's answers to the first commit take
    /// (sway's fullscreen configure, the frame callback, `wl_surface.enter`: well under 10 ms).
    static let warmUpQuiet = 0.05

    func run(_ backend: any KioskBackend) -> Int32 {
        // Every way out releases the backend while it is alive (a Wayland display must close).
        defer { backend.close() }
        let application = Application.shared
        application.delegate = app.makeDelegate?()
        OnScreenKeyboardSetup.configure(application, options: options, keymap: backend.keymap)
        // The voice first, so "Screen reader on" at start is heard (opened at its first word).
        application.screenReader.synthesizer = DeferredSpeechSynthesizer(choice: options.speech)
        options.configureScreenReader(application)
        let session = KioskSession(app: app, backend: backend, options: options)
        do {
            let loop = try MainLoop(application: application)
            // The frame first: the sources' end of frame runs inside it, after drawing.
            loop.beforeWaiting.append { session.frame() }
            // Under systemd (Type=notify): READY=1 once the first frame went to the output, then
            // WATCHDOG=1 from the loop's own timers while it turns (Tools/deploy's units).
            // Checked after the first frame and after every wake-up's: an idle kiosk may not wake
            // again after its first frame.
            let notifier = ServiceNotifier(environment: Self.notifyEnvironment)
            var announced = false
            func announceWhenShown() {
                guard let notifier, !announced, session.presenter.presentedFrames > 0 else { return }
                announced = true
                notifier.ready(status: "\(app.name): first frame shown")
                notifier.startWatchdog(timers: application.timers, now: application.clock.now)
            }
            if notifier != nil { loop.beforeWaiting.append { announceWhenShown() } }
            // Once the first frame is out, the warm-up waits for the loop to be quiet (the
            // compositor's configure, the frame callback and `wl_surface.enter` come first),
            // then runs once: the first touch then costs what the hundredth does.
            // The AT-SPI bridge connects in the same idle moment, after the warm-up (`--atspi`).
            let accessibilityBus = AccessibilityBusSetup(mode: options.atspi)
            defer { withExtendedLifetime(accessibilityBus) {} }
            var warmUpArmed = !options.warmsUp && options.atspi == .off
            unowned let idleLoop = loop  // the loop keeps this hook: no cycle
            func armWarmUpWhenShown() {
                guard !warmUpArmed, session.presenter.presentedFrames > 0 else { return }
                warmUpArmed = true
                idleLoop.runOnceIdle(after: Self.warmUpQuiet) { [options] in
                    if options.warmsUp { session.warmUp() }
                    accessibilityBus.connect(session: session, appName: app.name, loop: idleLoop)
                }
            }
            loop.beforeWaiting.append { armWarmUpWhenShown() }
            defer { notifier?.stopping() }
            for source in backend.inputSources { try loop.watch(source) }
            // The headphone jack (SW_HEADPHONE_INSERT), which libinput does not report: a headset
            // plugged in starts the screen reader (EN 301 549's private listening).
            let jack = ScreenReaderSetup.headphoneJack(application, options: options)
            if let jack { try loop.watch(jack) }
            defer { withExtendedLifetime(jack) {} }
            if let dumper = session.hitTestDumper { try dumper.attach(to: loop) }
            try backend.start(on: loop)
            session.frame()
            announceWhenShown()
            // Armed here too: an idle kiosk (the framebuffer) may not wake again after this frame.
            armWarmUpWhenShown()
            if let seconds = options.blankAfter {
                switch backend.screenPower {
                case let .switchable(setBlanked):
                    // After `seconds` without input, counted from the first frame on screen; the
                    // waking input is swallowed. Installed as `application.screenBlanker`, which
                    // keeps it; a blanked screen draws no frames (`KioskSession.frame()`).
                    _ = ScreenBlanker(application: application, after: seconds, setBlanked: setBlanked)
                case let .unsupported(reason):
                    warn("\(app.name): --blank-after is ignored \(reason)")
                }
            }
            if let line = backend.startMessage {
                print("\(app.name): \(line)")
                // Standard output is a pipe or a file under a service manager (block-buffered):
                // the start-up line belongs in the journal when the kiosk starts, not when it
                // exits (`fflush(nil)`: every output stream, without touching the `stdout` global).
                fflush(nil)
            }
            let deadline = options.seconds.map { MonotonicClock().now + $0 }
            if case let .signal(number) = loop.run(until: deadline) { print("\(app.name): stopped by signal \(number)") }
        } catch {
            warn("\(app.name): \(error)")
            return 70
        }
        if let overlay = session.presenter.latencyOverlay { print("\(app.name): latency: \(overlay.summary)") }
        return backend.finish(appName: app.name)
    }
}
