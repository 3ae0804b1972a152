#if canImport(Glibc)
import Glibc
#endif

/// Why the DRM output could not be opened or driven; each description names the node, the reason
/// and what to do.
public enum DRMError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No `/dev/dri/card*` node at all, or the named one does not exist.
    case missingNode(node: String, errno: Int32)
    /// `open` (or the seat) said EACCES or EPERM.
    case permissionDenied(node: String, throughSeat: Bool)
    /// `open` failed for another reason.
    case openFailed(node: String, errno: Int32)
    /// The node answers no KMS request (`drmModeGetResources` failed: a render-only GPU, or not a
    /// DRM node).
    case notModesetting(node: String, errno: Int32)
    /// Another process is DRM master (a compositor, another kiosk): the mode set was refused.
    /// `holder` names it when it can be told ("PID 812 (weston)").
    case anotherMaster(node: String, holder: String?)
    /// No connected connector (or the named one is not there / not connected).
    case noConnector(node: String, asked: String?, available: [String])
    /// The connector does not offer the asked mode.
    case noSuchMode(node: String, connector: String, asked: String, available: [String])
    /// No CRTC can drive the connector, or no primary plane for it.
    case noCRTC(node: String, connector: String)
    /// The primary plane offers neither XRGB8888 nor RGB565.
    case unsupportedFormats(node: String, offered: [String])
    /// Creating, registering or mapping a dumb buffer failed.
    case bufferFailed(node: String, call: String, errno: Int32)
    /// The first mode set was refused for another reason.
    case modesetFailed(node: String, call: String, errno: Int32)

    /// The node the error is about.
    public var node: String {
        switch self {
        case .missingNode(let node, _), .permissionDenied(let node, _), .openFailed(let node, _), .notModesetting(let node, _),
            .anotherMaster(let node, _), .noConnector(let node, _, _), .noSuchMode(let node, _, _, _), .noCRTC(let node, _),
            .unsupportedFormats(let node, _), .bufferFailed(let node, _, _), .modesetFailed(let node, _, _):
            return node
        }
    }

    /// What went wrong at which node and what to do about it.
    public var description: String {
        switch self {
        case .missingNode(let node, let code):
            return "no DRM device at \(node) (\(Self.text(code))): is a display driver loaded? list /dev/dri/ and /sys/class/drm/ for the cards there are"
        case .permissionDenied(let node, let throughSeat):
            return throughSeat
                ? "the seat refused \(node): run the kiosk in the seat's active session (logind) or as a member of seatd's group"
                : "permission denied opening \(node): add the user to the `video` group or run through logind/seatd (libseat)"
        case .openFailed(let node, let code):
            return "cannot open \(node): \(Self.text(code))"
        case .notModesetting(let node, let code):
            return "\(node) does not do modesetting (drmModeGetResources: \(Self.text(code))): name the display card with --drm (see /sys/class/drm/)"
        case .anotherMaster(let node, let holder):
            let who = holder.map { "\($0) holds it" } ?? "another process holds it (a compositor or another kiosk)"
            return "\(node) is in use: DRM master was refused, \(who): stop it, or run this app under it (--target wayland)"
        case .noConnector(let node, let asked, let available):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            if let asked { return "no connected connector '\(asked)' on \(node) (connectors: \(list)): name one with --connector" }
            return "no connected display on \(node) (connectors: \(list)): plug a display in, or name another card with --drm"
        case .noSuchMode(let node, let connector, let asked, let available):
            return "\(connector) on \(node) offers no mode \(asked) (modes: \(available.joined(separator: ", "))): pick one with --mode WxH[@Hz]"
        case .noCRTC(let node, let connector):
            return "no free CRTC with a primary plane can drive \(connector) on \(node): another output uses it; pick another --connector"
        case .unsupportedFormats(let node, let offered):
            return "the primary plane on \(node) offers neither XRGB8888 nor RGB565 (offers \(offered.joined(separator: ", ")))"
        case .bufferFailed(let node, let call, let code):
            return "cannot make a scan-out buffer on \(node): \(call): \(Self.text(code))"
        case .modesetFailed(let node, let call, let code):
            return "the mode set on \(node) was refused: \(call): \(Self.text(code))"
        }
    }

    static func text(_ code: Int32) -> String { String(cString: strerror(code)) }
}
