import EmulatedInput
import KioskLoop
import LibinputBackend
import PuzzleApp
import Rendering
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// A soak: `fingers` fingers at `rate` Hz through REAL libinput (an emulated touchscreen under
/// umockdev) into the puzzle app, drawn on a headless output, for `seconds` — the kiosk's own
/// main loop (`MainLoop`: epoll over libinput's fd, the core's timers, layout and drawing after
/// each wake-up). The fingers are a thread (`SoakWriter`); this thread is the app.
///
/// Measured per window: latency from each frame's kernel event time (its evdev timestamp) until
/// the app handled it (`Application.handle` of the frame returned, the puzzle's handlers included),
/// the backlog (frames due by the schedule, not yet handled), and memory. At the end: every frame
/// written was handled, every finger that landed began and ended once, and nothing is open.
///
/// The process must run under `Preload` (umockdev), and owns the one testbed of the process.
@MainActor
public final class SoakRun {
    public let configuration: SoakConfiguration
    /// Called as each window closes (the tool prints it at once).
    public var onWindow: (@MainActor (SoakWindow) -> Void)?
    /// The panel (window points) and the touchscreen's range.
    static let size = Size(width: 1280, height: 800)
    static let axisMaximum: Int32 = 4095

    public init(configuration: SoakConfiguration) {
        self.configuration = configuration
    }

