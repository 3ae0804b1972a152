import ChildProcesses
import EmulatedInput

#if canImport(Glibc)
import Glibc
#endif

// scrolltouch: a headless sway whose own libinput reads an emulated touchscreen (real libinput
// under umockdev, as the end-to-end tests run it), and a finger on it driven from stdin. The
// touch-scrolling comparison (Tools/Benchmarks/scroll-peers/run.py) starts it, runs each app as a
// client of its socket and asks it for the same drag every time. Run it as an unprivileged user
// (sway refuses root); the preload shims must be built (`swift build --package-path Tests/Shims
// --scratch-path .build/shims` with the same `-c`).
//
//   scrolltouch [--size WxH]       prints "socket DIR NAME" once sway listens, then reads lines:
//     drag X Y DX DY MS STEPS      finger down at (X, Y); STEPS moves, MS/STEPS ms apart, to
//                                  (X+DX, Y+DY); lifted right after the last move (a fling);
//                                  answers "ok DOWN_US" (CLOCK_REALTIME µs of the touch-down write)
//     quit (or end of input)       stops sway and removes the testbed

func fail(_ message: String) -> Never {
    let line = "scrolltouch: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(1)
}

func say(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(1, $0, strlen($0)) }
}

var arguments = Array(CommandLine.arguments.dropFirst())
var width = 1280, height = 800
while let flag = arguments.first {
    arguments.removeFirst()
    switch flag {
    case "--size":
        let parts = (arguments.first ?? "").split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, (64...8192).contains(parts[0]), (64...8192).contains(parts[1]) else { fail("--size wants WxH, e.g. 1280x800") }
        (width, height) = (parts[0], parts[1])
        arguments.removeFirst()
    default: fail("unknown argument '\(flag)'; usage: scrolltouch [--size WxH]")
    }
}
guard getuid() != 0 else { fail("sway refuses to run as root: run this as another user (setpriv --reuid=65534 …)") }
if !Preload.isActive {
    do { try Preload.relaunch() } catch { fail("\(error)") }
}

/// A 10-slot direct touchscreen whose range equals the output, so sway maps it 1:1.
let touchscreen = EvdevDeviceSpec(
    name: "ResponderKit Scroll Touchscreen", bus: 3, vendor: 0x1d6b, product: 0x0311, version: 1, properties: [1],
    events: [
        0: [], EvdevCode.EV_KEY: [EvdevCode.BTN_TOUCH],
        EvdevCode.EV_ABS: [0, 1, EvdevCode.ABS_MT_SLOT, EvdevCode.ABS_MT_POSITION_X, EvdevCode.ABS_MT_POSITION_Y, EvdevCode.ABS_MT_TRACKING_ID]
    ],
    axes: [
        0: .init(minimum: 0, maximum: Int32(width - 1), resolution: 16), 1: .init(minimum: 0, maximum: Int32(height - 1), resolution: 16),
        EvdevCode.ABS_MT_SLOT: .init(minimum: 0, maximum: 9),
        EvdevCode.ABS_MT_POSITION_X: .init(minimum: 0, maximum: Int32(width - 1), resolution: 16),
        EvdevCode.ABS_MT_POSITION_Y: .init(minimum: 0, maximum: Int32(height - 1), resolution: 16),
        EvdevCode.ABS_MT_TRACKING_ID: .init(minimum: 0, maximum: 65535)
    ],
    udevProperties: ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])

func monotonic() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func realtimeMicroseconds() -> Int {
    var t = timespec()
    clock_gettime(CLOCK_REALTIME, &t)
    return t.tv_sec * 1_000_000 + t.tv_nsec / 1000
}

/// Sleeps until `deadline` on the monotonic clock (`clock_nanosleep` with `TIMER_ABSTIME`), so
/// that a late wake-up does not push back every later event.
func sleep(until deadline: Double) {
    var t = timespec(tv_sec: Int(deadline), tv_nsec: Int((deadline - deadline.rounded(.down)) * 1e9))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, nil) == EINTR {}
}

