import FramebufferOutput
import KioskLoop
import LibinputBackend
import Rendering
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// The panel-without-compositor target: the Linux framebuffer for pixels and libinput for touch,
/// pointer and keys, with one `DisplayRotation` turning picture and touch together.
@MainActor
struct FramebufferHost {
    let output: FramebufferOutput
    let input: LibinputSource
    let options: KioskOptions

    /// Why the framebuffer target cannot run here.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// Opens the framebuffer and the input devices; refuses (closing what it opened) when either
    /// is missing, so automatic selection can fall back to headless.
    static func open(_ options: KioskOptions) -> Result<FramebufferHost, Refusal> {
        let output: FramebufferOutput
        do {
            var framebuffer = FramebufferOptions(node: options.framebufferDevice, rotation: options.rotation)
            switch options.console {
            case nil: framebuffer.console = .automatic
            case "none"?: framebuffer.console = .none
            case let path?: framebuffer.console = .terminal(path)
            }
            framebuffer.terminalSwitching = options.allowsTerminalSwitching ? .cooperative : .locked
            output = try FramebufferOutput(options: framebuffer)
        } catch {
            return .failure(Refusal(description: "framebuffer: \(error)"))
        }
        var configuration = LibinputConfiguration(devices: options.inputDevices)
        configuration.outputSize = output.size
        configuration.rotation = options.rotation
        configuration.calibration = options.calibration
        if let layout = options.keyboardLayout { configuration.keymap.layout = layout }
        let input: LibinputSource
        do {
            input = try LibinputSource(application: Application.shared, configuration: configuration)
        } catch {
            output.close()
            return .failure(Refusal(description: "framebuffer \(options.framebufferDevice) opened, but libinput: \(error)"))
        }
        input.dispatch()  // DEVICE_ADDED events are queued before the fd turns readable
        guard !input.devices.isEmpty else {
            output.close()
            let failures = input.openFailures.isEmpty ? "" : " (" + input.openFailures.joined(separator: "; ") + ")"
            return .failure(
                Refusal(
                    description:
                        "framebuffer \(options.framebufferDevice) opened, but libinput found no input devices on \(options.inputDevices)\(failures): add the user to the `input` group, run through logind/seatd, or name devices with --device"
                ))
        }
        if !input.openFailures.isEmpty {
            // Some devices opened, some did not: say which and why, and run with the others.
            warn("libinput could not open \(input.openFailures.joined(separator: "; ")); running with the \(input.devices.count) other input device(s)")
        }
        return .success(FramebufferHost(output: output, input: input, options: options))
    }

    func run(_ app: KioskApp) -> Int32 {
        let application = Application.shared
        application.delegate = app.makeDelegate?()
        OnScreenKeyboardSetup.configure(application, options: options, keymap: input.keyboards.keymap)
        let scene = WindowScene(application: application, screenBounds: Rect(origin: .zero, size: output.size))
        let window = Window(windowScene: scene)
        window.rootViewController = app.makeRootViewController()
        window.makeKeyAndVisible()
        let presenter = WindowPresenter(window: window, output: output)
        if let overlay = options.makeLatencyOverlay() { presenter.latencyOverlay = overlay }
        let dumper = options.hitDumpFolder.map { HitTestDumper(window: window, folder: $0, appName: app.name) }
        defer { output.close() }
        do {
            let loop = try MainLoop(application: application)
            try loop.add(input)
            try dumper?.attach(to: loop)
            try followTerminalSwitches(on: loop, presenter: presenter)
            // A blanked panel shows nothing: no frames are drawn (and so no wake-ups) until input.
            loop.beforeWaiting.append {
                if application.screenBlanker?.isBlanked != true { presenter.update() }
            }
            presenter.update()
            if let seconds = options.blankAfter {
                // `FBIOBLANK` powerdown after `seconds` without input, counted from the first frame
                // on screen; unblank on the waking input (which the blanker swallows). Installed
                // as `application.screenBlanker`, which keeps it.
                _ = ScreenBlanker(application: application, after: seconds) { [output] in output.setBlanked($0) }
            }
            if output.consolePath != nil && output.terminalSwitching == .unmanaged {
                warn("\(app.name): \(output.consolePath ?? "") refused VT_SETMODE: the VT is neither locked nor released on a switch")
            }
            print("\(app.name): on \(output.panel) with \(input.devices.count) input device(s), rotation \(options.rotation.rawValue)°")
            // Standard output is a pipe or a file under a service manager (block-buffered): the
            // start-up line belongs in the journal when the kiosk starts, not when it exits
            // (`fflush(nil)`: every output stream, without touching the `stdout` global).
            fflush(nil)
            let deadline = options.seconds.map { MonotonicClock().now + $0 }
            if case let .signal(number) = loop.run(until: deadline) { print("\(app.name): stopped by signal \(number)") }
            if let overlay = presenter.latencyOverlay { print("\(app.name): latency: \(overlay.summary)") }
        } catch {
            warn("\(app.name): \(error)")
            return 70
        }
        return 0
    }

    /// VT switching on the framebuffer: the output answers the kernel's requests; while another
    /// VT is on screen libinput is suspended (touches made there are never delivered), and on
    /// the way back it resumes and whatever changed meanwhile is drawn.
    private func followTerminalSwitches(on loop: MainLoop, presenter: WindowPresenter) throws {
        guard let requests = output.terminalSwitchRequests else { return }
        try loop.addSource(requests) { [output, input] in
            switch output.handleTerminalSwitchRequests() {
            case .released?: input.suspend()
            case .acquired?:
                input.resume()
                presenter.update()
            case .refused?, nil: break
            }
        }
    }
}
