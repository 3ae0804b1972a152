#if canImport(Glibc)
import Glibc
#endif

/// How the output opens a card node: directly (`open(2)`, as root or a member of `video`) or
/// through the seat manager (libseat, which also hands out DRM master). The host builds the seat
/// one from its libseat session; the output knows no seat.
public struct DRMNodeOpener: Sendable {
    /// Opens a node: the fd, or `-errno`.
    public var openNode: @Sendable (String) -> Int32
    /// Releases an fd `openNode` gave.
    public var closeNode: @Sendable (Int32) -> Void
    /// Whether nodes go through a seat manager (the refusal then says so).
    public var throughSeat: Bool

    /// An opener with these calls.
    public init(throughSeat: Bool, open: @escaping @Sendable (String) -> Int32, close: @escaping @Sendable (Int32) -> Void) {
        self.throughSeat = throughSeat
        openNode = open
        closeNode = close
    }

    /// `open(2)` read-write, close-on-exec, non-blocking; `close(2)`.
    public static let direct = DRMNodeOpener(
        throughSeat: false,
        open: { node in
            let fd = Glibc.open(node, O_RDWR | O_CLOEXEC | O_NONBLOCK)
            return fd >= 0 ? fd : -errno
        },
        close: { fd in _ = Glibc.close(fd) })

    /// Opens `node`, turning a refusal into the `DRMError` that names the reason and the fix.
    func open(_ node: String) throws(DRMError) -> DRMDevice {
        let fd = openNode(node)
        guard fd >= 0 else {
            let code = -fd
            switch code {
            case EACCES, EPERM: throw .permissionDenied(node: node, throughSeat: throughSeat)
            case ENOENT, ENODEV, ENXIO: throw .missingNode(node: node, errno: code)
            default: throw .openFailed(node: node, errno: code)
            }
        }
        return DRMDevice(node: node, fd: fd, closer: closeNode)
    }

    /// The card nodes present, `/dev/dri/card0` first.
    public static func cards() -> [String] {
        (0..<16).map { "/dev/dri/card\($0)" }.filter { access($0, F_OK) == 0 }
    }

    /// Which other processes have `node` open ("PID 812 (weston)"), read from `/proc/*/fd`;
    /// nil when none can be seen (another user's processes need root to look into).
    public static func holder(of node: String) -> String? {
        guard let proc = opendir("/proc") else { return nil }
        defer { closedir(proc) }
        let me = getpid()
        var found: [String] = []
        while let entry = readdir(proc) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = Int32(name), pid != me, let fds = opendir("/proc/\(name)/fd") else { continue }
            defer { closedir(fds) }
            while let fd = readdir(fds) {
                let fdName = withUnsafeBytes(of: fd.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                var target = [CChar](repeating: 0, count: 256)
                let n = readlink("/proc/\(name)/fd/\(fdName)", &target, 255)
                guard n > 0, String(decoding: target[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) == node else { continue }
                found.append("PID \(pid) (\(command(of: name)))")
                break
            }
        }
        return found.isEmpty ? nil : found.joined(separator: ", ")
    }

    private static func command(of pid: String) -> String {
        guard let file = fopen("/proc/\(pid)/comm", "r") else { return "?" }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, 64, file) != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
