import CLinux
import EmulatedInput
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The fingers: a thread that writes multitouch evdev frames to the emulated touchscreen at the
/// configured rate, on an absolute `CLOCK_MONOTONIC` schedule (`clock_nanosleep`), each stamped
/// with the time it is written (what the kernel stamps on a real device's frames).
///
/// Each finger rests on a point and circles it by a few pixels, so every frame moves every finger
/// down (libinput reports a touch frame for each evdev frame); it lifts after `holdFrames` and
/// lands again, with a new tracking id, on another point one frame later. The fingers' cycles are
/// staggered, so lifts and landings are spread over time and about `fingers` touches are always
/// open. After `playedFrames` one last frame lifts every finger.
///
/// Flow control: the node is a pty holding ~4 KB (about five 10-finger frames). A full buffer
/// would make `write(2)` hand libinput a partial `input_event`, so the writer keeps at most
/// `maxInFlight` frames written but not yet handled by the app (`handled`, counted by the main
/// thread). When the app falls behind, the writer waits, and the frames due by the schedule but not
/// handled — the backlog the main thread reports — grow: that is the queue growth a soak looks for.
public final class SoakWriter: @unchecked Sendable {
    /// Frames written but not yet handled, at most (3 × ~1 KB for ten fingers, well inside the pty).
    public static let maxInFlight = 3
    /// Device units a resting finger circles by (the panel is 0…4095 on both axes).
    static let wobble: Int32 = 24

    let fd: Int32
    let configuration: SoakConfiguration
    /// Resting points in device units; a landing takes the next one.
    let anchors: [(x: Int32, y: Int32)]
    /// Frames written (including the final lift); read by the main thread for the backlog.
    public let written = Atomic<Int>(0)
    /// Touch frames the app has handled; incremented by the main thread.
    public let handled = Atomic<Int>(0)
    /// Set (releasing) once the writer wrote its last frame or gave up.
    public let finished = Atomic<Bool>(false)
    /// Set by the main thread to make the writer stop early.
    public let cancelled = Atomic<Bool>(false)
    /// The schedule's origin, `CLOCK_MONOTONIC` nanoseconds: frame i is due at start + i / rate.
    public let start: UInt64
    // Written by the writer thread only; read by the main thread after `finished` (acquiring).
    public private(set) var downsWritten = 0
    public private(set) var upsWritten = 0
    public private(set) var failure: String?

    public init(fd: Int32, configuration: SoakConfiguration, anchors: [(x: Int32, y: Int32)], start: UInt64) {
        self.fd = fd
        self.configuration = configuration
        self.anchors = anchors.isEmpty ? [(2048, 2048)] : anchors
        self.start = start
    }

