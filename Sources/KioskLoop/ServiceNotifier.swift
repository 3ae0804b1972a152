import CLinux
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// systemd's service notification protocol (`sd_notify(3)`), spoken without libsystemd: one
/// `AF_UNIX` datagram of `KEY=value` lines to the socket in `NOTIFY_SOCKET`.
///
/// A kiosk unit of `Type=notify` is started once the host says `READY=1` after its first frame
/// reached the panel, and with `WatchdogSec=` it is killed and restarted when `WATCHDOG=1` stops
/// coming. The pings are sent by a timer of the application's own `TimerQueue`, which only the main
/// loop fires: a loop that froze (a handler that never returns, a deadlock) stops them, which is the
/// point. Without `NOTIFY_SOCKET` (not started by systemd) `init` returns nil and nothing is sent.
@MainActor
public final class ServiceNotifier {
    /// Where the datagrams go: a socket path, or an abstract name (given as `@name`).
    public let socketName: String
    /// Half of `WATCHDOG_USEC` in seconds (systemd's advice: ping at half the timeout), when the
    /// watchdog is on for this process; nil otherwise.
    public let watchdogInterval: Double?
    /// Datagrams that could not be sent (`sendto` failed), for the diagnostics.
    public private(set) var failures = 0
    /// The last state sent, e.g. `READY=1`.
    public private(set) var lastState: String?
    private let fd: Int32
    private var pinger: TimerQueue.Timer?

    /// Reads `NOTIFY_SOCKET`, `WATCHDOG_USEC` and `WATCHDOG_PID` from `environment`. Nil without a
    /// usable `NOTIFY_SOCKET` (absent, empty, neither a path nor `@name`, longer than
    /// `sockaddr_un` holds) or when the datagram socket cannot be made (`socket(AF_UNIX,
    /// SOCK_DGRAM)`). A `WATCHDOG_PID` naming another process, or a `WATCHDOG_USEC` that is not a
    /// positive whole number, leaves the watchdog off.
    public init?(environment: [String: String], processID: Int32 = getpid()) {
        guard let name = environment["NOTIFY_SOCKET"], name.hasPrefix("/") || name.hasPrefix("@"),
            name.utf8.count < MemoryLayout.size(ofValue: sockaddr_un().sun_path)
        else { return nil }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        self.fd = fd
        socketName = name
        let forUs = environment["WATCHDOG_PID"].map { Int32($0) == processID } ?? true
        if forUs, let text = environment["WATCHDOG_USEC"], let usec = UInt64(text), usec > 0 {
            watchdogInterval = Double(usec) / 2e6
        } else {
            watchdogInterval = nil
        }
    }

    deinit { close(fd) }

    /// Sends `state` (newline-separated `KEY=value` assignments) as one datagram
    /// (`sendto(2)`). Returns whether it was sent.
    @discardableResult
    public func send(_ state: String) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(socketName.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (i, byte) in bytes.enumerated() { path[i] = byte }
            // An abstract name starts with a NUL instead of '@'.
            if bytes.first == UInt8(ascii: "@") { path[0] = 0 }
        }
        // An abstract address's length counts only its bytes; a path's includes its NUL.
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
        let length = socklen_t(pathOffset + bytes.count + (bytes.first == UInt8(ascii: "@") ? 0 : 1))
        let payload = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddr in
                payload.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), sockaddr, length) }
            }
        }
        guard sent == payload.count else {
            failures += 1
            return false
        }
        lastState = state
        return true
    }

    /// `READY=1` with a status line: the unit is started (call it after the first frame was shown).
    @discardableResult
    public func ready(status: String) -> Bool { send("READY=1\nSTATUS=\(status)") }

    /// `STOPPING=1`: the host is shutting down (SIGTERM, the app's exit).
    @discardableResult
    public func stopping() -> Bool {
        pinger?.cancel()
        pinger = nil
        return send("STOPPING=1")
    }

    /// Starts the `WATCHDOG=1` pings on `timers` every `watchdogInterval` seconds from `now` (a
    /// first ping at once). They fire only when the main loop fires the queue's due timers, so
    /// they stop when the loop stops turning. Nothing happens when the watchdog is off.
    public func startWatchdog(timers: TimerQueue, now: Double) {
        guard let interval = watchdogInterval, pinger == nil else { return }
        send("WATCHDOG=1")
        pinger = timers.schedule(at: now + interval, repeating: interval) { [weak self] _ in
            self?.send("WATCHDOG=1")
        }
    }
}
