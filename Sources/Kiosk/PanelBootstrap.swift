import FramebufferOutput
import LibinputBackend
import ResponderKit

/// The start-up the two panel targets share (`DRMBackend`, `FramebufferBackend`): the console
/// the output takes (`--console`), and libinput opened for the output once it is open — mapped to
/// its size, turned by `--rotation`, calibrated, with `--layout` — refusing, after closing the
/// output, when no input device opens, so automatic selection can fall back.
@MainActor
enum PanelBootstrap {
    /// `--console`: nil → the controlling VT (else the one in front), "none", or a path.
    static func console(_ options: KioskOptions) -> FramebufferOptions.Console {
        switch options.console {
        case nil: return .automatic
        case "none"?: return .none
        case let path?: return .terminal(path)
        }
    }

    /// Opens libinput for an output of `outputSize` that is open already (`opened` names it in
    /// messages: "DRM /dev/dri/card0 (bochs-drm) …", "framebuffer /dev/fb0"), through `seat` when
    /// the output came from one. Refuses, calling `closeOutput` first, when libinput fails or
    /// finds no device; warns about the devices that would not open when others did.
    static func openInput(
        _ options: KioskOptions, outputSize: Size, seat: SeatSession? = nil, opened: String, closeOutput: () -> Void
    ) -> Result<LibinputSource, KioskRefusal> {
        var configuration = LibinputConfiguration(devices: options.inputDevices)
        configuration.outputSize = outputSize
        configuration.rotation = options.rotation
        configuration.calibration = options.calibration
        if let layout = options.keyboardLayout { configuration.keymap.layout = layout }
        let input: LibinputSource
        do {
            input = try LibinputSource(application: Application.shared, configuration: configuration, seat: seat)
        } catch {
            closeOutput()
            return .failure(KioskRefusal("\(opened) opened, but libinput: \(error)"))
        }
        input.dispatch()  // DEVICE_ADDED events are queued before the fd turns readable
        guard !input.devices.isEmpty else {
            closeOutput()
            let failures = input.openFailures.isEmpty ? "" : " (" + input.openFailures.joined(separator: "; ") + ")"
            return .failure(
                KioskRefusal(
                    "\(opened) opened, but libinput found no input devices on \(options.inputDevices)\(failures): add the user to the `input` group, run through logind/seatd, or name devices with --device"
                ))
        }
        if !input.openFailures.isEmpty {
            // Some devices opened, some did not: say which and why, and run with the others.
            warn("libinput could not open \(input.openFailures.joined(separator: "; ")); running with the \(input.devices.count) other input device(s)")
        }
        return .success(input)
    }
}
