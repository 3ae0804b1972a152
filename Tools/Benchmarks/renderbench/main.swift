// renderbench: what drawing the puzzle screen costs with the Cairo/Pango renderer, in release.
//   renderbench [FRAMES]                 (default 300 of each kind)
//   renderbench --drm NODE [FRAMES]      also: into a DRM dumb buffer against a shm buffer
//   renderbench first-touch [--cold] [TAPS]   (the first tap against the hundredth: FirstTouch.swift)
//   renderbench panel WxH [FRAMES]           (full and scroll frames on a big panel: Panel.swift)
// Prints medians and p99 for: a full redraw of the 1280×800 puzzle screen; one tile's selection
// change (damage only); a tile swap (two tiles move); and the headless frame → PNG write. With
// --drm (needs a card: Tools/vm-test.sh runs it in its VM) the full redraw, the selection change
// and a whole-frame copy go straight into a mapped dumb buffer of NODE and into a memfd shm
// buffer, the two kinds of memory a kiosk's pixels end in (DRM/KMS, a Wayland compositor).
import Kiosk
import PuzzleApp
import Rendering
import ResponderKit
import ResponderKitTesting

#if canImport(Glibc)
import Glibc
#endif

@MainActor
func run(frames: Int) {
    Rendering.install()
    let app = Application()
    let driver = InputDriver(application: app)
    driver.framesPerSecond = 0  // the bench places its own frames (presenter.update); none inside the timed calls
    driver.runsFrameBeforeEachEvent = false  // nor the host's frame the driver runs before each event
    let output = HeadlessOutput(size: Size(width: 1280, height: 800))
    let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 1280, height: 800))
    let window = Window(windowScene: scene)
    let board = Board(columns: 3, rows: 3, order: [1, 0, 2, 3, 5, 4, 6, 7, 8])
    window.rootViewController = PuzzleViewController(board: board)
    window.makeKeyAndVisible()
    let presenter = WindowPresenter(window: window, output: output)
    presenter.update()

    func measure(_ name: String, _ body: () -> Void) { measureFrames(name, frames, body) }

    print("renderbench: puzzle screen 1280×800 at scale 1, \(frames) frames each")
    measure("full redraw (whole window damaged)") {
        window.addDamage(window.bounds)
        presenter.update()
    }
    let tile = board.slots[4]
    let center = board.convert(board.center(column: 1, row: 1), to: window)
    var selected = false
    measure("selection change of one tile (damage only)") {
        driver.tap(at: center, in: window)  // select / deselect the middle tile through routing
        selected.toggle()
        presenter.update()
    }
    _ = tile
    let a = board.convert(board.center(column: 0, row: 0), to: window)
    let b = board.convert(board.center(column: 1, row: 0), to: window)
    if selected { driver.tap(at: center, in: window); presenter.update() }
    measure("tap pair → swap two tiles, counter (damage)") {
        driver.tap(at: a, in: window)
        driver.tap(at: b, in: window)
        presenter.update()
    }
    let path = "/tmp/renderbench-\(getpid()).png"
    measure("frame → PNG file (1280×800)") {
        try? output.image().writePNG(to: path)
    }
    unlink(path)
    print("damage of the last selection frame: \(output.lastRepainted.rects.map(\.description).joined(separator: ", "))")
}

/// Times `body` `frames` times and prints the median and p99 after `name`.
@MainActor
func measureFrames(_ name: String, _ frames: Int, _ body: () -> Void) {
    var samples: [Double] = []
    samples.reserveCapacity(frames)
    for _ in 0..<frames {
        let start = MonotonicClock().now
        body()
        samples.append(MonotonicClock().now - start)
    }
    samples.sort()
    let median = samples[samples.count / 2], p99 = samples[min(samples.count - 1, samples.count * 99 / 100)]
    print(name + String(repeating: " ", count: max(1, 46 - name.count)) + "median \(format(median))  p99 \(format(p99))")
}

