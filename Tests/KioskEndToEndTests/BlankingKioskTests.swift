import EmulatedInput
import FakeFramebuffer
import PuzzleApp
import ResponderKit
import ResponderKitTesting
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Blanking with wake-on-touch, end to end: the main command with `--blank-after` on a fake panel
/// with real libinput reading an emulated touchscreen. After the timeout the kiosk powers the
/// panel down (`FBIOBLANK` FB_BLANK_POWERDOWN, logged by the shim as "blank 4") and stops waking
/// up; the tap that wakes it unblanks ("blank 0") and is swallowed — the puzzle's tile is not
/// selected by it — and the next tap selects the tile.
@MainActor
@Suite(.serialized)
struct BlankingKioskTests {
    /// Seconds of idleness before the panel blanks. Long enough that the checks between the
    /// waking tap and the next one (frame comparisons, a 0.3 s pause) fit in it on a loaded
    /// 2-core machine: with 2 s, a CI run at load 14–24 saw the panel blank again before the
    /// second tap, which was then (rightly) swallowed too.
    static let blankAfter = 6.0

    @Test(.enabled(if: EndToEnd.canRunWithInput, "umockdev is not installed (Tools/setup.sh installs it) or puzzle-demo is not built"))
    func theTapThatWakesTheBlankedPanelIsSwallowed() throws {
        try PreloadedRun.run(suite: "BlankingKioskTests", test: #function, case: "blank") {
            try Self.play()
        }
    }

    private static func play() throws {
        let layout = PuzzleLayout(rotation: .none, panelWidth: FakePanelKiosk.width, panelHeight: FakePanelKiosk.height)
        let reference = ReferencePuzzle(size: layout.windowSize)
        _ = reference.image()  // render once before the clock starts (fonts load on first use)
        let arguments = ["--blank-after", String(blankAfter), "--seconds", "60"]
        try FakePanelKiosk.run(executable: EndToEnd.mainCommand, event: 42, arguments: arguments) { panel in
            try play(panel, layout: layout, reference: reference)
        }
    }

    private static func play(_ panel: FakePanelKiosk, layout: PuzzleLayout, reference: ReferencePuzzle) throws {
        let kiosk = panel.kiosk, fake = panel.fake, testbed = panel.testbed, touchscreen = panel.touchscreen
        let started = panel.launched

        func blankCalls() -> [String] { fake.log().filter { $0.hasPrefix("blank") } }
        func tileColours() throws -> [TileColour] {
            let pageY = fake.shownPageY()
            let bytes = try fake.bytes()
            return layout.slots.indices.map { slot in
                let p = layout.panelPoint(layout.sample(slot: slot))
                return fake.tileColour(bytes, x: p.x, y: p.y, pageY: pageY)
            }
        }
        func waitForReference(_ what: String) throws { try panel.waitForFrame(of: reference, layout: layout, what) }
        func tap(slot: Int, trackingID: Int32) throws -> Point {
            let target = layout.panelPoint(layout.center(slot: slot))
            let frames = PuzzleLayout.tapFrames(x: target.x, y: target.y, trackingID: trackingID)
            try testbed.write(frames.down, to: touchscreen)
            try testbed.write(frames.up, to: touchscreen)
            return layout.windowPoint(panelX: target.x, panelY: target.y)
        }

        // 1. The first frame, unblanked at open; then, with no input, FB_BLANK_POWERDOWN — not
        //    before the timeout has passed since the kiosk started (it counts from its first frame).
        try waitForReference("the first frame")
        if monotonicSeconds() - started < blankAfter {
            #expect(blankCalls() == ["blank 0"], "blanked before the timeout had passed since the start")
        }
        try kiosk.wait(for: "FBIOBLANK powerdown", timeout: 20) { blankCalls().count >= 2 }
        let blankedAfter = monotonicSeconds() - started
        #expect(blankCalls() == ["blank 0", "blank \(FB.blankPowerdown)"])
        #expect(blankedAfter >= blankAfter, "blanked \(blankedAfter) s after the kiosk started; the timeout is \(blankAfter) s")

        // 2. Blanked: nothing is drawn and the kiosk does not wake up.
        let before = IdleWakeUpTests.contextSwitches(of: kiosk.process.pid) ?? -1
        pause(seconds: 1)
        let after = IdleWakeUpTests.contextSwitches(of: kiosk.process.pid) ?? -1
        #expect(after - before == 0, "a blanked kiosk woke \(after - before) times in 1 s")

        // 3. The waking tap on slot 0: the panel is unblanked, the tap is swallowed (the reference
        //    is not tapped, so the panel must still show every tile plain).
        _ = try tap(slot: 0, trackingID: 1)
        try kiosk.wait(for: "FBIOBLANK unblank", timeout: 20) { blankCalls().count >= 3 }
        #expect(blankCalls() == ["blank 0", "blank \(FB.blankPowerdown)", "blank 0"])
        pause(seconds: 0.3)
        try waitForReference("the woken panel, unchanged")
        #expect(try tileColours() == Array(repeating: .blue, count: 9), "the waking tap selected a tile")

        // 4. The next tap is delivered: slot 0 turns orange.
        reference.tap(at: try tap(slot: 0, trackingID: 2))
        try waitForReference("slot 0 selected by the second tap")
        #expect(try tileColours() == [.orange] + Array(repeating: .blue, count: 8))

        kiosk.process.send(SIGTERM)
        #expect(kiosk.process.wait(timeout: 10) == 0, "\(kiosk.transcript)")
    }
}

/// `FB_BLANK_POWERDOWN` from linux/fb.h, as the shim logs it.
enum FB {
    static let blankPowerdown = 4
}
