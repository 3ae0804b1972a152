@_exported import ChildProcesses
import EmulatedInput
import PuzzleApp
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// The main command (`puzzle-demo`) on a fake panel, as a kiosk runs it on a board without a
/// compositor: `--target framebuffer` on the shim's file, with real libinput reading an emulated
/// touchscreen from the caller's umockdev testbed. The child runs under
/// `LD_PRELOAD=libTestShimFramebuffer.so:<umockdev compat shim>:libumockdev-preload.so.0` with
/// `UMOCKDEV_DIR` set to the testbed's root, so its libinput sees the emulated node while the
/// caller writes evdev frames to it, and its framebuffer ioctls are answered for the file.
public final class PanelKiosk {
    public let fake: FakeFramebuffer
    public let process: Subprocess
    /// The argument list it was started with (for failure messages).
    public let arguments: [String]

    /// A direct (INPUT_PROP_DIRECT) 10-slot touchscreen whose absolute range is the panel's pixels,
    /// 0…width-1 and 0…height-1 on both the single-touch and multitouch axes, so a device
    /// coordinate is a panel pixel (libinput scales by `max - min + 1`).
    public static func touchscreen(panelWidth: Int, panelHeight: Int) -> EvdevDeviceSpec {
        let x = EvdevDeviceSpec.AbsInfo(minimum: 0, maximum: Int32(panelWidth - 1), resolution: 4)
        let y = EvdevDeviceSpec.AbsInfo(minimum: 0, maximum: Int32(panelHeight - 1), resolution: 4)
        return EvdevDeviceSpec(
            name: "ResponderKit Panel Touchscreen", bus: 3, vendor: 0x1d6b, product: 0x0311, version: 1, properties: [1],
            events: [
                0: [], EvdevCode.EV_KEY: [EvdevCode.BTN_TOUCH],
                EvdevCode.EV_ABS: [
                    0, 1, EvdevCode.ABS_MT_SLOT, EvdevCode.ABS_MT_POSITION_X, EvdevCode.ABS_MT_POSITION_Y,
                    EvdevCode.ABS_MT_TRACKING_ID
                ]
            ],
            axes: [
                0: x, 1: y, EvdevCode.ABS_MT_SLOT: .init(minimum: 0, maximum: 9),
                EvdevCode.ABS_MT_POSITION_X: x, EvdevCode.ABS_MT_POSITION_Y: y,
                EvdevCode.ABS_MT_TRACKING_ID: .init(minimum: 0, maximum: 65535)
            ],
            udevProperties: ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])
    }

    /// The preloads, in order: the framebuffer shim, then (when `umockdev`) the compat shim and
    /// libumockdev-preload. The framebuffer shim comes first because it hands the ioctls it does
    /// not answer to the next library (umockdev's, which answers the emulated nodes), whereas
    /// umockdev's wrapper calls libc's ioctl directly; the compat shim must precede umockdev's
    /// library (see umockdev_compat.c).
    public static func preloads(umockdev: Bool, besides executable: String) throws -> [String] {
        var libraries = [try FakeFramebuffer.shimLibrary(besides: executable)]
        if umockdev {
            try Preload.checkUmockdev()
            libraries += [try Preload.compatLibrary(), "libumockdev-preload.so.0"]
        }
        return libraries
    }

    /// Starts `executable` (the main command) with `arguments` on `fake` (created by the caller),
    /// under `preloads`, with `UMOCKDEV_DIR=testbedRoot` when given. The environment is this
    /// process's, less anything that would steer the app elsewhere (a Wayland display, a forced
    /// target, an earlier preload or fake).
    public init(executable: String, arguments: [String], fake: FakeFramebuffer, preloads: [String], testbedRoot: String?) throws {
        self.fake = fake
        self.arguments = arguments
        var environment: [String] = []
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            let dropped = ["LD_PRELOAD=", "FAKEFB_", "UMOCKDEV_DIR=", "WAYLAND_", "RK_TARGET="].contains { s.hasPrefix($0) }
            if !dropped { environment.append(s) }
            p += 1
        }
        environment += fake.environment + ["LD_PRELOAD=" + preloads.joined(separator: ":")]
        if let testbedRoot { environment.append("UMOCKDEV_DIR=" + testbedRoot) }
        process = try Subprocess(
            [executable] + arguments, environment: environment,
            outputPath: fake.folder + "/kiosk.out", errorPath: fake.folder + "/kiosk.err")
    }

    /// Polls `condition` (every 2 ms) until it holds; throws after `timeout` seconds, or at once
    /// when the kiosk has exited, with its output.
    public func wait(for what: String, timeout: Double = 20, _ condition: () throws -> Bool) throws {
        let deadline = monotonicSeconds() + timeout
        while try !condition() {
            if let status = process.wait(timeout: 0) {
                throw FakeFramebufferFailure("the kiosk exited (status \(status)) before \(what)\n\(transcript)")
            }
            guard monotonicSeconds() < deadline else { throw FakeFramebufferFailure("timed out after \(timeout) s waiting for \(what)\n\(transcript)") }
            var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
            nanosleep(&pause, nil)
        }
    }

    /// The command line, its output and errors so far, and the shim's log, for failure messages.
    public var transcript: String {
        "puzzle-demo \(arguments.joined(separator: " "))\n--- stdout\n\(process.output)--- stderr\n\(process.errors)--- shim log\n\(fake.log().joined(separator: "\n"))"
    }
}

