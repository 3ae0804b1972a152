import CLinux

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT/SIGTERM delivered to a thread other than the main one (which blocks them for the
/// signalfd): a handler writes the signal number into a non-blocking pipe the run loop watches.
/// `write(2)` is async-signal-safe; nothing else happens in the handler.
enum SignalPipe {
    // Set once by `install()` on the main thread before any handler can run.
    nonisolated(unsafe) static var readEnd: Int32 = -1
    nonisolated(unsafe) static var writeEnd: Int32 = -1

    /// Creates the pipe and installs the handlers (once per process).
    static func install() -> Bool {
        if readEnd >= 0 { return true }
        var fds: [Int32] = [-1, -1]
        guard clinux_pipe_nonblocking(&fds) == 0 else { return false }
        readEnd = fds[0]
        writeEnd = fds[1]
        for number in [SIGINT, SIGTERM] {
            signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(SignalPipe.writeEnd, &byte, 1)
            }
        }
        return true
    }

    /// The last signal number written, draining the pipe.
    static func read() -> Int32? {
        var byte: UInt8 = 0
        var last: Int32?
        while Glibc.read(readEnd, &byte, 1) == 1 { last = Int32(byte) }
        return last
    }
}
