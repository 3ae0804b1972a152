import CLinux

#if canImport(Glibc)
import Glibc
#endif

/// The process's one signal self-pipe: a handler that writes the signal's number into a
/// non-blocking pipe whose read end the main loop watches (`write(2)` is async-signal-safe;
/// nothing else happens in the handler). It carries SIGINT/SIGTERM delivered to a thread other
/// than the main one (which blocks them for the signalfd) and the signals a program asks the loop
/// for (`MainLoop.addSignalHandler`, e.g. the host's SIGUSR1 hit dump).
enum SignalPipe {
    // Set once by `install()` on the main thread before any handler can run; plain integers, so
    // the handler reads them without touching the Swift runtime.
    nonisolated(unsafe) static var readEnd: Int32 = -1
    nonisolated(unsafe) static var writeEnd: Int32 = -1

    /// Creates the pipe (once per process) and routes `numbers` into it (`signal`).
    static func install(_ numbers: [Int32] = [SIGINT, SIGTERM]) -> Bool {
        if readEnd < 0 {
            var fds: [Int32] = [-1, -1]
            guard clinux_pipe_nonblocking(&fds) == 0 else { return false }
            readEnd = fds[0]
            writeEnd = fds[1]
        }
        for number in numbers {
            signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(SignalPipe.writeEnd, &byte, 1)
            }
        }
        return true
    }

    /// Drains the pipe, calling `body` with each signal number written, in order.
    static func drain(_ body: (Int32) -> Void) {
        var byte: UInt8 = 0
        while Glibc.read(readEnd, &byte, 1) == 1 { body(Int32(byte)) }
    }
}
