import EmulatedInput
import FakeFramebuffer
import PuzzleApp
import Rendering
import ResponderKit
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The main command on a panel without a compositor, end to end: the real `puzzle-demo` runs as a
/// child with `--target framebuffer` on a file the framebuffer shim answers for, real libinput in
/// it reads an emulated touchscreen (umockdev) that this test writes evdev frames to, and the test
/// reads the pixels the kiosk wrote back from the file. Nothing between the finger and the pixels
/// is stubbed: the kernel's answers are the only thing faked.
@MainActor
@Suite(.serialized)
struct FramebufferKioskTests {
    /// One panel: its rotation, pixel format and whether the virtual screen holds two pages (the
    /// output then draws into the hidden one and flips with FBIOPAN_DISPLAY).
    struct Panel: Sendable, CustomTestStringConvertible {
        let name: String
        let rotation: DisplayRotation
        let bitsPerPixel: Int
        let pages: Int
        var testDescription: String { name }

        static let width = 640, height = 400

        var fake: FakeFramebuffer {
            FakeFramebuffer(
                width: Self.width, height: Self.height, virtualHeight: pages == 2 ? 2 * Self.height : nil,
                bitsPerPixel: bitsPerPixel)
        }
    }

    /// Every rotation on XRGB8888 (180° with two pages), and RGB565 turned a quarter.
    nonisolated static let panels = [
        Panel(name: "xrgb8888-0", rotation: .none, bitsPerPixel: 32, pages: 1),
        Panel(name: "xrgb8888-90", rotation: .clockwise90, bitsPerPixel: 32, pages: 1),
        Panel(name: "xrgb8888-180-2pages", rotation: .upsideDown, bitsPerPixel: 32, pages: 2),
        Panel(name: "xrgb8888-270", rotation: .clockwise270, bitsPerPixel: 32, pages: 1),
        Panel(name: "rgb565-90", rotation: .clockwise90, bitsPerPixel: 16, pages: 1)
    ]

    /// A tap on a corner tile selects exactly that tile (orange where the rotation put it on the
    /// panel, every other tile blue), a tap on its neighbour swaps the two and clears the
    /// highlight; after each step the whole panel equals the app's own rendering of that state,
    /// turned by the rotation (picture and touch turn together). SIGTERM then gives the console
    /// back (text mode, cursor shown, the original pan offset) and the kiosk exits 0.
    ///
    /// A corner tile (slot 0) because the centre one sits at the panel's centre in every rotation
    /// and would hide a wrong turn.
    @Test(
        .enabled(if: EndToEnd.canRunWithInput, "umockdev is not installed (Tools/setup.sh installs it) or puzzle-demo is not built"),
        arguments: panels)
    func tapsSelectAndSwapTilesOnThePanel(_ panel: Panel) throws {
        try PreloadedRun.run(suite: "FramebufferKioskTests", test: #function, case: panel.name) {
            try Self.playTapsAndSwap(panel)
        }
    }

