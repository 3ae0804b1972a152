import EmulatedInput
import KioskLoop
import LibinputBackend
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

// inputbench: emulated-device write → touchesBegan latency through REAL libinput (umockdev), the
// Kiosk run loop and the core's routing. Splits each sample at the moment our backend first sees
// the frame (libinput hands us TOUCH_DOWN): before it is the kernel + epoll wake-up + libinput,
// after it is our translation, routing, hit test and delivery. Goal: our part ≤ 50 µs p99.
//   inputbench [FRAMES]   (default 3000; build with -c release for meaningful figures)

func fail(_ message: String) -> Never {
    let line = "inputbench: \(message)\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count <= 1 else { fail("usage: inputbench [FRAMES]; unexpected '\(arguments[1])'") }
let frames = arguments.isEmpty ? 3000 : Int(arguments[0]) ?? -1
guard frames >= 10 else { fail("FRAMES must be a number >= 10, got '\(arguments[0])'") }
if !Preload.isActive {
    do { try Preload.relaunch() } catch { fail("\(error)") }
}

/// A 10-slot touchscreen, 0…4095 on both axes.
let touchscreen = EvdevDeviceSpec(
    name: "ResponderKit Bench Touchscreen", bus: 3, vendor: 0x1d6b, product: 0x0310, version: 1, properties: [1],
    events: [
        0: [], EvdevCode.EV_KEY: [EvdevCode.BTN_TOUCH],
        EvdevCode.EV_ABS: [0, 1, EvdevCode.ABS_MT_SLOT, EvdevCode.ABS_MT_POSITION_X, EvdevCode.ABS_MT_POSITION_Y, EvdevCode.ABS_MT_TRACKING_ID]
    ],
    axes: [
        0: .init(minimum: 0, maximum: 4095, resolution: 16), 1: .init(minimum: 0, maximum: 4095, resolution: 16),
        EvdevCode.ABS_MT_SLOT: .init(minimum: 0, maximum: 9),
        EvdevCode.ABS_MT_POSITION_X: .init(minimum: 0, maximum: 4095, resolution: 16),
        EvdevCode.ABS_MT_POSITION_Y: .init(minimum: 0, maximum: 4095, resolution: 16),
        EvdevCode.ABS_MT_TRACKING_ID: .init(minimum: 0, maximum: 65535)
    ],
    udevProperties: ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])

/// A grid of views the touches land on (a realistic hit test), recording touchesBegan/Ended.
@MainActor
final class Pad: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { Pad.self }

    var onBegan: () -> Void = {}
    var onEnded: () -> Void = {}
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { onBegan() }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { onEnded() }
}

MainActor.assumeIsolated {
    let application = Application()
    let scene = WindowScene(application: application)
    let window = Window(windowScene: scene, frame: Rect(x: 0, y: 0, width: 1280, height: 800))
    window.makeKeyAndVisible()
    var pads: [Pad] = []
    for row in 0..<8 {
        for column in 0..<16 {
            let pad = Pad(frame: Rect(x: Double(column) * 80, y: Double(row) * 100, width: 80, height: 100))
            window.addSubview(pad)
            pads.append(pad)
        }
    }

    let testbed: Testbed
    let device: Testbed.Device
    let source: LibinputSource
    let loop: MainLoop
    do {
        testbed = try Testbed()
        device = try testbed.add(touchscreen, event: 30)
        var configuration = LibinputConfiguration(devices: .paths([device.node]))
        configuration.outputSize = window.bounds.size
        configuration.keymap.layout = "us"
        configuration.seatAccess = .direct  // umockdev emulates the node for open(2), not for seatd
        source = try LibinputSource(application: application, configuration: configuration)
        loop = try MainLoop(application: application)
    } catch { fail("\(error)") }
    source.dispatch()

    let writer: Writer
    do { writer = Writer(fd: try testbed.fileDescriptor(for: device), frames: frames) } catch { fail("\(error)") }
    var ours: [Double] = [], theirs: [Double] = [], total: [Double] = []
    ours.reserveCapacity(frames); theirs.reserveCapacity(frames); total.reserveCapacity(frames)
    var firstSeen: UInt64 = 0
    var index = 0
    // Our part starts when libinput hands us the frame's first event.
    let handle = source.deliver
    source.deliver = { event in
        if firstSeen == 0, case .touchDown = event.kind { firstSeen = monotonicNanoseconds() }
        handle(event)
    }
    for pad in pads {
        pad.onBegan = {
            let now = monotonicNanoseconds()
            let written = writer.writeTimes[index]
            total.append(Double(now &- written) / 1000)
            theirs.append(Double(firstSeen &- written) / 1000)
            ours.append(Double(now &- firstSeen) / 1000)
            firstSeen = 0
            writer.began.signal()
        }
        pad.onEnded = {
            index += 1
            writer.ended.signal()
            if index == frames { loop.stop() }
        }
    }
    do { try loop.addSource(source.fileDescriptor) { source.dispatch() } } catch { fail("\(error)") }
    writer.start()
    loop.run()

    func line(_ name: String, _ samples: [Double]) -> String {
        let sorted = samples.sorted()
        func pct(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        func f(_ v: Double) -> String { String((v * 10).rounded() / 10) }
        return "\(name) p50 \(f(pct(0.5))) µs  p90 \(f(pct(0.9))) µs  p99 \(f(pct(0.99))) µs  max \(f(sorted.last!)) µs"
    }
    print("inputbench: \(total.count) touch-down frames, emulated touchscreen → real libinput 1.22 → Kiosk run loop → touchesBegan")
    print(line("  write → touchesBegan (total):          ", total))
    print(line("  kernel + wake-up + libinput:           ", theirs))
    print(line("  ResponderKit (translate, route, deliver):", ours))
    let p99 = ours.sorted()[min(ours.count - 1, Int(Double(ours.count) * 0.99))]
    print("  goal: our part ≤ 50 µs p99 — \(p99 <= 50 ? "met" : "NOT met") (\(String((p99 * 10).rounded() / 10)) µs)")
    withExtendedLifetime((testbed, source, loop)) {}
}