/// The puzzle drawn straight into a DRM dumb buffer of `node` and into a shm buffer: a full
/// redraw, one tile's selection change (partial), and a whole-frame copy from ordinary memory
/// (what `DRMOutput` does from its shadow buffer, and a Wayland client into its shm buffer).
@MainActor
func runMapped(frames: Int, node: String) {
    let width = 1280, height = 800
    let dumb: Mapping
    switch Mapping.dumb(node: node, width: width, height: height) {
    case .success(let mapping): dumb = mapping
    case .failure(let error):
        print("renderbench: no dumb buffer: \(error)")
        exit(1)
    }
    guard let shm = Mapping.shm(width: width, height: height) else {
        print("renderbench: no shm buffer (memfd_create/ftruncate/mmap): \(String(cString: strerror(errno)))")
        exit(1)
    }
    defer {
        dumb.release()
        shm.release()
    }
    let source = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 64)
    source.initializeMemory(as: UInt8.self, repeating: 0x5A, count: width * height * 4)
    defer { source.deallocate() }
    print("renderbench: into a DRM dumb buffer (\(node), pitch \(dumb.pitch)) against a memfd shm buffer, 1280×800, \(frames) frames each")
    for (kind, mapping) in [("dumb", dumb), ("shm", shm)] {
        let app = Application()
        let driver = InputDriver(application: app)
        driver.framesPerSecond = 0
        driver.runsFrameBeforeEachEvent = false
        let output = MappedOutput(target: mapping.target(width, height))
        let window = Window(windowScene: WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 1280, height: 800)))
        let board = Board(columns: 3, rows: 3, order: [1, 0, 2, 3, 5, 4, 6, 7, 8])
        window.rootViewController = PuzzleViewController(board: board)
        window.makeKeyAndVisible()
        let presenter = WindowPresenter(window: window, output: output)
        presenter.update()
        measureFrames("\(kind): full redraw", frames) {
            window.addDamage(window.bounds)
            presenter.update()
        }
        let center = board.convert(board.center(column: 1, row: 1), to: window)
        measureFrames("\(kind): partial (one tile's selection change)", frames) {
            driver.tap(at: center, in: window)
            presenter.update()
        }
        measureFrames("\(kind): whole-frame copy from ordinary memory", frames) {
            for row in 0..<height {
                (mapping.memory + row * mapping.pitch).copyMemory(from: source + row * width * 4, byteCount: width * 4)
            }
        }
    }
}

func format(_ seconds: Double) -> String {
    func fixed(_ value: Double, _ digits: Int) -> String {
        let scale = digits == 1 ? 10.0 : 100.0
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            text += String(repeating: "0", count: max(0, digits - decimals))
        }
        return String(repeating: " ", count: max(0, 7 - text.count)) + text
    }
    return seconds < 1e-3 ? fixed(seconds * 1e6, 1) + " µs" : fixed(seconds * 1e3, 2) + " ms"
}

// `first-touch [--cold] [TAPS]` (FirstTouch.swift), `panel WxH [FRAMES]` (Panel.swift), else an
// optional "--drm NODE" and one optional argument, a number: anything else ("abc", "--frob", a
// second word) is an error.
var arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: renderbench [--drm NODE] [FRAMES 1…100000] | first-touch [--cold] [TAPS 2…100000] | panel WxH [FRAMES 1…100000]"
if arguments.first == "panel" {
    let fields = arguments.count > 1 ? arguments[1].split(separator: "x", omittingEmptySubsequences: false).compactMap { Int($0) } : []
    guard arguments.count <= 3, fields.count == 2, fields.allSatisfy({ (64...8192).contains($0) }),
        let frames = arguments.count == 3 ? Int(arguments[2]) : 100, (1...100_000).contains(frames)
    else {
        print(usage)
        exit(64)
    }
    MainActor.assumeIsolated { Panel.run(width: fields[0], height: fields[1], frames: frames) }
    exit(0)
}
if arguments.first == "first-touch" {
    let rest = arguments.dropFirst()
    let cold = rest.contains("--cold")
    let numbers = rest.filter { $0 != "--cold" }
    guard numbers.count <= 1, let taps = numbers.isEmpty ? 200 : Int(numbers[numbers.startIndex]), (2...100_000).contains(taps) else {
        print(usage)
        exit(64)
    }
    MainActor.assumeIsolated { FirstTouch.run(taps: taps, cold: cold) }
    exit(0)
}
var drmNode: String?
if arguments.first == "--drm", arguments.count >= 2 {
    drmNode = arguments[1]
    arguments.removeFirst(2)
}
guard arguments.count <= 1, let frames = arguments.isEmpty ? 300 : Int(arguments[0]), frames > 0, frames <= 100_000 else {
    print(usage)
    exit(64)
}
MainActor.assumeIsolated {
    if let drmNode {
        Rendering.install()
        runMapped(frames: frames, node: drmNode)
    } else {
        run(frames: frames)
    }
}