    private static func playTapsAndSwap(_ panel: Panel) throws {
        let folder = try TemporaryFolder.make("e2e")
        defer { TemporaryFolder.remove(folder) }
        var fake = panel.fake
        fake.folder = folder
        try fake.create()
        let testbed = try Testbed()
        let touchscreen = try testbed.add(PanelKiosk.touchscreen(panelWidth: fake.width, panelHeight: fake.height), event: 40)
        let layout = PuzzleLayout(rotation: panel.rotation, panelWidth: fake.width, panelHeight: fake.height)
        let reference = ReferencePuzzle(size: layout.windowSize)

        // --seconds bounds the kiosk even if this process dies before it can kill it.
        let arguments = [
            "--target", "framebuffer", "--fb", fake.node, "--device", touchscreen.node, "--console", fake.terminal,
            "--rotation", String(panel.rotation.rawValue), "--seconds", "90"
        ]
        let kiosk = try PanelKiosk(
            executable: EndToEnd.mainCommand, arguments: arguments, fake: fake,
            preloads: PanelKiosk.preloads(umockdev: true, besides: Preload.executablePath),
            testbedRoot: testbed.root)
        defer { kiosk.process.kill() }

        func tileColours(_ bytes: [UInt8], pageY: Int) -> [TileColour] {
            layout.slots.indices.map { slot in
                let p = layout.panelPoint(layout.sample(slot: slot))
                return fake.tileColour(bytes, x: p.x, y: p.y, pageY: pageY)
            }
        }
        /// Polls the file until the page on screen equals the reference (a frame may be half
        /// written when read), then returns its tile colours.
        func waitForReference(_ what: String) throws -> [TileColour] {
            let image = reference.image()
            var last = FrameComparison()
            var colours: [TileColour] = []
            do {
                try kiosk.wait(for: what, timeout: 20) {
                    let pageY = fake.shownPageY()
                    let bytes = try fake.bytes()
                    last = FrameComparison(fake: fake, bytes: bytes, pageY: pageY, layout: layout, reference: image)
                    colours = tileColours(bytes, pageY: pageY)
                    return last.differing == 0
                }
            } catch {
                Issue.record("\(panel.name): \(what): the panel is not the app's rendering (\(last)); tiles \(colours)\n\(error)")
                throw error
            }
            try PanelSnapshot.saveIfAsked(fake, name: "\(panel.name)-\(what.split(separator: " ").joined(separator: "-"))")
            return colours
        }
        func tap(slot: Int, trackingID: Int32) throws -> Point {
            let target = layout.panelPoint(layout.center(slot: slot))
            // Where libinput + the rotation will put the finger: the tile's centre, within a pixel.
            let lands = layout.windowPoint(panelX: target.x, panelY: target.y)
            #expect(abs(lands.x - layout.center(slot: slot).x) <= 1 && abs(lands.y - layout.center(slot: slot).y) <= 1)
            let frames = PuzzleLayout.tapFrames(x: target.x, y: target.y, trackingID: trackingID)
            try testbed.write(frames.down, to: touchscreen)
            try testbed.write(frames.up, to: touchscreen)
            reference.tap(at: lands)
            return lands
        }

        // 1. The first frame: every tile plain, the whole panel the app's rendering.
        let first = try waitForReference("first frame")
        #expect(first == Array(repeating: .blue, count: 9), "\(panel.name): first frame tiles \(first)")

        // 2. A tap on slot 0: that tile, and only it, turns orange where the panel shows it.
        _ = try tap(slot: 0, trackingID: 1)
        let selected = try waitForReference("slot 0 selected")
        #expect(selected == [.orange] + Array(repeating: .blue, count: 8), "\(panel.name): after the first tap \(selected)")
        // …and the rotation's documented direction holds on its own (not only picture and touch
        // agreeing): the UI's top-left tile is lit in the panel's top-left quarter at 0°,
        // top-right at 90° (clockwise), bottom-right at 180°, bottom-left at 270°.
        let lit = layout.panelPoint(layout.sample(slot: 0))
        let quarter = (lit.y >= fake.height / 2 ? "bottom" : "top") + "-" + (lit.x >= fake.width / 2 ? "right" : "left")
        let expected: [DisplayRotation: String] = [
            .none: "top-left", .clockwise90: "top-right", .upsideDown: "bottom-right",
            .clockwise270: "bottom-left"
        ]
        #expect(quarter == expected[panel.rotation], "\(panel.name): slot 0 is lit at panel \(lit)")

        // 3. A tap on its right-hand neighbour: the two swap (the reference swapped them: the
        //    numbers moved) and the highlight clears.
        _ = try tap(slot: 1, trackingID: 2)
        let swapped = try waitForReference("slots 0 and 1 swapped")
        #expect(swapped == Array(repeating: .blue, count: 9), "\(panel.name): after the swap \(swapped)")

        // The start-up line is in the log while the kiosk runs (a service's journal shows it at
        // start, not when the process ends): what opened, how many input devices, the rotation.
        let running = kiosk.process.output
        #expect(
            running.contains("puzzle: on \(fake.node): \(fake.width)x\(fake.height)")
                && running.contains("with 1 input device(s), rotation \(panel.rotation.rawValue)°"),
            "\(panel.name): standard output while running: \(running.debugDescription)")

