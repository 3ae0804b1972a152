import CSeat

#if canImport(Glibc)
import Glibc
#endif

/// A libseat session: device nodes opened through the seat provider (seatd or systemd-logind), so
/// an unprivileged process gets the input devices of the seat it sits at. libseat is loaded at run
/// time (`dlopen("libseat.so.1")`, the `CSeat` shim); where it is absent, `isAvailable` is false.
///
/// The C calls: `libseat_open_seat` (with enable/disable listeners), `libseat_get_fd` and
/// `libseat_dispatch` (the seat fd must be watched: `LibinputSource.seatFileDescriptor`),
/// `libseat_open_device` / `libseat_close_device`, `libseat_disable_seat` (acknowledging a disable),
/// `libseat_close_seat`. Use it on the thread that created it (the main thread): the callbacks run
/// inside `dispatch`.
public final class SeatSession: @unchecked Sendable {
    /// Whether libseat.so.1 could be loaded (`dlopen`).
    public static var isAvailable: Bool { cseat_load() != 0 }

    /// Why libseat could not be loaded (the `dlerror` text); nil when it loads.
    public static var loadError: String? { cseat_load_error().map { String(cString: $0) } }

    /// True between the seat's enable and disable events: devices can be opened.
    public private(set) var isEnabled = false
    /// The seat's name, e.g. "seat0" (`libseat_seat_name`).
    public var name: String { String(cString: cseat_name(handle)) }
    /// The fd to poll for readability; call `dispatch()` when it is (`libseat_get_fd`).
    public var fileDescriptor: Int32 { cseat_fd(handle) }

    /// Called after the seat is enabled again (e.g. switching back to this VT): resume devices.
    public var onEnable: (() -> Void)?
    /// Called when the seat is being taken away, before `disable()` is acknowledged for you:
    /// close or suspend every device here (`libinput_suspend`).
    public var onDisable: (() -> Void)?

    private let handle: OpaquePointer
    /// libseat's device id for each fd it gave us, for `libseat_close_device`.
    private var deviceIDs: [Int32: Int32] = [:]

    /// Opens the seat and waits (dispatching, at most `timeout` seconds) until it is enabled.
    /// - Throws: `LibinputError.libseatUnavailable` when libseat.so.1 is not installed,
    ///   `.noSeatAccess` when no seat provider answers (no seatd socket, no logind session) or
    ///   the seat does not become active in time.
    public init(timeout: Double = 2, verbose: Bool = false) throws(LibinputError) {
        guard cseat_load() != 0 else { throw .libseatUnavailable(Self.loadError ?? "libseat.so.1 not found") }
        cseat_set_log_level(verbose ? 3 : 0)
        let pending = Pending()
        let data = Unmanaged.passUnretained(pending).toOpaque()
        // The listener's user data is a small object that exists before the session does (the
        // first enable arrives while init waits) and forwards to it afterwards.
        guard let handle = cseat_open({ Pending.from($0).enable() }, { Pending.from($0).disable() }, data) else {
            let code = errno
            throw .noSeatAccess(String(cString: strerror(code)))
        }
        pending.handle = handle
        let deadline = Self.now() + timeout
        while !pending.enabled {
            let remaining = deadline - Self.now()
            if remaining <= 0 {
                let seat = String(cString: cseat_name(handle))
                cseat_close(handle)
                throw .noSeatAccess("seat '\(seat)' did not become active within \(timeout) s (another session holds it)")
            }
            if cseat_dispatch(handle, Int32(min(max(1, remaining * 1000), 3_600_000))) < 0 {
                let code = errno
                cseat_close(handle)
                throw .noSeatAccess("libseat_dispatch failed: \(String(cString: strerror(code)))")
            }
        }
        self.handle = handle
        pending.session = self
        isEnabled = true
        self.pending = pending
    }

    deinit {
        for (fd, id) in deviceIDs {
            cseat_close_device(handle, id)
            close(fd)
        }
        cseat_close(handle)
    }

    /// Handles what the seat provider sent (`libseat_dispatch` without waiting): may call
    /// `onDisable` (then acknowledges with `libseat_disable_seat`) or `onEnable`.
    /// Returns false when the connection to the seat provider failed.
    @discardableResult
    public func dispatch() -> Bool { cseat_dispatch(handle, 0) >= 0 }

    /// Opens `path` through the seat (`libseat_open_device`), `O_CLOEXEC | O_NONBLOCK`.
    /// Returns the fd, or `-errno` (the `open_restricted` convention).
    public func openDevice(_ path: String) -> Int32 {
        var fd: Int32 = -1
        let id = cseat_open_device(handle, path, &fd)
        if id < 0 { return -errno }
        deviceIDs[fd] = id
        return fd
    }

    /// Releases a device `openDevice` returned (`libseat_close_device`) and closes the fd; an fd
    /// the seat did not open is just closed.
    public func closeDevice(_ fd: Int32) {
        if let id = deviceIDs.removeValue(forKey: fd) { cseat_close_device(handle, id) }
        close(fd)
    }

    // MARK: - Listener plumbing

    /// Receives libseat's callbacks; records the first enable while init is still waiting.
    private final class Pending {
        weak var session: SeatSession?
        var handle: OpaquePointer?
        var enabled = false
        static func from(_ data: UnsafeMutableRawPointer?) -> Pending {
            Unmanaged<Pending>.fromOpaque(data!).takeUnretainedValue()
        }
        func enable() {
            enabled = true
            guard let session, session.pending != nil else { return }
            session.isEnabled = true
            session.onEnable?()
        }
        func disable() {
            enabled = false
            if let session, session.pending != nil {
                session.isEnabled = false
                session.onDisable?()
            }
            // Acknowledge even while init waits, or the provider revokes the seat.
            if let handle { cseat_disable(handle) }
        }
    }

    /// Kept for the seat's life: libseat holds a pointer to it as the listener's user data.
    private var pending: Pending?

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
