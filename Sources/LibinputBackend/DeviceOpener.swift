import CLibinput
import CLinux

#if canImport(Glibc)
import Glibc
#endif

/// The `open_restricted` / `close_restricted` pair libinput calls to open device nodes: always
/// with `O_CLOEXEC | O_NONBLOCK` on top of libinput's flags, recording every failure so the source
/// can say which device could not be opened and why.
///
/// With a `SeatSession`, nodes are opened through libseat (`libseat_open_device`, remembering the
/// device id per fd for `libseat_close_device`); without one, with `open(2)`: the source then runs
/// as root or with access to /dev/input (the `input` group or a uaccess rule); a permission
/// failure says so.
final class DeviceOpener: @unchecked Sendable {
    // Touched only from libinput calls made on the main thread.
    struct Failure { let path: String; let errno: Int32 }
    var failures: [Failure] = []
    var opened = 0
    /// The seat devices are opened through; nil opens them directly.
    let session: SeatSession?

    init(session: SeatSession?) { self.session = session }

    /// Opens `path` through the seat or with `open(2)`: the fd, or `-errno`.
    func open(_ path: UnsafePointer<CChar>, flags: Int32) -> Int32 {
        if let session { return session.openDevice(String(cString: path)) }
        let fd = clinux_open(path, flags | clinux_device_open_flags())
        return fd < 0 ? -errno : fd
    }

    /// The C table libinput keeps a pointer to for the context's life: allocated once, never freed.
    nonisolated(unsafe) static let interface: UnsafeMutablePointer<libinput_interface> = {
        let table = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        table.initialize(
            to: libinput_interface(
                open_restricted: { path, flags, data in
                    guard let path, let data else { return -EINVAL }
                    let opener = Unmanaged<DeviceOpener>.fromOpaque(data).takeUnretainedValue()
                    let fd = opener.open(path, flags: flags)
                    if fd < 0 {
                        opener.failures.append(Failure(path: String(cString: path), errno: -fd))
                        return fd
                    }
                    opener.opened += 1
                    return fd
                },
                close_restricted: { fd, data in
                    if let data, let session = Unmanaged<DeviceOpener>.fromOpaque(data).takeUnretainedValue().session {
                        session.closeDevice(fd)
                    } else {
                        close(fd)
                    }
                }))
        return table
    }()

    /// Opens and closes `path` the way libinput would, to name the problem before libinput does:
    /// missing node, or no permission. Nil when it opens.
    func check(_ path: String) -> LibinputError? {
        let fd = path.withCString { open($0, flags: O_RDWR) }
        if fd >= 0 {
            if let session { session.closeDevice(fd) } else { close(fd) }
            return nil
        }
        switch -fd {
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