let testbed: Testbed
let device: Testbed.Device
let sway: Subprocess
let runtimeDirectory: String
do {
    testbed = try Testbed()
    device = try testbed.add(touchscreen, event: 24)
    var template = Array("\(P_tmpdir)/scrolltouch.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fail("mkdtemp: \(String(cString: strerror(errno)))") }
    runtimeDirectory = String(cString: made)
    let config = runtimeDirectory + "/sway.conf"
    guard let file = fopen(config, "w") else { fail("cannot write \(config)") }
    fputs(
        """
        output HEADLESS-1 resolution \(width)x\(height) position 0,0 scale 1
        default_border none
        focus_follows_mouse no
        xwayland disable

        """, file)
    fclose(file)
    let preload = [try PreloadShims.path(of: PreloadShims.waylandSeat), try Preload.compatLibrary(), "libumockdev-preload.so.0"]
    sway = try Subprocess(
        ["/usr/bin/sway", "-c", config],
        environment: [
            "PATH=/usr/bin:/bin", "HOME=\(runtimeDirectory)", "XDG_RUNTIME_DIR=\(runtimeDirectory)",
            "WLR_BACKENDS=headless,libinput", "WLR_RENDERER=pixman", "WLR_HEADLESS_OUTPUTS=1",
            "XKB_DEFAULT_LAYOUT=us", "UMOCKDEV_DIR=\(testbed.root)", "LD_PRELOAD=\(preload.joined(separator: ":"))"
        ],
        outputPath: runtimeDirectory + "/sway.log", ownGroup: false)
} catch { fail("\(error)") }

@MainActor func stop() {
    sway.kill()
    for name in ["sway.conf", "sway.log"] { unlink(runtimeDirectory + "/" + name) }
    rmdir(runtimeDirectory)
}

// sway 1.7 names its socket wayland-1 (wayland-0 when free); wait ≤ 10 s for it.
var socketName: String?
let start = monotonic()
while socketName == nil {
    for name in ["wayland-0", "wayland-1", "wayland-2"] {
        var info = stat()
        if stat(runtimeDirectory + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK { socketName = name }
    }
    if socketName != nil { break }
    if !sway.isRunning { let log = sway.output; stop(); fail("sway exited: \(log.suffix(2000))") }
    if monotonic() - start > 10 { let log = sway.output; stop(); fail("sway made no socket in 10 s: \(log.suffix(2000))") }
    sleep(until: monotonic() + 0.005)
}
say("socket \(runtimeDirectory) \(socketName!)")

var trackingID: Int32 = 1
@MainActor func frame(_ events: [(Int, Int, Int32)]) throws {
    try testbed.write(
        events.map { EvdevEvent(type: $0.0, code: $0.1, value: $0.2) } + [EvdevEvent(type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0)],
        to: device)
}

/// One finger: down, `steps` evenly spaced moves over `milliseconds`, up right after the last.
@MainActor func drag(x: Int32, y: Int32, dx: Int32, dy: Int32, milliseconds: Double, steps: Int) throws -> Int {
    let (abs, key) = (EvdevCode.EV_ABS, EvdevCode.EV_KEY)
    trackingID = trackingID % 60000 + 1
    let down = realtimeMicroseconds()
    let t0 = monotonic()
    try frame([
        (abs, EvdevCode.ABS_MT_SLOT, 0), (abs, EvdevCode.ABS_MT_TRACKING_ID, trackingID),
        (abs, EvdevCode.ABS_MT_POSITION_X, x), (abs, EvdevCode.ABS_MT_POSITION_Y, y),
        (key, EvdevCode.BTN_TOUCH, 1), (abs, EvdevCode.ABS_X, x), (abs, EvdevCode.ABS_Y, y)
    ])
    for step in 1...steps {
        sleep(until: t0 + milliseconds / 1000 * Double(step) / Double(steps))
        let px = x + Int32((Double(dx) * Double(step) / Double(steps)).rounded())
        let py = y + Int32((Double(dy) * Double(step) / Double(steps)).rounded())
        try frame([(abs, EvdevCode.ABS_MT_POSITION_X, px), (abs, EvdevCode.ABS_MT_POSITION_Y, py), (abs, EvdevCode.ABS_X, px), (abs, EvdevCode.ABS_Y, py)])
    }
    try frame([(abs, EvdevCode.ABS_MT_TRACKING_ID, -1), (key, EvdevCode.BTN_TOUCH, 0)])
    return down
}

while let line = readLine() {
    let words = line.split(separator: " ").map(String.init)
    guard let verb = words.first else { continue }
    switch verb {
    case "drag":
        let n = words.dropFirst().compactMap { Double($0) }
        guard words.count == 7, n.count == 6, n[4] > 0, n[4] <= 10_000, n[5] >= 1, n[5] <= 1000,
            n[0] >= 0, n[0] < Double(width), n[1] >= 0, n[1] < Double(height),
            (0..<Double(width)).contains(n[0] + n[2]), (0..<Double(height)).contains(n[1] + n[3])
        else {
            say("error drag wants X Y DX DY MS STEPS inside the \(width)x\(height) output, MS in (0, 10000], STEPS in 1…1000")
            continue
        }
        do {
            let down = try drag(x: Int32(n[0]), y: Int32(n[1]), dx: Int32(n[2]), dy: Int32(n[3]), milliseconds: n[4], steps: Int(n[5]))
            say("ok \(down)")
        } catch {
            say("error \(error)")
        }
    case "quit":
        stop()
        exit(0)
    default:
        say("error unknown command '\(verb)' (drag, quit)")
    }
}
stop()
