import FramebufferOutput
import ResponderKit

/// How to open the DRM/KMS output: which card, connector and mode, how the picture is turned,
/// which console to take over and whether the VT may be left.
public struct DRMOptions: Sendable, Equatable {
    /// The card node (`/dev/dri/cardN`); nil: the first card under `/dev/dri` with a connected
    /// connector.
    public var node: String?
    /// The connector's name as `DRMConnector.name` spells it ("eDP-1", "HDMI-A-1", "Virtual-1");
    /// nil: the first connected one, internal panels (eDP, DSI, LVDS) first.
    public var connector: String?
    /// The mode; nil: the connector's preferred mode.
    public var mode: DRMModeRequest?
    /// How the UI is turned on the panel: the plane's `rotation` property when it offers the
    /// angle, else the renderer's pixels are turned on the way into the buffer. The same value
    /// goes to the touch input so a finger lands on what is drawn under it.
    public var rotation: DisplayRotation
    /// Which text console is put in graphics mode while the output is open.
    public var console: FramebufferOptions.Console
    /// Whether the VT can be left while the output is open (VT lockdown or cooperative
    /// switching, releasing DRM master while away). Ignored through a seat manager, which
    /// switches VTs itself.
    public var terminalSwitching: TerminalSwitching
    /// Whether to use atomic modesetting when the driver offers it (`DRM_CLIENT_CAP_ATOMIC`);
    /// false forces the legacy `drmModeSetCrtc` + `drmModePageFlip` path.
    public var allowsAtomic: Bool

    /// Options with the usual defaults: the first card and connector, the preferred mode, not
    /// turned, the automatic console, VT lockdown, atomic when offered.
    public init(
        node: String? = nil, connector: String? = nil, mode: DRMModeRequest? = nil, rotation: DisplayRotation = .none,
        console: FramebufferOptions.Console = .automatic, terminalSwitching: TerminalSwitching = .locked,
        allowsAtomic: Bool = true
    ) {
        self.node = node
        self.connector = connector
        self.mode = mode
        self.rotation = rotation
        self.console = console
        self.terminalSwitching = terminalSwitching
        self.allowsAtomic = allowsAtomic
    }
}

/// A mode asked for with `--mode WxH[@Hz]`: the size, and optionally the refresh rate.
public struct DRMModeRequest: Sendable, Equatable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The refresh rate in Hz (matched to the nearest whole Hz); nil: the highest the connector
    /// offers at that size, preferring the preferred mode.
    public var refresh: Int?

    /// A request for `width` × `height` at `refresh` Hz.
    public init(width: Int, height: Int, refresh: Int? = nil) {
        self.width = width
        self.height = height
        self.refresh = refresh
    }

    /// Parses "1280x800" or "1920x1080@60"; nil for anything else (sides 1…16384, rate 1…1000).
    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let sides = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]),
            (1...16384).contains(width), (1...16384).contains(height)
        else { return nil }
        var refresh: Int?
        if parts.count == 2 {
            guard let hz = Int(parts[1]), (1...1000).contains(hz) else { return nil }
            refresh = hz
        }
        self.init(width: width, height: height, refresh: refresh)
    }

    /// "WxH" or "WxH@Hz", as parsed.
    public var description: String { "\(width)x\(height)" + (refresh.map { "@\($0)" } ?? "") }
}
