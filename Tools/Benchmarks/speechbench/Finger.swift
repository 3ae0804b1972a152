import BenchmarkSupport
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// The finger: a thread that writes one touch-down frame to the emulated touchscreen, waits until
/// the first audio sample of the words the touch made the kiosk say (or a timeout), lifts, rests,
/// and goes again. The evdev timestamp of each down frame (`CLOCK_MONOTONIC`, as the kernel stamps
/// a real device's events) is the start of the measured latency.
final class Finger: @unchecked Sendable {
    // Written by the finger thread before it signals, read by the main thread after: the
    // semaphores order every access.
    let frames: TouchFrameWriter
    let touches: Int
    /// Signalled by whoever sees the first audio sample of the current touch's utterance.
    let heard = DispatchSemaphore(value: 0)
    /// Set when a touch got no audio within the timeout.
    var silentTouches = 0
    var onFinished: @Sendable () -> Void = {}

    init(fd: Int32, touches: Int) {
        frames = TouchFrameWriter(fd: fd, tool: "speechbench")
        self.touches = touches
    }

    func start() { startDetachedThread { self.run() } }

    private func run() {
        for i in 0..<touches {
            var rest = timespec(tv_sec: 0, tv_nsec: 250_000_000)
            nanosleep(&rest, nil)
            frames.down(i)
            if heard.wait(timeout: .now() + .seconds(10)) == .timedOut { silentTouches += 1 }
            frames.up()
        }
        var rest = timespec(tv_sec: 0, tv_nsec: 300_000_000)
        nanosleep(&rest, nil)
        onFinished()
    }
}
