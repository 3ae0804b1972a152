#if canImport(Glibc)
import Glibc
#endif

/// Why a framebuffer could not be opened; each description names the node and what to do.
public enum FramebufferError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `open` said ENOENT, ENODEV or ENXIO: no node, or no driver behind it.
    case missingNode(node: String, errno: Int32)
    /// `open` said EACCES or EPERM.
    case permissionDenied(node: String)
    /// `open` failed for another reason.
    case openFailed(node: String, errno: Int32)
    /// `FBIOGET_VSCREENINFO` or `FBIOGET_FSCREENINFO` was refused (ENOTTY: not a framebuffer).
    case notAFramebuffer(node: String, errno: Int32)
    /// The driver's pixel layout is not one this output converts to.
    case unsupportedFormat(node: String, format: String)
    /// The driver's sizes contradict each other (or the node is a file shorter than its memory).
    case invalidGeometry(node: String, detail: String)
    /// `mmap` of the framebuffer memory failed.
    case mapFailed(node: String, length: Int, errno: Int32)

    /// The device node the error is about.
    public var node: String {
        switch self {
        case .missingNode(let node, _), .permissionDenied(let node), .openFailed(let node, _),
            .notAFramebuffer(let node, _), .unsupportedFormat(let node, _), .invalidGeometry(let node, _),
            .mapFailed(let node, _, _):
            return node
        }
    }

    /// What went wrong at which node and, where there is one, what to do about it.
    public var description: String {
        switch self {
        case .missingNode(let node, let code):
            return "no framebuffer at \(node) (\(Self.text(code))): is a panel driver loaded? list /sys/class/graphics/ for the fb devices there are"
        case .permissionDenied(let node):
            return "permission denied opening \(node): add the user to the `video` group or run through logind/seatd"
        case .openFailed(let node, let code):
            return "cannot open \(node): \(Self.text(code))"
        case .notAFramebuffer(let node, let code):
            return "\(node) is not a framebuffer (FBIOGET_VSCREENINFO: \(Self.text(code))): give the fb device node, e.g. /dev/fb0 (see /sys/class/graphics/)"
        case .unsupportedFormat(let node, let format):
            return
                "unsupported pixel format on \(node): \(format); ResponderKit draws into 32 bpp (XRGB/ARGB in any byte order) and 16 bpp (RGB565) truecolor framebuffers: set one with `fbset -depth 32` (or 16) or the driver's options"
        case .invalidGeometry(let node, let detail):
            return "unusable framebuffer geometry on \(node): \(detail)"
        case .mapFailed(let node, let length, let code):
            return "cannot map the \(length) bytes of framebuffer memory of \(node): \(Self.text(code))"
        }
    }

    static func text(_ code: Int32) -> String { String(cString: strerror(code)) }
}
