import CLinux

#if canImport(Glibc)
import Glibc
#endif

/// Writes multitouch frames to an emulated touchscreen's descriptor, stamped with
/// `CLOCK_MONOTONIC` as the kernel stamps a real device's events: the benchmarks' finger.
public struct TouchFrameWriter: Sendable {
    /// The touchscreen's descriptor (`Testbed.fileDescriptor(for:)`).
    public let fd: Int32
    /// The benchmark's name, for the message when a write fails.
    public let tool: String

    /// A writer on `fd` for the benchmark `tool`.
    public init(fd: Int32, tool: String) {
        self.fd = fd
        self.tool = tool
    }

    /// Touch `index` goes down in slot 0 at a point of a 7×5 grid over the screen (so the hit test
    /// does real work), with tracking id `index` modulo 60000.
    public func down(_ index: Int) {
        let x = Int32(500 + (index % 7) * 400), y = Int32(400 + (index % 5) * 500)
        emit([(3, 0x2f, 0), (3, 0x39, Int32(index % 60000)), (3, 0x35, x), (3, 0x36, y), (1, 0x14a, 1), (3, 0, x), (3, 1, y), (0, 0, 0)])
    }

    /// The touch in slot 0 lifts.
    public func up() { emit([(3, 0x2f, 0), (3, 0x39, -1), (1, 0x14a, 0), (0, 0, 0)]) }

    /// One `write(2)` of the events (type, code, value) as `input_event` records; a short write
    /// ends the benchmark (the figures would be wrong).
    private func emit(_ events: [(UInt16, UInt16, Int32)]) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let records = events.map { clinux_input_event(now.tv_sec, now.tv_nsec / 1000, $0.0, $0.1, $0.2) }
        let n = records.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n != records.count * MemoryLayout<input_event>.size { fatalError("\(tool): write to the emulated touchscreen failed") }
    }
}

/// Runs `body` on a new detached pthread (Foundation-free): the finger writes from its own thread
/// while the main thread runs the loop.
public func startDetachedThread(_ body: @escaping @Sendable () -> Void) {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var tid = pthread_t()
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    pthread_create(
        &tid, nil,
        { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box)
    pthread_detach(tid)
}

/// `CLOCK_MONOTONIC` now, in nanoseconds: the clock evdev timestamps a touch with.
@inline(__always) public func monotonicNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
}
