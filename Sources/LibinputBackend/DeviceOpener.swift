import CLibinput
import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// The `open_restricted` / `close_restricted` pair libinput calls to open device nodes: always
/// with `O_CLOEXEC | O_NONBLOCK` on top of libinput's flags, recording every failure so the source
/// can say which device could not be opened and why.
///
/// libseat is not used: the source runs as root or with access to /dev/input (the `input` group or
/// a uaccess rule); a permission failure says so.
final class DeviceOpener: @unchecked Sendable {
    // Touched only from libinput calls made on the main thread.
    struct Failure { let path: String; let errno: Int32 }
    var failures: [Failure] = []
    var opened = 0

    /// The C table libinput keeps a pointer to for the context's life: allocated once, never freed.
    nonisolated(unsafe) static let interface: UnsafeMutablePointer<libinput_interface> = {
        let table = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        table.initialize(to: libinput_interface(
            open_restricted: { path, flags, data in
                guard let path, let data else { return -EINVAL }
                let opener = Unmanaged<DeviceOpener>.fromOpaque(data).takeUnretainedValue()
                let fd = clinux_open(path, flags | clinux_device_open_flags())
                if fd < 0 {
                    let code = errno
                    opener.failures.append(Failure(path: String(cString: path), errno: code))
                    return -code
                }
                opener.opened += 1
                return fd
            },
            close_restricted: { fd, _ in close(fd) }))
        return table
    }()

    /// Opens and closes `path` the way libinput would, to name the problem before libinput does:
    /// missing node, or no permission. Nil when it opens.
    static func check(_ path: String) -> LibinputError? {
        let fd = clinux_open(path, O_RDWR | clinux_device_open_flags())
        if fd >= 0 { close(fd); return nil }
        switch errno {
        case EACCES, EPERM, EROFS: return .permissionDenied(path: path)
        case ENOENT, ENODEV, ENXIO, ENOTDIR: return .noSuchDevice(path: path)
        default: return .notAnInputDevice(path: path)
        }
    }

    /// The failure recorded for `path`, if any.
    func failure(for path: String) -> Failure? { failures.last { $0.path == path } }

    /// The error to report for a failed open of `path`.
    func error(for path: String) -> LibinputError {
        switch failure(for: path)?.errno {
        case EACCES, EPERM: return .permissionDenied(path: path)
        case ENOENT, ENODEV, ENXIO: return .noSuchDevice(path: path)
        case .none: return access(path, F_OK) == 0 ? .notAnInputDevice(path: path) : .noSuchDevice(path: path)
        default: return .notAnInputDevice(path: path)
        }
    }
}