    /// Starts the writer thread (`pthread_create`, detached).
    public func launch() throws {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { raw in
                let writer = Unmanaged<SoakWriter>.fromOpaque(raw!).takeRetainedValue()
                writer.run()
                return nil
            }, box)
        guard status == 0 else {
            Unmanaged<SoakWriter>.fromOpaque(box).release()
            throw SoakFailure("cannot start the writer thread: \(String(cString: strerror(status)))")
        }
        pthread_detach(thread)
    }

    private struct Finger {
        var isDown = false
        var landings = 0
        var anchor: (x: Int32, y: Int32) = (0, 0)
    }

    func run() {
        defer { finished.store(true, ordering: .releasing) }
        let c = configuration
        let period = 1e9 / c.rate
        let cycle = c.holdFrames + 1
        let stagger = max(1, cycle / c.fingers)
        var fingers = [Finger](repeating: Finger(), count: c.fingers)
        var nextID: Int32 = 1
        var events: [input_event] = []
        events.reserveCapacity(8 + 5 * c.fingers)
        // The circle a resting finger draws: 12 steps, consecutive points always differ.
        let circle: [(Int32, Int32)] = (0..<12).map { k in
            let angle = Double(k) * Double.pi / 6
            return (Int32((Double(Self.wobble) * cos(angle)).rounded()), Int32((Double(Self.wobble) * sin(angle)).rounded()))
        }
        var down = 0
        var landingCount = 0
        func add(_ type: Int, _ code: Int, _ value: Int32) {
            events.append(clinux_input_event(0, 0, UInt16(type), UInt16(code), value))
        }
        for frame in 0...c.playedFrames {
            if cancelled.load(ordering: .relaxed) { failure = failure ?? "cancelled"; return }
            events.removeAll(keepingCapacity: true)
            let wasDown = down
            let last = frame == c.playedFrames
            let (dx, dy) = circle[frame % circle.count]
            for s in 0..<c.fingers {
                let phase = (frame + s * stagger) % cycle
                var finger = fingers[s]
                if last || phase == c.holdFrames {
                    if finger.isDown {
                        add(3, EvdevCode.ABS_MT_SLOT, Int32(s))
                        add(3, EvdevCode.ABS_MT_TRACKING_ID, -1)
                        finger.isDown = false
                        down -= 1
                        upsWritten += 1
                    }
                } else if !finger.isDown {
                    finger.anchor = anchors[(landingCount * 7 + s) % anchors.count]
                    landingCount += 1
                    add(3, EvdevCode.ABS_MT_SLOT, Int32(s))
                    add(3, EvdevCode.ABS_MT_TRACKING_ID, nextID)
                    nextID = nextID == 65_535 ? 1 : nextID + 1
                    add(3, EvdevCode.ABS_MT_POSITION_X, finger.anchor.x + dx)
                    add(3, EvdevCode.ABS_MT_POSITION_Y, finger.anchor.y + dy)
                    finger.isDown = true
                    finger.landings += 1
                    down += 1
                    downsWritten += 1
                } else {
                    add(3, EvdevCode.ABS_MT_SLOT, Int32(s))
                    add(3, EvdevCode.ABS_MT_POSITION_X, finger.anchor.x + dx)
                    add(3, EvdevCode.ABS_MT_POSITION_Y, finger.anchor.y + dy)
                }
                fingers[s] = finger
            }
            if wasDown == 0 && down > 0 { add(1, EvdevCode.BTN_TOUCH, 1) }
            if wasDown > 0 && down == 0 { add(1, EvdevCode.BTN_TOUCH, 0) }
            add(0, 0, 0)
            // On schedule: sleep until the frame is due (no sleep when late: catch up at once).
            let due = start &+ UInt64((Double(frame) * period).rounded())
            var at = timespec(tv_sec: Int(due / 1_000_000_000), tv_nsec: Int(due % 1_000_000_000))
            while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, nil) == EINTR {}
            // Never more than maxInFlight frames ahead of the app (see the type's documentation).
            let writtenSoFar = written.load(ordering: .relaxed)
            var waitedSince: UInt64 = 0
            while writtenSoFar - handled.load(ordering: .acquiring) >= Self.maxInFlight {
                let now = Self.nanoseconds()
                if waitedSince == 0 { waitedSince = now }
                if now - waitedSince > 60_000_000_000 {
                    failure = "the app handled no frame for 60 s (\(handled.load(ordering: .relaxed)) of \(writtenSoFar) written)"
                    return
                }
                if cancelled.load(ordering: .relaxed) { failure = failure ?? "cancelled"; return }
                var pause = timespec(tv_sec: 0, tv_nsec: 50_000)
                nanosleep(&pause, nil)
            }
            guard write(&events) else { return }
            written.store(writtenSoFar + 1, ordering: .releasing)
        }
    }

    /// One frame in one `write(2)`, stamped now; waits for room when the node is non-blocking.
    private func write(_ records: inout [input_event]) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        for i in records.indices {
            records[i].time.tv_sec = now.tv_sec
            records[i].time.tv_usec = now.tv_nsec / 1000
        }
        return records.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n > 0 { offset += n; continue }
                if n < 0 && (errno == EINTR) { continue }
                if n < 0 && (errno == EAGAIN) {
                    var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&p, 1, 100)
                    continue
                }
                failure = "writing a frame to the emulated touchscreen failed: \(String(cString: strerror(errno)))"
                return false
            }
            return true
        }
    }

    static func nanoseconds() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
    }
}

/// A soak run that could not be set up or finished.
public struct SoakFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
