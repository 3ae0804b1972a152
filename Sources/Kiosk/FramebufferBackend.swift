import FramebufferOutput
import Keymap
import KioskLoop
import LibinputBackend
import Rendering
import ResponderKit

/// The panel-without-compositor target: the Linux framebuffer for pixels and libinput for touch,
/// pointer and keys, with one `DisplayRotation` turning picture and touch together.
@MainActor
public final class FramebufferBackend: KioskBackend {
    /// The panel.
    public let framebuffer: FramebufferOutput
    /// Touch, pointer and keys.
    public let input: LibinputSource
    /// The panel, as the host draws into it.
    public var output: any Output { framebuffer }
    /// The rotation the panel and the touch are turned by (`--rotation`).
    public let rotation: DisplayRotation
    /// The libinput source.
    public var inputSources: [any MainLoopSource] { [input] }
    /// The keymap libinput reads keys with.
    public var keymap: Keymap? { input.keyboards.keymap }
    /// `FBIOBLANK` powerdown and back.
    public var screenPower: KioskScreenPower { .switchable { [framebuffer] in framebuffer.setBlanked($0) } }
    /// "on PANEL with N input device(s), rotation R°".
    public var startMessage: String? {
        "on \(framebuffer.panel) with \(input.devices.count) input device(s), rotation \(rotation.rawValue)°"
    }

    private init(framebuffer: FramebufferOutput, input: LibinputSource, rotation: DisplayRotation) {
        self.framebuffer = framebuffer
        self.input = input
        self.rotation = rotation
    }

    /// The host's session: drawn again in full when the panel comes back from another VT.
    private weak var session: KioskSession?

    /// Keeps the session, to redraw it after a VT switch back.
    public func attach(_ session: KioskSession) { self.session = session }

    /// VT switching on the framebuffer: the output answers the kernel's requests (a locked VT
    /// refuses them); while another VT is on screen libinput is suspended, so touches made there
    /// are never delivered, and on the way back it resumes and the session draws at once. Warns
    /// when the terminal refused `VT_SETMODE` (the VT is then neither locked nor released).
    public func start(on loop: MainLoop) throws {
        if framebuffer.consolePath != nil && framebuffer.terminalSwitching == .unmanaged {
            warn("\(framebuffer.consolePath ?? "") refused VT_SETMODE: the VT is neither locked nor released on a switch")
        }
        guard let requests = framebuffer.terminalSwitchRequests else { return }
        try loop.addSource(requests) { [framebuffer, input, weak self] in
            switch framebuffer.handleTerminalSwitchRequests() {
            case .released?: input.suspend()
            case .acquired?:
                input.resume()
                self?.session?.frame()
            case .refused?, nil: break
            }
        }
    }

    /// Gives the console back (`FramebufferOutput.close()`).
    public func close() { framebuffer.close() }

    /// Opens the framebuffer and the input devices; refuses (closing what it opened) when either
    /// is missing, so automatic selection can fall back to headless.
    static func open(_ options: KioskOptions) -> Result<FramebufferBackend, KioskRefusal> {
        let output: FramebufferOutput
        do {
            var framebuffer = FramebufferOptions(node: options.framebufferDevice, rotation: options.rotation)
            framebuffer.console = PanelBootstrap.console(options)
            framebuffer.terminalSwitching = options.allowsTerminalSwitching ? .cooperative : .locked
            output = try FramebufferOutput(options: framebuffer)
        } catch {
            return .failure(KioskRefusal("framebuffer: \(error)"))
        }
        let input: LibinputSource
        switch PanelBootstrap.openInput(options, outputSize: output.size, opened: "framebuffer \(options.framebufferDevice)", closeOutput: { output.close() }) {
        case .success(let opened): input = opened
        case .failure(let refusal): return .failure(refusal)
        }
        return .success(FramebufferBackend(framebuffer: output, input: input, rotation: options.rotation))
    }
}
