import CLinux
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
    let fd: Int32
    let frames: Int
    let began = DispatchSemaphore(value: 0)
    let ended = DispatchSemaphore(value: 0)
    var writeTimes: [UInt64]

    init(fd: Int32, frames: Int) {
        self.fd = fd
        self.frames = frames
        writeTimes = [UInt64](repeating: 0, count: frames)
    }

    func start() {
        let thread = Thread(self)
        thread.start()
    }

    func run() {
        for i in 0..<frames {
            var pause = timespec(tv_sec: 0, tv_nsec: 300_000)
            nanosleep(&pause, nil)
            let x = Int32(500 + (i % 7) * 400), y = Int32(400 + (i % 5) * 500)
            writeTimes[i] = monotonicNanoseconds()
            emit([(3, 0x2f, 0), (3, 0x39, Int32(i % 60000)), (3, 0x35, x), (3, 0x36, y), (1, 0x14a, 1), (3, 0, x), (3, 1, y), (0, 0, 0)])
            began.wait()
            emit([(3, 0x2f, 0), (3, 0x39, -1), (1, 0x14a, 0), (0, 0, 0)])
            ended.wait()
        }
    }

    private func emit(_ events: [(UInt16, UInt16, Int32)]) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let records = events.map { clinux_input_event(now.tv_sec, now.tv_nsec / 1000, $0.0, $0.1, $0.2) }
        let n = records.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n != records.count * MemoryLayout<input_event>.size { fatalError("inputbench: write to the emulated touchscreen failed") }
    }
}

/// A pthread running `Writer.run` (Foundation-free).
final class Thread {
    private let writer: Writer
    init(_ writer: Writer) { self.writer = writer }
    func start() {
        var tid = pthread_t()
        let box = Unmanaged.passRetained(writer).toOpaque()
        pthread_create(
            &tid, nil,
            { raw in
                let writer = Unmanaged<Writer>.fromOpaque(raw!).takeRetainedValue()
                writer.run()
                return nil
            }, box)
        pthread_detach(tid)
    }
}

@inline(__always) func monotonicNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
}