        // 4. SIGTERM: a clean stop that gives the console back, exit status 0.
        kiosk.process.send(SIGTERM)
        let status = kiosk.process.wait(timeout: 10)
        #expect(status == 0, "\(panel.name): exit status \(String(describing: status))\n\(kiosk.transcript)")
        let log = fake.log()
        #expect(Array(log.prefix(4)) == ["blank 0", "kdmode \(KD.graphics)"] + KD.lockdown, "\(panel.name): \(log)")
        #expect(log.last == "kdmode \(KD.text)", "\(panel.name): the console was not put back in text mode: \(log)")
        if panel.pages == 2 {
            // Flipped pages, then the original offset put back before the console.
            #expect(log.contains("pan 0 \(fake.height)"), "\(panel.name): \(log)")
            #expect(Array(log.suffix(4)) == ["put 0 0"] + KD.unlocked + ["kdmode \(KD.text)"], "\(panel.name): \(log)")
        } else {
            #expect(!log.contains { $0.hasPrefix("pan") || $0.hasPrefix("put") }, "\(panel.name): \(log)")
        }
        #expect(fake.terminalText() == KD.hideCursor + KD.showCursor, "\(panel.name): terminal got \(fake.terminalText().debugDescription)")
        #expect(kiosk.process.output.contains("stopped by signal \(SIGTERM)"), "\(panel.name): \(kiosk.process.output)")
    }

    /// `--target framebuffer` with no framebuffer at the node: exit 69 (EX_UNAVAILABLE), and the
    /// message names the node (no preload: this is what a machine without the driver sees).
    @Test(.enabled(if: EndToEnd.canRunWithoutInput, "puzzle-demo is not built beside the tests"))
    func missingFramebufferExits69NamingTheNode() throws {
        try EndToEnd.requireBuilt()
        let folder = try TemporaryFolder.make("e2e")
        defer { TemporaryFolder.remove(folder) }
        let node = folder + "/fb7"
        let child = try Subprocess(
            [EndToEnd.mainCommand, "--target", "framebuffer", "--fb", node, "--console", "none", "--seconds", "5"],
            environment: ["PATH=/usr/bin:/bin", "LANG=C.UTF-8"] + Subprocess.sanitizerOptions,
            outputPath: folder + "/out", errorPath: folder + "/err")
        let status = child.wait(timeout: 30)
        #expect(status == 69, "exit status \(String(describing: status)); stderr: \(child.errors)")
        #expect(child.errors.contains("no framebuffer at \(node)"), "stderr: \(child.errors)")
        #expect(access(node, F_OK) != 0, "the kiosk created \(node)")
    }

    /// A framebuffer that opens but an input device that does not: exit 69 with a message that
    /// says the framebuffer opened and names the missing device, and the console taken over at
    /// open is given back (text mode, cursor) before the kiosk exits. A kiosk must not sit on a
    /// panel nobody can touch.
    @Test(.enabled(if: EndToEnd.canRunWithoutInput, "puzzle-demo or the framebuffer shim is not built beside the tests"))
    func framebufferWithoutInputDeviceRefusesClearly() throws {
        try EndToEnd.requireBuilt()
        let folder = try TemporaryFolder.make("e2e")
        defer { TemporaryFolder.remove(folder) }
        var fake = FakeFramebuffer(width: 64, height: 40)
        fake.folder = folder
        try fake.create()
        let kiosk = try PanelKiosk(
            executable: EndToEnd.mainCommand,
            arguments: [
                "--target", "framebuffer", "--fb", fake.node, "--device", "/nonexistent",
                "--console", fake.terminal, "--seconds", "5"
            ],
            fake: fake, preloads: PanelKiosk.preloads(umockdev: false, besides: Preload.executablePath),
            testbedRoot: nil)
        defer { kiosk.process.kill() }
        let status = kiosk.process.wait(timeout: 30)
        let errors = kiosk.process.errors
        #expect(status == 69, "exit status \(String(describing: status))\n\(kiosk.transcript)")
        #expect(errors.contains("framebuffer \(fake.node) opened, but libinput"), "stderr: \(errors)")
        #expect(errors.contains("/nonexistent"), "stderr: \(errors)")
        #expect(
            fake.log() == ["blank 0", "kdmode \(KD.graphics)"] + KD.lockdown + KD.unlocked + ["kdmode \(KD.text)"], "\(fake.log())")
        #expect(fake.terminalText() == KD.hideCursor + KD.showCursor)
        #expect(try fake.bytes().allSatisfy { $0 == 0 }, "the refused kiosk drew on the panel")
    }
}

/// `KD_TEXT`/`KD_GRAPHICS` (linux/kd.h) as the shim logs them, and the cursor escapes the
/// console gets.
enum KD {
    static let text = 0, graphics = 1
    static let hideCursor = "\u{1B}[?25l", showCursor = "\u{1B}[?25h"
    /// VT lockdown, the kiosk's default, as the shim logs it: `VT_SETMODE` `VT_PROCESS` with SIGUSR2,
    /// the console keyboard off (`K_OFF`); on exit `VT_AUTO` and the keyboard mode found (`K_UNICODE`).
    static let lockdown = ["vtmode 1 \(SIGUSR2)", "kbmode 4"], unlocked = ["vtmode 0 0", "kbmode 3"]
}

/// PNGs of the panel as the file holds it, when `RESPONDERKIT_E2E_SNAPSHOTS` names a folder: to
/// look at what a run showed (the file converted to an `Image` and written with `writePNG`).
@MainActor
enum PanelSnapshot {
    static func saveIfAsked(_ fake: FakeFramebuffer, name: String) throws {
        guard let folder = getenv("RESPONDERKIT_E2E_SNAPSHOTS").map({ String(cString: $0) }), !folder.isEmpty else { return }
        try image(of: fake, pageY: fake.shownPageY()).writePNG(to: folder + "/" + name + ".png")
    }

    /// The page at `pageY` as an opaque ARGB image of the panel's size (unrotated: as it is lit).
    static func image(of fake: FakeFramebuffer, pageY: Int) throws -> Image {
        let bytes = try fake.bytes()
        var pixels: [UInt32] = []
        pixels.reserveCapacity(fake.width * fake.height)
        for y in 0..<fake.height {
            for x in 0..<fake.width {
                let c = fake.rgb(fake.pixel(bytes, x: x + fake.xOffset, y: y + pageY))
                pixels.append(0xFF00_0000 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b))
            }
        }
        guard let image = Image(width: fake.width, height: fake.height, pixels: pixels) else {
            throw FakeFramebufferFailure("no image of \(fake.width)x\(fake.height)")
        }
        return image
    }
}
