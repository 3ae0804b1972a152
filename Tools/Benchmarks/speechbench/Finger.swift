import CLinux
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
    let fd: Int32
    let touches: Int
    /// Signalled by whoever sees the first audio sample of the current touch's utterance.
    let heard = DispatchSemaphore(value: 0)
    /// Set when a touch got no audio within the timeout.
    var silentTouches = 0
    var onFinished: @Sendable () -> Void = {}

    init(fd: Int32, touches: Int) {
        self.fd = fd
        self.touches = touches
    }

    func start() {
        var tid = pthread_t()
        let box = Unmanaged.passRetained(self).toOpaque()
        pthread_create(
            &tid, nil,
            { raw in
                let finger = Unmanaged<Finger>.fromOpaque(raw!).takeRetainedValue()
                finger.run()
                return nil
            }, box)
        pthread_detach(tid)
    }

    private func run() {
        for i in 0..<touches {
            var rest = timespec(tv_sec: 0, tv_nsec: 250_000_000)
            nanosleep(&rest, nil)
            let x = Int32(500 + (i % 7) * 400), y = Int32(400 + (i % 5) * 500)
            emit([(3, 0x2f, 0), (3, 0x39, Int32(i % 60000)), (3, 0x35, x), (3, 0x36, y), (1, 0x14a, 1), (3, 0, x), (3, 1, y), (0, 0, 0)])
            if heard.wait(timeout: .now() + .seconds(10)) == .timedOut { silentTouches += 1 }
            emit([(3, 0x2f, 0), (3, 0x39, -1), (1, 0x14a, 0), (0, 0, 0)])
        }
        var rest = timespec(tv_sec: 0, tv_nsec: 300_000_000)
        nanosleep(&rest, nil)
        onFinished()
    }

    private func emit(_ events: [(UInt16, UInt16, Int32)]) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let records = events.map { clinux_input_event(now.tv_sec, now.tv_nsec / 1000, $0.0, $0.1, $0.2) }
        let n = records.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n != records.count * MemoryLayout<input_event>.size { fatalError("speechbench: write to the emulated touchscreen failed") }
    }
}
