#if canImport(Glibc)
import Glibc
#endif

/// Why the Wayland connection cannot start or had to stop. Each case has a clear message and a
/// distinct process exit status (sysexits.h values) for kiosk supervisors.
public enum WaylandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `wl_display_connect` failed: no compositor listens at `endpoint`.
    case noCompositor(endpoint: String, errno: Int32)
    /// The compositor does not offer a global the client needs (`wl_compositor`, `wl_shm`, `xdg_wm_base`).
    case missingGlobal(String)
    /// The compositor killed the connection with a protocol error (`wl_display_get_protocol_error`).
    case protocolError(interface: String, objectID: UInt32, code: UInt32)
    /// The connection broke: the compositor exited or closed the socket (`wl_display_get_error`).
    case compositorGone(errno: Int32)
    /// The compositor accepted the connection but did not answer a `wl_display_sync` in time.
    case unresponsive(seconds: Double)
    /// Shared memory for a buffer could not be made (`memfd_create`, `ftruncate`, `mmap`).
    case bufferAllocation(errno: Int32)

    /// 69 `EX_UNAVAILABLE` no compositor, 78 `EX_CONFIG` missing global, 76 `EX_PROTOCOL`
    /// protocol error, 75 `EX_TEMPFAIL` compositor gone or unresponsive, 71 `EX_OSERR` no shared memory.
    public var exitCode: Int32 {
        switch self {
        case .noCompositor: 69
        case .missingGlobal: 78
        case .protocolError: 76
        case .compositorGone, .unresponsive: 75
        case .bufferAllocation: 71
        }
    }

    /// What went wrong, with the system's reason where there is an errno, and what to do when something can be done.
    public var description: String {
        switch self {
        case let .noCompositor(endpoint, code):
            "no Wayland compositor at \(endpoint) (\(Self.text(code))); start one or set WAYLAND_DISPLAY"
        case let .missingGlobal(name):
            "the Wayland compositor does not offer \(name), which ResponderKit needs"
        case let .protocolError(interface, objectID, code):
            "the Wayland compositor reported a protocol error on \(interface)@\(objectID) (code \(code))"
        case let .compositorGone(code):
            "the Wayland compositor went away (\(Self.text(code)))"
        case let .unresponsive(seconds):
            "the Wayland compositor did not answer within \(seconds) s"
        case let .bufferAllocation(code):
            "cannot allocate a shared-memory buffer (\(Self.text(code)))"
        }
    }

    private static func text(_ code: Int32) -> String { code == 0 ? "no error code" : String(cString: strerror(code)) }
}
