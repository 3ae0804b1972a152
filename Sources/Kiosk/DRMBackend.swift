import DRMOutput
import FramebufferOutput
import Keymap
import KioskLoop
import LibinputBackend
import Rendering
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// The panel-without-compositor target on DRM/KMS: a connector driven with page flips paced by
/// vblank (`DRMOutput`) and libinput for touch, pointer and keys, with one `DisplayRotation`
/// turning picture and touch together. Through a seat manager (libseat: seatd or logind) the card
/// and the input devices come from the seat, which also switches VTs; as root without one the
/// card is opened directly and the VT is locked or switched cooperatively, like the framebuffer.
@MainActor
public final class DRMBackend: KioskBackend {
    /// The display.
    public let display: DRMOutput
    /// Touch, pointer and keys.
    public let input: LibinputSource
    /// The display, as the host draws into it.
    public var output: any Output { display }
    /// The rotation picture and touch are turned by (`--rotation`).
    public let rotation: DisplayRotation
    /// The libinput source.
    public var inputSources: [any MainLoopSource] { [input] }
    /// The keymap libinput reads keys with.
    public var keymap: Keymap? { input.keyboards.keymap }
    /// "on /dev/dri/card0 (bochs-drm) Virtual-1 1280x800@60.00 XRGB8888, atomic with N input
    /// device(s), rotation R°", and ", through the seat seat0" when libseat opened the devices.
    public var startMessage: String? {
        "on \(display.summary) with \(input.devices.count) input device(s), rotation \(rotation.rawValue)°"
            + (input.seat.map { ", through the seat \($0.name)" } ?? "")
    }

    private weak var session: KioskSession?

    private init(display: DRMOutput, input: LibinputSource, rotation: DisplayRotation) {
        self.display = display
        self.input = input
        self.rotation = rotation
    }

    /// `--blank-after` turns the panel off and on (`DRMOutput.setBlanked(_:)`: the CRTC's
    /// `ACTIVE`, or the connector's `DPMS` on the legacy path).
    public var screenPower: KioskScreenPower { .switchable { [display] in display.setBlanked($0) } }

    /// Keeps the session, to draw it again after a VT switch back or a replug.
    public func attach(_ session: KioskSession) { self.session = session }

    /// Watches the DRM fd (a flip event makes the output ready; the host's frame at the end of
    /// that wake-up draws the next one), the udev `drm` events (unplugged: drawing stops;
    /// replugged: the mode is set again and the window drawn) and, without a seat manager, the
    /// VT switch requests (away: input suspended and DRM master dropped; back: master taken, the
    /// mode set, everything drawn). Through a seat, its disable and enable do the same.
    public func start(on loop: MainLoop) throws {
        try loop.addSource(display.fileDescriptor) { [display] in display.dispatchEvents() }
        if let hotplug = display.hotplugFileDescriptor {
            try loop.addSource(hotplug) { [display, weak self] in
                let change = display.handleHotplug()
                switch change {
                case .unplugged: Self.announce("drm: \(display.node): connector unplugged; drawing stopped")
                case .replugged, .modeChanged:
                    Self.announce("drm: connector " + (change == .replugged ? "plugged in again" : "changed mode") + ": \(display.summary)")
                    // Touch maps onto the window at its new size (the presenter lays it out again).
                    self?.input.setOutputSize(display.size)
                    self?.session?.frame()
                case .unchanged: break
                }
            }
        }
        if let seat = input.seat {
            let disable = seat.onDisable, enable = seat.onEnable
            seat.onDisable = { [display] in
                disable?()
                MainActor.assumeIsolated { display.suspend(dropMaster: false) }
            }
            seat.onEnable = { [display, weak self] in
                enable?()
                MainActor.assumeIsolated {
                    display.resume(takeMaster: false)
                    self?.session?.frame()
                }
            }
            return
        }
        if display.consolePath != nil && display.terminalSwitching == .unmanaged {
            warn("\(display.consolePath ?? "") refused VT_SETMODE: the VT is neither locked nor released on a switch")
        }
        guard let requests = display.terminalSwitchRequests else { return }
        try loop.addSource(requests) { [display, input, weak self] in
            switch display.handleTerminalSwitchRequests() {
            case .released?: input.suspend()
            case .acquired?:
                input.resume()
                self?.session?.frame()
            case .refused?, nil: break
            }
        }
    }

    /// Prints `line` at once: under a service manager standard output is block-buffered, and a
    /// hotplug belongs in the journal when it happens (`fflush(nil)`: every output stream).
    private static func announce(_ line: String) {
        print(line)
        fflush(nil)
    }

    /// Prints the flip figures ("APP: drm: commits N, flip events N, …"); 0.
    public func finish(appName: String) -> Int32 {
        print("\(appName): drm: \(display.statistics)")
        return 0
    }

    /// Puts the previous CRTC configuration and the console back (`DRMOutput.close()`).
    public func close() { display.close() }

    /// Opens the card (through the seat when not root and libseat has one) and the input
    /// devices; refuses, closing what it opened, when either is missing, so automatic selection
    /// can fall back to the framebuffer.
    static func open(_ options: KioskOptions) -> Result<DRMBackend, KioskRefusal> {
        var seat: SeatSession?
        if geteuid() != 0, SeatSession.isAvailable { seat = try? SeatSession() }
        var drm = DRMOptions(node: options.drmDevice, connector: options.connector, mode: options.mode, rotation: options.rotation)
        drm.allowsAtomic = !options.drmLegacy
        let opener: DRMNodeOpener
        if let seat {
            // The seat manager switches VTs and hands DRM master out; the VT is left alone.
            opener = DRMNodeOpener(throughSeat: true, open: { seat.openDevice($0) }, close: { seat.closeDevice($0) })
            drm.console = .none
            drm.terminalSwitching = .unmanaged
        } else {
            opener = .direct
            drm.console = PanelBootstrap.console(options)
            drm.terminalSwitching = options.allowsTerminalSwitching ? .cooperative : .locked
        }
        let display: DRMOutput
        do throws(DRMError) { display = try DRMOutput(options: drm, opener: opener) } catch {
            return .failure(KioskRefusal("DRM: \(error)"))
        }
        let input: LibinputSource
        switch PanelBootstrap.openInput(options, outputSize: display.size, seat: seat, opened: "DRM \(display.summary)", closeOutput: { display.close() }) {
        case .success(let opened): input = opened
        case .failure(let refusal): return .failure(refusal)
        }
        return .success(DRMBackend(display: display, input: input, rotation: options.rotation))
    }
}
