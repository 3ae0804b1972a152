import CLinux

#if canImport(Glibc)
import Glibc
#endif

/// The signal the kernel sends for a pending switch away from the kiosk's VT and for the switch
/// back (`VT_SETMODE`'s `relsig` and `acqsig`; one signal for both, told apart by whether the VT
/// is ours at the time). A handler writes a byte into a non-blocking pipe whose read end the
/// host's run loop watches: `write(2)` is async-signal-safe, and the handler works on whichever
/// thread the kernel picks. SIGUSR1 is taken by the hit-test dump, so this is SIGUSR2.
enum TerminalSwitchSignal {
    static let number = SIGUSR2
    // Set once by `install()` on the main thread before the kernel can send the signal.
    nonisolated(unsafe) static var readEnd: Int32 = -1
    nonisolated(unsafe) static var writeEnd: Int32 = -1

    /// Creates the pipe and installs the handler (once per process); false when `pipe2` fails.
    static func install() -> Bool {
        if readEnd >= 0 { return true }
        var fds: [Int32] = [-1, -1]
        guard clinux_pipe_nonblocking(&fds) == 0 else { return false }
        readEnd = fds[0]
        writeEnd = fds[1]
        signal(number) { _ in
            var byte: UInt8 = 1
            _ = write(TerminalSwitchSignal.writeEnd, &byte, 1)
        }
        return true
    }

    /// How many signals arrived since the last call (each one is a switch request to answer).
    static func drain() -> Int {
        guard readEnd >= 0 else { return 0 }
        var bytes = [UInt8](repeating: 0, count: 16)
        var count = 0
        while true {
            let n = read(readEnd, &bytes, bytes.count)
            guard n > 0 else { return count }
            count += n
        }
    }
}
