import BenchmarkSupport
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// The "finger": a thread that writes a touch-down frame to the emulated touchscreen, waits
/// until the main thread saw `touchesBegan`, writes the touch-up frame, waits for `touchesEnded`,
/// and so on. The write time of each down frame is the start of the measured latency.
final class Writer: @unchecked Sendable {
    // Written by the writer thread before it signals, read by the main thread after: the
    // semaphores order every access.
    let frames: TouchFrameWriter
    let count: Int
    let began = DispatchSemaphore(value: 0)
    let ended = DispatchSemaphore(value: 0)
    var writeTimes: [UInt64]

    init(fd: Int32, frames count: Int) {
        frames = TouchFrameWriter(fd: fd, tool: "inputbench")
        self.count = count
        writeTimes = [UInt64](repeating: 0, count: count)
    }

    func start() { startDetachedThread { self.run() } }

    private func run() {
        for i in 0..<count {
            var pause = timespec(tv_sec: 0, tv_nsec: 300_000)
            nanosleep(&pause, nil)
            writeTimes[i] = monotonicNanoseconds()
            frames.down(i)
            began.wait()
            frames.up()
            ended.wait()
        }
    }
}