    /// A 10-slot direct touchscreen, 0…4095 on both axes, mapped onto the panel.
    static let touchscreen = EvdevDeviceSpec(
        name: "ResponderKit Soak Touchscreen", bus: 3, vendor: 0x1d6b, product: 0x0311, version: 1, properties: [1],
        events: [
            0: [], EvdevCode.EV_KEY: [EvdevCode.BTN_TOUCH],
            EvdevCode.EV_ABS: [
                0, 1, EvdevCode.ABS_MT_SLOT, EvdevCode.ABS_MT_POSITION_X, EvdevCode.ABS_MT_POSITION_Y,
                EvdevCode.ABS_MT_TRACKING_ID
            ]
        ],
        axes: [
            0: .init(minimum: 0, maximum: axisMaximum, resolution: 16), 1: .init(minimum: 0, maximum: axisMaximum, resolution: 16),
            EvdevCode.ABS_MT_SLOT: .init(minimum: 0, maximum: 9),
            EvdevCode.ABS_MT_POSITION_X: .init(minimum: 0, maximum: axisMaximum, resolution: 16),
            EvdevCode.ABS_MT_POSITION_Y: .init(minimum: 0, maximum: axisMaximum, resolution: 16),
            EvdevCode.ABS_MT_TRACKING_ID: .init(minimum: 0, maximum: 65535)
        ],
        udevProperties: ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])

    /// Runs the soak and returns its figures; throws when it cannot be set up.
    public func run() throws -> SoakReport {
        let c = configuration
        if let problem = c.problem { throw SoakFailure(problem) }
        let memoryAtLaunch = ProcessMemory.now()
        // Before any thread starts (umockdev's, the writer): on Linux a thread inherits its creator's nice value.
        if c.raisePriority && setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, -20) != 0 {
            throw SoakFailure("cannot raise the priority (setpriority -20 needs root): \(String(cString: strerror(errno)))")
        }

        // The app: the puzzle in a key window, drawn on a headless output after each wake-up.
        let application = Application()
        let scene = WindowScene(application: application, screenBounds: Rect(origin: .zero, size: Self.size))
        let window = Window(windowScene: scene)
        let board = Board(columns: 3, rows: 3, order: [1, 0, 2, 3, 5, 4, 6, 7, 8])
        window.rootViewController = PuzzleViewController(board: board)
        window.makeKeyAndVisible()
        let output = HeadlessOutput(size: Self.size)
        let presenter = WindowPresenter(window: window, output: output)
        presenter.update()

        // Real libinput on the emulated touchscreen.
        let testbed = try Testbed()
        let device = try testbed.add(Self.touchscreen, event: 40)
        var libinputConfiguration = LibinputConfiguration(devices: .paths([device.node]))
        libinputConfiguration.outputSize = Self.size
        libinputConfiguration.seatAccess = .direct  // umockdev emulates the node for open(2), not for seatd
        let source = try LibinputSource(application: application, configuration: libinputConfiguration)
        source.dispatch()
        let loop = try MainLoop(application: application)

        // Where fingers rest: the tiles' centres and the gutters between them, in device units.
        var anchors: [(x: Int32, y: Int32)] = []
        func deviceUnits(_ p: Point) -> (x: Int32, y: Int32) {
            (
                Int32((p.x / Self.size.width * Double(Self.axisMaximum + 1)).rounded(.down)),
                Int32((p.y / Self.size.height * Double(Self.axisMaximum + 1)).rounded(.down))
            )
        }
        for tile in board.slots {
            let frame = tile.convert(tile.bounds, to: window)
            anchors.append(deviceUnits(Point(x: frame.midX, y: frame.midY)))
            anchors.append(deviceUnits(Point(x: frame.maxX + 2, y: frame.midY)))
        }
        let memoryAfterSetup = ProcessMemory.now()

        let start = SoakWriter.nanoseconds() + 50_000_000
        let writer = SoakWriter(fd: try testbed.fileDescriptor(for: device), configuration: c, anchors: anchors, start: start)
        let played = c.playedFrames
        let totalFrames = played + 1
        let perWindow = Int((c.window * c.rate).rounded(.down))
        let windowCount = max(1, played / perWindow)
        var windows: [SoakWindow] = []
        var latencies: [Double] = []
        latencies.reserveCapacity(perWindow * 2 + 16)
        var handled = 0, downs = 0, ups = 0, cancels = 0
        var windowFrom = 0.0, backlogMax = 0, presentedAtWindowStart = 0
        let startSeconds = Double(start) / 1e9
        func seconds(_ ns: UInt64) -> Double { Double(ns) / 1e9 - startSeconds }
        func backlog(_ now: UInt64) -> Int {
            let due = now < start ? 0 : min(totalFrames, Int(Double(now - start) / 1e9 * c.rate) + 1)
            return max(0, due - handled)
        }
        // The app thread's CPU time: the window's total and, within it, drawing.
        var cpuAtWindowStart = Self.threadCPU(), drawingCPU: UInt64 = 0
        var machineAtWindowStart = MachineLoad.now()
        func closeWindow(_ now: UInt64) {
            let cpu = Self.threadCPU()
            let machine = MachineLoad.now()
            let (otherCores, stolenCores) = machine.since(machineAtWindowStart)
            let handlingCPU = (cpu - cpuAtWindowStart) - min(drawingCPU, cpu - cpuAtWindowStart)
            let sorted = latencies.sorted()
            func pct(_ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
            let w = SoakWindow(
                index: windows.count, from: windowFrom, to: seconds(now), frames: latencies.count,
                p50: pct(0.5), p99: pct(0.99), max: sorted.last ?? 0,
                backlogAtEnd: backlog(now), backlogMax: backlogMax, memory: ProcessMemory.now(),
                presentedFrames: presenter.presentedFrames - presentedAtWindowStart,
                handlingCPU: Double(handlingCPU) / 1e3 / Double(max(1, latencies.count)),
                drawingCPU: Double(drawingCPU) / 1e6 / Double(max(1, presenter.presentedFrames - presentedAtWindowStart)),
                otherCores: otherCores, stolenCores: stolenCores)
            windows.append(w)
            onWindow?(w)
            latencies.removeAll(keepingCapacity: true)
            windowFrom = seconds(now)
            backlogMax = 0
            presentedAtWindowStart = presenter.presentedFrames
            cpuAtWindowStart = cpu
            machineAtWindowStart = machine
            drawingCPU = 0
        }

        let route = source.deliver
        source.deliver = { event in
            route(event)
            switch event.kind {
            case .touchDown: downs += 1
            case .touchUp: ups += 1
            case .touchCancel: cancels += 1
            case .touchFrame:
                let now = SoakWriter.nanoseconds()
                handled += 1
                writer.handled.store(handled, ordering: .releasing)
                latencies.append((Double(now) / 1e9 - event.timestamp) * 1000)
                backlogMax = max(backlogMax, backlog(now))
                let full = handled == totalFrames || (handled % perWindow == 0 && handled / perWindow < windowCount)
                if full { closeWindow(now) }
            default: break
            }
        }
        try loop.addSource(source.fileDescriptor) { source.dispatch() }
        // Drawing at most at the display's rate, as a real output's frame clock would allow.
        let drawInterval = UInt64(1e9 / c.displayRate)
        var lastDraw: UInt64 = 0
        loop.beforeWaiting.append {
            let now = SoakWriter.nanoseconds()
            if now - lastDraw >= drawInterval {
                lastDraw = now
                let before = Self.threadCPU()
                presenter.update()
                drawingCPU += Self.threadCPU() - before
            }
            if writer.finished.load(ordering: .acquiring) && handled >= writer.written.load(ordering: .acquiring) { loop.stop() }
        }
        try writer.launch()
        cpuAtWindowStart = Self.threadCPU()
        machineAtWindowStart = MachineLoad.now()
        // Bounded: the schedule, then 70 s for a stalled machine to drain and lift (the writer
        // gives up after 60 s without progress).
        loop.run(until: startSeconds + c.seconds + 70)
        writer.cancelled.store(true, ordering: .relaxed)
        // Let a writer still mid-frame give up before its counters are read.
        var waited = 0
        while !writer.finished.load(ordering: .acquiring) && waited < 2_000 {
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            nanosleep(&pause, nil)
            waited += 1
        }
        let end = SoakWriter.nanoseconds()
        if !latencies.isEmpty { closeWindow(end) }
        let written = writer.written.load(ordering: .acquiring)
        var failure = writer.finished.load(ordering: .acquiring) ? writer.failure : "the writer did not stop"
        if failure == nil && handled != written { failure = "\(written - handled) of \(written) frames written were never handled" }
        if failure == nil && written != totalFrames { failure = "the writer wrote \(written) of \(totalFrames) frames" }
        let report = SoakReport(
            configuration: c, memoryAtLaunch: memoryAtLaunch, memoryAfterSetup: memoryAfterSetup, memoryAtEnd: ProcessMemory.now(),
            windows: windows, framesWritten: written, framesHandled: handled,
            downsWritten: writer.downsWritten, upsWritten: writer.upsWritten,
            downsRouted: downs, upsRouted: ups, cancelsRouted: cancels,
            hasOpenInput: application.hasOpenInput, swaps: board.swaps, failure: failure,
            elapsed: seconds(end))
        withExtendedLifetime((testbed, source, loop, presenter, output)) {}
        return report
    }

    /// The calling thread's CPU time, nanoseconds (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`).
    static func threadCPU() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
