import Kiosk
import LibinputBackend
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// What a calibration run ended with, read by the command for its exit status.
@MainActor
public final class CalibrationOutcome {
    public internal(set) var result: CalibrationResult?
    public internal(set) var matrix: CalibrationMatrix?
    public internal(set) var device: TouchDeviceIdentity?
    /// The rule file could not be written (the command exits 73).
    public internal(set) var writeError: CalibrationError?
    public init() {}
}

/// Joins the screen, the session and the output: makes a session for the window's size, records
/// touches, prints and writes the result, and ends the run on Done (or at once with --no-check).
@MainActor
public final class CalibrationController: ViewController {
    let options: CalibrateOptions
    let outcome: CalibrationOutcome
    let rotation: DisplayRotation
    let onWayland: Bool
    /// The host's --calibration applies only on the framebuffer target.
    let hostMatrix: CalibrationMatrix?
    let printLine: (String) -> Void
    let finish: () -> Void
    let screen = CalibrationScreen(frame: .zero)
    public private(set) var session: CalibrationSession?

    /// `printLine` prints a line of the result (standard output, flushed); `finish` ends the run.
    public init(
        options: CalibrateOptions, onWayland: Bool, outcome: CalibrationOutcome,
        printLine: @escaping (String) -> Void, finish: @escaping () -> Void
    ) {
        self.options = options
        self.outcome = outcome
        self.onWayland = onWayland
        rotation = onWayland ? .none : options.kiosk.rotation
        hostMatrix = onWayland ? nil : options.kiosk.calibration
        self.printLine = printLine
        self.finish = finish
        super.init()
    }

    public override func loadView() {
        view = screen
        screen.onSize = { [unowned self] size in startSession(size) }
        screen.onCollect = { [unowned self] touch in collect(touch) }
        screen.onCheckTouch = { [unowned self] p in printLine("calibrate: check touch at \(CalibrationOutput.fixed1(p.x)) \(CalibrationOutput.fixed1(p.y))") }
        screen.doneButton.addAction(for: .primaryActionTriggered) { [unowned self] _ in
            printLine("calibrate: done")
            finish()
        }
        screen.againButton.addAction(for: .primaryActionTriggered) { [unowned self] _ in
            session?.restart()
            screen.refresh()
            announceTarget()
        }
    }

    private func startSession(_ size: Size) {
        session = CalibrationSession(windowSize: size, rotation: rotation, currentMatrix: options.currentMatrix ?? hostMatrix)
        screen.session = session
        announceTarget()
    }

    private func announceTarget() {
        guard let session, case let .collecting(index) = session.phase else { return }
        let p = session.targets[index]
        printLine("calibrate: touch target \(index + 1) of \(session.targets.count) at \(CalibrationOutput.fixed1(p.x)) \(CalibrationOutput.fixed1(p.y))")
    }

    private func collect(_ touch: Touch) {
        guard let session else { return }
        if outcome.device == nil { outcome.device = identify(touch.identifier.device) }
        let location = touch.location(in: screen)
        switch session.record(location, resolveMatrix: { outcome.device?.udevCalibration ?? .identity }) {
        case .success(.collecting):
            announceTarget()
        case let .success(.checking(result)):
            report(result, matrixInUse: session.currentMatrix ?? .identity)
            if options.skipCheck { finish() }
        case let .failure(error):
            warnLine("calibrate: \(error)")
            announceTarget()
        }
        screen.refresh()
    }

    /// The touchscreen behind `device`: under Wayland (where a seat's touch has no device name)
    /// the only udev touchscreen, if there is exactly one; on the framebuffer by node when the host
    /// was given exactly one, else by the name libinput reported. Nil for a device no source
    /// announced (headless, scripted touches): the machine's own touchscreens have nothing to do
    /// with those.
    private func identify(_ device: InputDeviceID) -> TouchDeviceIdentity? {
        if onWayland { return TouchDeviceIdentity.onlyTouchscreen() }
        guard let name = Application.shared.devices[device]?.name else { return nil }
        if case let .paths(paths) = options.kiosk.inputDevices, paths.count == 1,
            let found = TouchDeviceIdentity.find(node: paths[0])
        {
            return found
        }
        return TouchDeviceIdentity.find(name: name)
    }

    private func report(_ result: CalibrationResult, matrixInUse: CalibrationMatrix) {
        outcome.result = result
        outcome.matrix = result.matrix
        let device = outcome.device
        let what =
            device.map { "\"\($0.name)\" (vendor \(CalibrationOutput.hex4($0.vendor)), product \(CalibrationOutput.hex4($0.product)))" }
            ?? "the touchscreen"
        printLine(
            "calibrate: fitted \(result.residuals.count) touches on \(what); largest error \(CalibrationError.percent(result.largestResidual)) of the screen; matrix in use was \(CalibrationOutput.values(matrixInUse))"
        )
        printLine(CalibrationOutput.environmentLine(result.matrix))
        printLine(CalibrationOutput.swayLine(result.matrix, device: device))
        printLine(CalibrationOutput.hostOption(result.matrix))
        if let path = options.ruleFile {
            do throws(CalibrationError) {
                guard let device else {
                    throw .cannotWrite(
                        path: path, reason: "the touches came from no udev touchscreen (headless or scripted input), so a rule has nothing to match")
                }
                try CalibrationOutput.write(CalibrationOutput.udevRule(result.matrix, device: device), to: path)
                outcome.writeError = nil
                printLine("calibrate: wrote the udev rule to \(path); install it in /etc/udev/rules.d/ (see its comment)")
            } catch {
                outcome.writeError = error
                warnLine("calibrate: \(error)")
            }
        }
        if !options.skipCheck { printLine("calibrate: check screen: the dot follows your finger with the new matrix; Done to finish, Again to repeat") }
    }

    private func warnLine(_ message: String) {
        Console.error(message)
    }
}
