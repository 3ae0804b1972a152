import BenchmarkSupport
import EmulatedInput
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

// inputbench: emulated-device write → touchesBegan latency through REAL libinput (umockdev), the
// Kiosk run loop and the core's routing. Splits each sample at the moment our backend first sees
// the frame (libinput hands us TOUCH_DOWN): before it is the kernel + epoll wake-up + libinput,
// after it is our translation, routing, hit test and delivery. Goal: our part ≤ 50 µs p99.
//   inputbench [FRAMES]   (default 3000; build with -c release for meaningful figures)

func fail(_ message: String) -> Never { benchmarkFailure("inputbench", message) }

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count <= 1 else { fail("usage: inputbench [FRAMES]; unexpected '\(arguments[1])'") }
let frames = arguments.isEmpty ? 3000 : Int(arguments[0]) ?? -1
guard frames >= 10 else { fail("FRAMES must be a number >= 10, got '\(arguments[0])'") }
if !Preload.isActive {
    do { try Preload.relaunch() } catch { fail("\(error)") }
}

/// A 10-slot touchscreen, 0…4095 on both axes.
let touchscreen = BenchmarkTouchscreen.spec(name: "ResponderKit Bench Touchscreen", product: 0x0310)

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
    let stage: EmulatedTouchStage
    do { stage = try EmulatedTouchStage(touchscreen: touchscreen, event: 30) } catch { fail("\(error)") }
    let (window, source, loop) = (stage.window, stage.source, stage.loop)
    var pads: [Pad] = []
    for row in 0..<8 {
        for column in 0..<16 {
            let pad = Pad(frame: Rect(x: Double(column) * 80, y: Double(row) * 100, width: 80, height: 100))
            window.addSubview(pad)
            pads.append(pad)
        }
    }

    let writer: Writer
    do { writer = Writer(fd: try stage.touchscreenDescriptor(), frames: frames) } catch { fail("\(error)") }
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
        let (p50, p90, p99) = (percentile(sorted, 0.5), percentile(sorted, 0.9), percentile(sorted, 0.99))
        return "\(name) p50 \(oneDecimal(p50)) µs  p90 \(oneDecimal(p90)) µs  p99 \(oneDecimal(p99)) µs  max \(oneDecimal(sorted.last!)) µs"
    }
    print("inputbench: \(total.count) touch-down frames, emulated touchscreen → real libinput 1.22 → Kiosk run loop → touchesBegan")
    print(line("  write → touchesBegan (total):          ", total))
    print(line("  kernel + wake-up + libinput:           ", theirs))
    print(line("  ResponderKit (translate, route, deliver):", ours))
    let p99 = percentile(ours.sorted(), 0.99)
    print("  goal: our part ≤ 50 µs p99 — \(p99 <= 50 ? "met" : "NOT met") (\(oneDecimal(p99)) µs)")
    withExtendedLifetime(stage) {}
}
