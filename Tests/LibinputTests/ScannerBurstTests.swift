import CLinux
import ChildProcesses
import EmulatedInput
import LibinputBackend
import Prerequisites
import Rendering
import ResponderKit
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A barcode scanner (a USB keyboard) types 100 characters in 50 ms through REAL libinput
/// (umockdev): the frames are written by a second thread ON the scanner's schedule (296 key frames,
/// one every 169 µs), while the app reads, routes and — in the busy variant — redraws its whole
/// window for 5 ms after every read. Every character reaches the focused text field in order, none lost or
/// doubled, no key left held or repeating. Each run prints where the time went: the emission
/// (kernel timestamps of the first and last frame, and how long the writer waited for room in the
/// emulated node), the app's share (routing per key, redraws) and the delivery of the last key.
@Suite(.serialized, .requires(.umockdev))
@MainActor
struct ScannerBurstTests {
    static let suite = "ScannerBurstTests"
    typealias Raw = (Int, Int, Int32)
    /// The scanner's pace: 100 characters in 50 ms.
    nonisolated static let burstSeconds = 0.050

    /// The 100 characters (seeded; digits, upper and lower case) and their key frames on a US
    /// layout: shift around the capitals, a press and a release per character.
    static func scan() -> (text: String, frames: [[Raw]]) {
        let codes: [Character: Int] = Dictionary(
            uniqueKeysWithValues:
                Array("1234567890").enumerated().map { ($0.element, 2 + $0.offset) }
                + Array("qwertyuiop").enumerated().map { ($0.element, 16 + $0.offset) }
                + Array("asdfghjkl").enumerated().map { ($0.element, 30 + $0.offset) }
                + Array("zxcvbnm").enumerated().map { ($0.element, 44 + $0.offset) })
        let alphabet = Array("0123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")
        var text = ""
        var state: UInt64 = 7
        for _ in 0..<100 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            text.append(alphabet[Int(state >> 33) % alphabet.count])
        }
        let key = EvdevCode.EV_KEY
        var frames: [[Raw]] = []
        for character in text {
            let code = Int32(codes[Character(character.lowercased())]!)
            if character.isUppercase { frames.append([(key, 42, 1)]) }
            frames.append([(key, Int(code), 1)])
            frames.append([(key, Int(code), 0)])
            if character.isUppercase { frames.append([(key, 42, 0)]) }
        }
        return (text, frames)
    }

    /// The scanner: a thread writing frame i at start + i × interval (`clock_nanosleep`, absolute),
    /// each stamped when written, at most `maxInFlight` frames ahead of the app (the node is a pty
    /// of ~4 KB: 64 two-event frames are 3 KB, so a write never splits an event). When the app
    /// falls behind, the writer waits for room: `waited` says how long, and the kernel timestamps
    /// then span more than the schedule.
    final class ScannerThread: @unchecked Sendable {
        static let maxInFlight = 64
        let fd: Int32
        let frames: [[Raw]]
        let start: UInt64, interval: Double
        let handled = Atomic<Int>(0)
        let finished = Atomic<Bool>(false)
        // Written by the thread only, read after `finished` (acquiring).
        var stamps: [UInt64]
        var waited: UInt64 = 0, waits = 0
        /// Time spent inside write(2), and its worst single call.
        var writing: UInt64 = 0, worstWrite: UInt64 = 0
        var failure: String?

        init(fd: Int32, frames: [[Raw]], start: UInt64, span: Double) {
            self.fd = fd
            self.frames = frames
            self.start = start
            interval = span * 1e9 / Double(frames.count - 1)
            stamps = [UInt64](repeating: 0, count: frames.count)
        }

        /// When frame `i` is due, monotonic nanoseconds.
        func due(_ i: Int) -> UInt64 { start &+ UInt64((Double(i) * interval).rounded()) }

        func launch() {
            var thread = pthread_t()
            let box = Unmanaged.passRetained(self).toOpaque()
            pthread_create(
                &thread, nil,
                { raw in
                    let writer = Unmanaged<ScannerThread>.fromOpaque(raw!).takeRetainedValue()
                    writer.run()
                    return nil
                }, box)
            pthread_detach(thread)
        }

        func run() {
            defer { finished.store(true, ordering: .releasing) }
            var records: [input_event] = []
            records.reserveCapacity(4)
            for (i, frame) in frames.enumerated() {
                let due = due(i)
                var at = timespec(tv_sec: Int(due / 1_000_000_000), tv_nsec: Int(due % 1_000_000_000))
                while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, nil) == EINTR {}
                if i - handled.load(ordering: .acquiring) >= Self.maxInFlight {
                    let from = Self.now()
                    waits += 1
                    while i - handled.load(ordering: .acquiring) >= Self.maxInFlight {
                        if Self.now() - from > 10_000_000_000 { failure = "the app handled nothing for 10 s at frame \(i)"; return }
                        var pause = timespec(tv_sec: 0, tv_nsec: 20_000)
                        nanosleep(&pause, nil)
                    }
                    waited += Self.now() - from
                }
                var t = timespec()
                clock_gettime(CLOCK_MONOTONIC, &t)
                records.removeAll(keepingCapacity: true)
                for e in frame { records.append(clinux_input_event(t.tv_sec, t.tv_nsec / 1000, UInt16(e.0), UInt16(e.1), e.2)) }
                records.append(clinux_input_event(t.tv_sec, t.tv_nsec / 1000, 0, 0, 0))
                let size = records.count * MemoryLayout<input_event>.size
                let before = Self.now()
                let n = records.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                let took = Self.now() - before
                writing += took
                worstWrite = max(worstWrite, took)
                guard n == size else { failure = "writing frame \(i) failed (\(n) of \(size) bytes): \(String(cString: strerror(errno)))"; return }
                stamps[i] = UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec / 1000) * 1000
            }
        }

        static func now() -> UInt64 {
            var t = timespec()
            clock_gettime(CLOCK_MONOTONIC, &t)
            return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
        }
    }

    /// What one burst measured (milliseconds).
    struct Figures: CustomStringConvertible {
        var emission = 0.0, writerWaited = 0.0, writerWaits = 0, delivery = 0.0
        /// How late the first frame was written after its due time, and how many frames were
        /// stamped before theirs (the schedule is absolute, so a late first wake-up shortens the
        /// span without any frame running ahead).
        var firstLate = 0.0, early = 0
        var routingPerKey = 0.0, redraws = 0, redrawTotal = 0.0, worstKeyLatency = 0.0
        var writing = 0.0, worstWrite = 0.0, reads = 0, dispatchTime = 0.0

        var description: String {
            func f(_ v: Double) -> String { String((v * 1000).rounded() / 1000) }
            return "kernel timestamps span \(f(emission)) ms for the 296 frames (schedule \(Int(ScannerBurstTests.burstSeconds * 1000)) ms;"
                + " the first written \(f(firstLate)) ms after its due time, \(early) before theirs);"
                + " the writer waited \(f(writerWaited)) ms for room \(writerWaits) times; the last key routed \(f(delivery)) ms after the first frame;"
                + " worst key latency \(f(worstKeyLatency)) ms; routing \(f(routingPerKey * 1000)) µs per key; \(redraws) full redraws, \(f(redrawTotal)) ms of drawing;"
                + " write(2) took \(f(writing)) ms in all (worst \(f(worstWrite)) ms); \(reads) reads by libinput took \(f(dispatchTime)) ms"
        }
    }

    /// Runs the burst into a focused text field; `busy` redraws the whole 1000×1000 window for at
    /// least 5 ms after every read (a heavy frame), so keys pile up in the node and in libinput.
    static func burst(busy: Bool) throws -> Figures {
        // As root, nice −20 (inherited by the writer thread): the machine's other work does not decide the pace.
        if geteuid() == 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, -20) }
        Rendering.install()
        let session = try EmulatedSession()
        let scanner = try session.testbed.add(UmockdevProcess.device("keyboard.desc"), event: 5)
        let field = TextField(frame: Rect(x: 0, y: 0, width: 1000, height: 40))
        session.window.addSubview(field)
        try session.start { $0.devices = .paths([scanner.node]) }
        #expect(field.becomeFirstResponder())
        let presenter = WindowPresenter(window: session.window, output: HeadlessOutput(size: session.window.bounds.size))
        presenter.update()

        let (text, frames) = scan()
        let writer = ScannerThread(
            fd: try session.testbed.fileDescriptor(for: scanner), frames: frames,
            start: ScannerThread.now() + 20_000_000, span: burstSeconds)
        var handled = 0
        var routing: UInt64 = 0
        var lastRouted: UInt64 = 0
        var worst = 0.0
        let route = session.source.deliver
        session.source.deliver = { event in
            guard case .key = event.kind else { route(event); return }
            let from = ScannerThread.now()
            route(event)
            let to = ScannerThread.now()
            routing += to - from
            lastRouted = to
            worst = max(worst, Double(to) / 1e6 - event.timestamp * 1000)
            handled += 1
            writer.handled.store(handled, ordering: .releasing)
        }
        var redraws = 0, reads = 0
        var redrawTime: UInt64 = 0, dispatching: UInt64 = 0
        writer.launch()
        var fds = pollfd(fd: session.source.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let deadline = ScannerThread.now() + 20_000_000_000
        while handled < frames.count && !(writer.finished.load(ordering: .acquiring) && writer.failure != nil) && ScannerThread.now() < deadline {
            _ = poll(&fds, 1, 5)
            let before = ScannerThread.now()
            if session.source.dispatch() > 0 { reads += 1 }
            dispatching += ScannerThread.now() - before
            if busy {
                // A heavy frame: whole-window redraws for at least 5 ms after every read.
                let from = ScannerThread.now()
                repeat {
                    session.window.addDamage(session.window.bounds)
                    presenter.update()
                    redraws += 1
                } while ScannerThread.now() - from < 5_000_000
                redrawTime += ScannerThread.now() - from
            }
        }
        while !writer.finished.load(ordering: .acquiring) && ScannerThread.now() < deadline {
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            nanosleep(&pause, nil)
        }
        session.pump()
        #expect(writer.failure == nil, "\(writer.failure ?? "")")
        let keys = session.routed.filter { if case .key = $0.kind { true } else { false } }
        #expect(keys.count == frames.count, "\(keys.count) key events routed for \(frames.count) frames")
        #expect(field.text == text, "typed \(field.text.count) of \(text.count): \(field.text)")
        #expect(!session.application.hasOpenInput)
        #expect(session.source.keyboards.repeater.repeatingKeyCode == nil, "no key repeats after the burst")
        let first = writer.stamps.first ?? 0
        return Figures(
            emission: Double((writer.stamps.last ?? 0) - first) / 1e6, writerWaited: Double(writer.waited) / 1e6,
            writerWaits: writer.waits, delivery: Double(lastRouted - first) / 1e6,
            firstLate: Double(Int64(bitPattern: first &- writer.start)) / 1e6,
            // A stamp keeps microseconds: it may read up to 999 ns before the due nanosecond.
            early: writer.stamps.indices.filter { writer.stamps[$0] &+ 999 < writer.due($0) }.count,
            routingPerKey: Double(routing) / 1e6 / Double(max(1, handled)), redraws: redraws,
            redrawTotal: Double(redrawTime) / 1e6, worstKeyLatency: worst,
            writing: Double(writer.writing) / 1e6, worstWrite: Double(writer.worstWrite) / 1e6, reads: reads,
            dispatchTime: Double(dispatching) / 1e6)
    }

    /// The scanner alone. The writer offers the frames on the 50 ms schedule — no frame before its
    /// due time, and the span from the first frame's due time at least the schedule (a first
    /// wake-up 1 ms late on a loaded machine shortened the span alone to 48.99 ms once, with no
    /// frame ahead of time) — and is late only by
    /// the time the app held it back (more than 64 frames unread): the harness itself (the pty's
    /// write(2), about 30 µs a frame) is not what paces the burst. In a debug build the app needs
    /// ~190 µs a key (libinput's read, our translation and keymap, routing into the text field)
    /// against the scanner's 169 µs a frame, so it trails the burst by a few milliseconds.
    @Test func aScannerBurstOnScheduleReachesTheTextFieldInOrder() throws {
        try UmockdevProcess.run(Self.suite, "aScannerBurstOnScheduleReachesTheTextFieldInOrder") {
            let figures = try Self.burst(busy: false)
            print("scanner burst, idle app: \(figures)")
            let schedule = Self.burstSeconds * 1000
            #expect(figures.early == 0 && figures.emission + figures.firstLate >= schedule - 0.5, "faster than the schedule: \(figures)")
            #expect(figures.emission <= schedule + figures.writerWaited + 5, "late beyond the app's back-pressure: \(figures)")
        }
    }

    /// The same burst while the app spends at least 5 ms redrawing its whole window after every
    /// read: the keys wait in the node and in libinput while it draws (the writer is held back, so
    /// the burst stretches), and still all arrive, in order, once.
    @Test func aScannerBurstWhileRedrawingLosesNothing() throws {
        try UmockdevProcess.run(Self.suite, "aScannerBurstWhileRedrawingLosesNothing") {
            let figures = try Self.burst(busy: true)
            print("scanner burst, app redrawing: \(figures)")
            #expect(figures.redraws > 0)
        }
    }
}