/// Where the puzzle's tiles are, in the window and on the panel, for a panel size and rotation.
/// The window is the panel turned by the rotation (as `FramebufferOutput.size` makes it); the tiles
/// come from laying out the real app (`PuzzleKiosk`'s root view controller) at that size, so the
/// positions are the ones the kiosk draws, not a copy of its arithmetic.
@MainActor
public struct PuzzleLayout {
    public let rotation: DisplayRotation
    public let panelWidth: Int, panelHeight: Int
    public let windowSize: Size
    public let columns: Int, rows: Int
    /// Each slot's tile frame in window coordinates, row by row (as `Board.slots`).
    public let slots: [Rect]

    public init(rotation: DisplayRotation, panelWidth: Int, panelHeight: Int) {
        self.rotation = rotation
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        let quarter = rotation == .clockwise90 || rotation == .clockwise270
        windowSize = Size(width: Double(quarter ? panelHeight : panelWidth), height: Double(quarter ? panelWidth : panelHeight))
        let application = Application()
        let scene = WindowScene(application: application, screenBounds: Rect(origin: .zero, size: windowSize))
        let window = Window(windowScene: scene)
        let controller = PuzzleKiosk.app().makeRootViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let board = (controller as! PuzzleViewController).board
        columns = board.columns
        rows = board.rows
        slots = board.slots.map { board.convert($0.frame, to: window) }
    }

    /// The window point a finger at device coordinates (`x`, `y`) lands on: libinput's
    /// normalized position (`x / width`, as `*_transformed(…, 1)` scales by the range) through
    /// `DisplayRotation.map`, exactly as the kiosk's input path computes it.
    public func windowPoint(panelX x: Int, panelY y: Int) -> Point {
        rotation.map(u: Double(x) / Double(panelWidth), v: Double(y) / Double(panelHeight), into: windowSize)
    }

    /// The panel position (device coordinates, = panel pixel) of window point `p`: the inverse
    /// of `DisplayRotation.map`. The result lands within a pixel of `p` (`windowPoint` of it).
    public func panelPoint(_ p: Point) -> (x: Int, y: Int) {
        let (a, b) = (p.x / windowSize.width, p.y / windowSize.height)
        let u: Double, v: Double
        switch rotation {
        case .none: (u, v) = (a, b)
        case .clockwise90: (u, v) = (1 - b, a)
        case .upsideDown: (u, v) = (1 - a, 1 - b)
        case .clockwise270: (u, v) = (b, 1 - a)
        }
        let x = min(panelWidth - 1, max(0, Int((u * Double(panelWidth)).rounded(.down))))
        let y = min(panelHeight - 1, max(0, Int((v * Double(panelHeight)).rounded(.down))))
        return (x, y)
    }

    /// A window point on slot `slot`'s tile clear of its number and rounded corners: a fifth of
    /// the way in from its top-left corner.
    public func sample(slot: Int) -> Point {
        let r = slots[slot]
        return Point(x: r.minX + r.width * 0.2, y: r.minY + r.height * 0.2)
    }

    /// The centre of slot `slot`'s tile (where a finger taps).
    public func center(slot: Int) -> Point {
        let r = slots[slot]
        return Point(x: r.midX, y: r.midY)
    }

