#if canImport(Glibc)
import Glibc
#endif

/// What systemd listens on for `sd_notify` (its `NOTIFY_SOCKET`): a bound, non-blocking
/// `AF_UNIX` datagram socket, at a path or an abstract name (`@name`), whose datagrams a test reads
/// back. The socket file is removed when it goes.
public final class NotifySocket {
    /// The descriptor (`socket(AF_UNIX, SOCK_DGRAM)`).
    public let fd: Int32
    /// The value for `NOTIFY_SOCKET`.
    public let name: String

    /// Binds a fresh socket (`bind`), named after this process and a random number.
    public init(abstract: Bool) throws {
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let unique = "responderkit-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        name = abstract ? "@" + unique : "\(P_tmpdir)/\(unique)"
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (i, byte) in bytes.enumerated() { path[i] = byte }
            if abstract { path[0] = 0 }
        }
        let length = socklen_t(2 + bytes.count + (abstract ? 0 : 1))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard fd >= 0, bound == 0 else { throw NotifySocketFailure(message: "bind \(name): \(String(cString: strerror(errno)))") }
    }

    deinit {
        close(fd)
        if !name.hasPrefix("@") { unlink(name) }
    }

    /// Every datagram received since the last call (`recv`, without waiting).
    public func received() -> [String] {
        var messages: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { return messages }
            messages.append(String(decoding: buffer[0..<n], as: UTF8.self))
        }
    }
}

/// The socket could not be made.
public struct NotifySocketFailure: Error, CustomStringConvertible {
    /// The failed call and why.
    public let message: String
    /// The message.
    public var description: String { message }
}
