import CLinux

#if canImport(Glibc)
import Glibc
#endif

/// Feeds evdev frames to an emulated device at the pace its reader (libinput) keeps, on the
/// reader's own thread, without ever blocking in `write(2)`.
///
/// The node is a pty with a ~4 KB line buffer. A writer that blocks on a full pty while the
/// reader waits on the same thread deadlocks; and when more than the buffer is pending, a read can
/// end inside a 24-byte `struct input_event`, libevdev answers `-EINVAL` and libinput stops
/// reading the device, so the rest of the replay is silently lost. So each write is at most
/// `chunkLimit` events (one kernel tty buffer page, delivered to the reader in one piece), and
/// the reader drains it before the next one. A reader that stops reading ends the feed with an
/// error after `timeout`, never a hang.
public final class PacedFeeder {
    /// Events per `write(2)`: 74 × 24 bytes fit one tty flip-buffer page (1,792 bytes), so the
    /// reader is woken once the whole chunk is in its buffer, never with half a record.
    public static let chunkLimit = 74

    /// Why the feed stopped.
    public struct Stalled: Error, CustomStringConvertible {
        /// A sentence naming the device and how far the feed got.
        public let description: String
    }

    let testbed: Testbed
    let device: Testbed.Device
    let readerFileDescriptor: Int32
    let timeout: Double
    let drain: () -> Void
    /// Events written so far.
    public private(set) var eventsWritten = 0
    /// Frames (calls to `write`) completed so far.
    public private(set) var framesWritten = 0

    /// A feeder for `device`; `readerFileDescriptor` turns readable when the reader has input
    /// (libinput's fd, `libinput_get_fd`) and `drain` makes it read everything pending
    /// (`libinput_dispatch` and routing).
    public init(testbed: Testbed, device: Testbed.Device, readerFileDescriptor: Int32, timeout: Double = 2, drain: @escaping () -> Void) {
        self.testbed = testbed
        self.device = device
        self.readerFileDescriptor = readerFileDescriptor
        self.timeout = timeout
        self.drain = drain
    }

    /// Writes one frame, stamped with the current `CLOCK_MONOTONIC` time, in chunks of at most
    /// `chunkLimit` events, each drained by the reader before the next. Throws `Stalled` when the
    /// pty stays full or the reader does not see a chunk within `timeout`.
    /// - Complexity: O(events), plus two `poll(2)` per chunk.
    public func write(_ events: [EvdevEvent]) throws {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let records = events.map { clinux_input_event(now.tv_sec, now.tv_nsec / 1000, $0.type, $0.code, $0.value) }
        var start = 0
        while start < records.count {
            let end = min(start + Self.chunkLimit, records.count)
            drainPending()
            try records[start..<end].withUnsafeBytes { bytes in
                var offset = 0
                let deadline = Self.now() + timeout
                while offset < bytes.count {
                    offset += try testbed.writeIfRoom(UnsafeRawBufferPointer(rebasing: bytes[offset...]), to: device)
                    if offset < bytes.count {
                        guard Self.now() < deadline else { throw stalled("the pty stayed full") }
                        waitForReader(milliseconds: 10)
                        drainPending()
                    }
                }
            }
            guard waitForReader(milliseconds: Int32(timeout * 1000)) else { throw stalled("libinput stopped reading it") }
            drainPending()
            eventsWritten += end - start
            start = end
        }
        framesWritten += 1
    }

    /// Lets the reader read until its fd has nothing left.
    private func drainPending() {
        var rounds = 0
        repeat {
            drain()
            rounds += 1
        } while waitForReader(milliseconds: 0) && rounds < 1000
    }

    @discardableResult
    private func waitForReader(milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: readerFileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let n = poll(&entry, 1, milliseconds)
            if n < 0 && errno == EINTR { continue }
            return n > 0 && entry.revents & Int16(POLLIN) != 0
        }
    }

    private func stalled(_ reason: String) -> Stalled {
        Stalled(
            description:
                "\(device.node): \(reason) after \(framesWritten) frame(s) and \(eventsWritten) event(s); the rest of the replay was not delivered")
    }

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
