import EmulatedInput
import Keymap
import KioskLoop
import LibinputBackend
import ResponderKit
import ResponderKitTesting

#if canImport(Glibc)
import Glibc
#endif

// input-trace: like `libinput debug-events`, but through ResponderKit's routing: every event with
// the view it hit and the responder chain it travelled.

func fail(_ message: String, code: Int32 = 1) -> Never {
    printError("input-trace: \(message)")
    exit(code)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") { print(TraceOptions.usage); exit(0) }

let options: TraceOptions
do { options = try TraceOptions(arguments: arguments) } catch { fail("\(error)\n\(TraceOptions.usage)", code: 2) }

MainActor.assumeIsolated {
    // Bad input is reported before anything starts.
    let tree: VTree?
    do { tree = try options.treePath.map { try VTree.load($0) } } catch { fail("\(error)") }
    var recordings: [(path: String, frames: [EvdevFrame])] = []
    var spec: EvdevDeviceSpec?
    if case let .evemu(descriptionPath, eventPaths) = options.source {
        do {
            let text = try TextFile.read(descriptionPath)
            spec = try EvemuDescription.parse(text, file: descriptionPath)
            // A recording that carries its own description replays its own events when no EVENTS are given.
            recordings = try EvemuReplay.load(eventPaths.isEmpty ? [descriptionPath] : eventPaths)
        } catch { fail("\(error)") }
        // The emulated device needs umockdev's preload: re-run ourselves under it.
        if !Preload.isActive {
            do { try Preload.relaunch() } catch { fail("\(error)") }
        }
    }

    let application = Application()
    let scene = WindowScene(application: application)
    let window: Window
    var built: VTreeWindow?
    if let tree {
        built = tree.makeWindow()
        window = built!.window
        window.windowScene = scene
    } else {
        window = Window(windowScene: scene, frame: Rect(x: 0, y: 0, width: options.size?.width ?? 1280, height: options.size?.height ?? 800))
    }
    if let size = options.size { window.frame = Rect(x: 0, y: 0, width: size.width, height: size.height) }
    window.makeKeyAndVisible()

    var configuration = LibinputConfiguration()
    configuration.outputSize = window.bounds.size
    configuration.rotation = options.rotation
    configuration.calibration = options.calibration
    configuration.keymap = options.keymap
    configuration.window = window
    configuration.verboseLibinputLog = options.verbose

    let recorder = options.pointsPath.map { _ in HitPointRecorder(window: window) }
    let printer = TracePrinter()
    printer.measureLatency = options.latency
    printer.install(on: application)

    var testbed: Testbed?
    var device: Testbed.Device?
    switch options.source {
    case .seat(let seat): configuration.devices = .seat(seat)
    case .devices(let paths): configuration.devices = .paths(paths)
    case .evemu:
        do {
            let bed = try Testbed()
            let added = try bed.add(spec!, event: 20)
            testbed = bed
            device = added
            configuration.devices = .paths([added.node])
            configuration.seatAccess = .direct  // umockdev emulates the node for open(2), not for seatd
        } catch { fail("\(error)") }
    }

    let source: LibinputSource
    do { source = try LibinputSource(application: application, configuration: configuration) } catch { fail("\(error)") }
    let loop: MainLoop
    do { loop = try MainLoop(application: application) } catch { fail("\(error)") }
    do {
        try loop.add(source)
    } catch { fail("\(error)") }
    source.dispatch()  // DEVICE_ADDED events are queued before the fd turns readable

    if let testbed, let device, let spec {
        let feeder = PacedFeeder(testbed: testbed, device: device, readerFileDescriptor: source.fileDescriptor) { source.dispatch() }
        let replay = EvemuReplay(feeder: feeder, spec: spec)
        let (steps, warnings) = EvemuReplay.timeline(recordings, speed: options.speed, maxGap: options.maxGap)
        for warning in warnings.prefix(10) { printError("input-trace: warning: \(warning)") }
        if warnings.count > 10 { printError("input-trace: warning: \(warnings.count - 10) more like these") }
        replay.start(steps, on: application) { loop.stop() }
        let reason = loop.run()
        source.dispatch()
        print(printer.summary)
        if case .signal(let signal) = reason { fail("stopped by signal \(signal) after \(feeder.framesWritten) of \(steps.count) frames", code: 128 + signal) }
        if let failure = replay.failure { fail(failure) }
        if let mismatch = ReplayCheck.mismatch(written: replay.tally, delivered: printer, udevProperties: spec.udevProperties) {
            fail(mismatch, code: 3)
        }
    } else {
        if source.devices.isEmpty {
            let failures = source.openFailures
            printError(
                "input-trace: no input devices yet\(failures.isEmpty ? "" : " (could not open: \(failures.joined(separator: ", ")))"); waiting for hotplug, Ctrl-C stops"
            )
        }
        let deadline = options.duration.map { MonotonicClock().now + $0 }
        let reason = loop.run(until: deadline)
        print(printer.summary)
        if case .signal(let signal) = reason { printError("input-trace: stopped by signal \(signal)") }
    }
    if options.latency { print(printer.latencyReport) }
    if let path = options.pointsPath, let recorder {
        // The points in the window's coordinates (the tree's root), and the reference answers.
        var text = "points 1\n"
        for p in recorder.points { text += "\(p.x) \(p.y)\n" }
        do {
            try TextFile.write(text, to: path)
            var wrote = "input-trace: wrote \(recorder.points.count) points to \(path)"
            if let built {
                var hits = ""
                for p in recorder.points { hits += "\(built.answer(for: window.referenceHitTest(p, with: nil)))\n" }
                let hitsPath = String(path.dropLast(".points".count)) + ".hits"
                try TextFile.write(hits, to: hitsPath)
                wrote += " and their answers to \(hitsPath); time them with: hitbench \(options.treePath!) \(path) \(hitsPath)"
            }
            print(wrote)
        } catch { fail("input-trace: \(error)") }
    }
    ChainTrace.observer = nil
    withExtendedLifetime((source, loop, testbed)) {}
}
