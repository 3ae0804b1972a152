// waylandbench: the Wayland client's costs, against the in-process fixture compositor
// (libwayland-server on its own thread, a real socket between them).
//   waylandbench [iterations]
// 1. wl_touch.down → touchesBegan: from the moment the client's socket is readable (the main
//    loop would wake) through wl_display_read_events + dispatch + translation + routing + hit test
//    to the view's touchesBegan; and from the compositor sending it (socket and wake-up included).
// 2. Frame time of a full redraw of a 1280×800 window (the window background changes: every
//    pixel repainted; layout + display list + fill + attach/damage/commit), and of a partial
//    redraw (one 100×100 view changes colour).
import CLinux
import ResponderKit
import WaylandBackend
import WaylandFixture
#if canImport(Glibc)
import Glibc
#endif

@inline(__always) func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

func report(_ name: String, _ samples: [Double]) {
    func us(_ v: Double) -> String { "\((v * 1e7).rounded() / 10) µs" }
    print("\(name): p50 \(us(percentile(samples, 0.5)))  p99 \(us(percentile(samples, 0.99)))  (\(samples.count) samples)")
}

@MainActor
final class Probe: View {
    var began: Double = 0
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { began = now() }
}

@MainActor
func run(iterations: Int) throws -> Int32 {
    var fd: Int32 = -1
    guard let fx = wfx_create(UInt32(WFX_AUTO_FRAMES), 0, &fd) else { print("waylandbench: wfx_create failed"); return 1 }
    defer { wfx_destroy(fx) }
    let application = Application()
    let display = try WaylandDisplay(application: application, endpoint: .fileDescriptor(fd))
    defer { display.close() }
    let surface = display.makeWindow()
    let root = View(frame: .zero)
    root.backgroundColor = .white
    let probe = Probe(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
    // A realistic tree under the finger: a 10×10 grid of tiles.
    for i in 0..<100 {
        let tile = View(frame: Rect(x: Double(i % 10) * 128 + 4, y: Double(i / 10) * 80 + 4, width: 120, height: 72))
        tile.backgroundColor = Color(red: Double(i) / 100, green: 0.5, blue: 1 - Double(i) / 100)
        tile.isUserInteractionEnabled = false
        probe.addSubview(tile)
    }
    root.addSubview(probe)
    let controller = ViewController()
    controller.view = root
    surface.window.rootViewController = controller
    surface.window.makeKeyAndVisible()
    func pump(until condition: () -> Bool) throws {
        let deadline = now() + 5
        while !condition() {
            guard now() < deadline else { throw WaylandError.compositorGone(errno: ETIMEDOUT) }
            display.render()
            display.dispatch(timeout: 0.01)
        }
    }
    wfx_configure(fx, 1280, 800, 1)
    try pump { surface.isConfigured && surface.window.bounds.width == 1280 && surface.presentedFrames >= 1 }

    // 1. Touch latency.
    var fromReadable: [Double] = [], fromSend: [Double] = []
    var pfd = pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0)
    for i in 0..<(iterations + 50) {
        probe.began = 0
        display.flush()
        let sent = now()
        wfx_touch_down(fx, 0, 640, 400)
        wfx_touch_frame(fx)
        while probe.began == 0 {
            guard poll(&pfd, 1, 1000) > 0 else { print("waylandbench: no touch"); return 1 }
            let readable = now()
            display.dispatch()
            if probe.began != 0, i >= 50 {            // 50 warm-up rounds
                fromReadable.append(probe.began - readable)
                fromSend.append(probe.began - sent)
            }
        }
        wfx_touch_up(fx, 0)
        wfx_touch_frame(fx)
        display.dispatch(timeout: 0.05)              // the up and its frame
    }
    report("wl_touch.down readable → touchesBegan", fromReadable)
    report("wl_touch.down sent by the compositor → touchesBegan", fromSend)

    // 2. Frame times: full redraws, then partial ones (separately: with double buffering, a
    //    buffer is two frames behind and repaints what changed in both).
    var full: [Double] = [], partial: [Double] = []
    let tile = probe.subviews[55]
    func frame(_ change: () -> Void) throws -> Double {
        let frames = surface.committedFrames
        change()
        let t0 = now()
        display.render()
        let t1 = now()
        guard surface.committedFrames == frames + 1 else { throw WaylandError.compositorGone(errno: EAGAIN) }
        try pump { surface.presentedFrames >= surface.committedFrames }
        return t1 - t0
    }
    for i in 0..<(iterations + 20) {
        // Three colours in turn: each buffer (two frames behind) really repaints every pixel.
        let t = try frame { root.backgroundColor = [Color.black, .white, .gray][i % 3] }
        if i >= 20 { full.append(t) }
    }
    for i in 0..<(iterations + 20) {
        let t = try frame { tile.backgroundColor = [Color.red, .green, .blue][i % 3] }
        if i >= 20 { partial.append(t) }
    }
    var idle: [Double] = []
    for _ in 0..<iterations {
        let t0 = now()
        display.render()
        idle.append(now() - t0)
    }
    report("render with nothing changed (layout + display list + compare)", idle)
    report("full redraw 1280×800 (layout + display list + repaint + commit)", full)
    report("partial redraw (one 120×72 tile)", partial)
    return 0
}

let iterations = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 1000
guard iterations > 0 else { print("usage: waylandbench [iterations]"); exit(64) }
do {
    exit(try MainActor.assumeIsolated { try run(iterations: iterations) })
} catch {
    print("waylandbench: \(error)")
    exit(1)
}