    /// A finger down (slot 0, `trackingID`) at device coordinates (`x`, `y`), and its lift; each
    /// a whole frame ending in SYN_REPORT, as a touchscreen driver reports them.
    nonisolated public static func tapFrames(x: Int, y: Int, trackingID: Int32) -> (down: [EvdevEvent], up: [EvdevEvent]) {
        let (abs, key, syn) = (EvdevCode.EV_ABS, EvdevCode.EV_KEY, EvdevEvent(type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0))
        let down = [
            EvdevEvent(type: abs, code: EvdevCode.ABS_MT_SLOT, value: 0),
            EvdevEvent(type: abs, code: EvdevCode.ABS_MT_TRACKING_ID, value: trackingID),
            EvdevEvent(type: abs, code: EvdevCode.ABS_MT_POSITION_X, value: Int32(x)),
            EvdevEvent(type: abs, code: EvdevCode.ABS_MT_POSITION_Y, value: Int32(y)),
            EvdevEvent(type: key, code: EvdevCode.BTN_TOUCH, value: 1),
            EvdevEvent(type: abs, code: EvdevCode.ABS_X, value: Int32(x)),
            EvdevEvent(type: abs, code: EvdevCode.ABS_Y, value: Int32(y)), syn
        ]
        let up = [
            EvdevEvent(type: abs, code: EvdevCode.ABS_MT_TRACKING_ID, value: -1),
            EvdevEvent(type: key, code: EvdevCode.BTN_TOUCH, value: 0), syn
        ]
        return (down, up)
    }
}

/// The puzzle's two tile colours as the panel shows them, and telling them apart in a pixel.
public enum TileColour: String, Sendable {
    /// A plain tile (`Palette.tile`, 0.20/0.42/0.78).
    case blue
    /// The selected tile (`Palette.selectedTile`, 0.96/0.62/0.15).
    case orange
    case other

    /// 8-bit red, green, blue of the two colours.
    static let references: [(TileColour, (Int, Int, Int))] = [(.blue, (51, 107, 199)), (.orange, (245, 158, 38))]

    /// The colour of an 8-bit RGB triple: within 12 per channel of a reference (RGB565 loses up
    /// to 7), else `.other`.
    public init(r: Int, g: Int, b: Int) {
        self = Self.references.first { _, c in abs(c.0 - r) <= 12 && abs(c.1 - g) <= 12 && abs(c.2 - b) <= 12 }?.0 ?? .other
    }
}

extension FakeFramebuffer {
    /// The channel layout the shim reports: (offset, length) of red, green, blue, as
    /// `FAKEFB_CHANNELS` or its defaults (XRGB8888; RGB565 at 16 bpp).
    public var channelLayout: [(offset: Int, length: Int)] {
        if let channels {
            let numbers = channels.split(whereSeparator: { $0 == "," || $0 == "/" }).compactMap { Int($0) }
            if numbers.count >= 6 { return [(numbers[0], numbers[1]), (numbers[2], numbers[3]), (numbers[4], numbers[5])] }
        }
        return bitsPerPixel == 16 ? [(11, 5), (5, 6), (0, 5)] : [(16, 8), (8, 8), (0, 8)]
    }

    /// A pixel's red, green and blue, widened to 8 bits (low bits zero, as the output truncates).
    public func rgb(_ pixel: UInt32) -> (r: Int, g: Int, b: Int) {
        let c = channelLayout.map { Int((pixel >> UInt32($0.offset)) & ((1 << UInt32($0.length)) - 1)) << (8 - $0.length) }
        return (c[0], c[1], c[2])
    }

    /// Which tile colour the pixel at (`x`, `y`) of the page at `pageY` is.
    public func tileColour(_ bytes: [UInt8], x: Int, y: Int, pageY: Int = 0) -> TileColour {
        let (r, g, b) = rgb(pixel(bytes, x: x + xOffset, y: y + pageY))
        return TileColour(r: r, g: g, b: b)
    }

    /// The vertical offset of the page on screen: the last "pan"/"put" line of the shim's log,
    /// else where it started. Read this before the pixels: a shown page holds still until the
    /// next frame, which is drawn into the other one.
    public func shownPageY() -> Int {
        for line in log().reversed() {
            let words = line.split(separator: " ")
            if words.count == 3, words[0] == "pan" || words[0] == "put", let y = Int(words[2]) { return y }
        }
        return yOffset
    }
}
