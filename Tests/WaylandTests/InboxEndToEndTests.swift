import ChildProcesses
import EmulatedInput
import InboxApp
import Prerequisites
import Rendering
import ResponderKit
import ResponderKitTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The inbox under both real compositors (issue 9): `kiosk-demo inbox` opens fullscreen, a tap on
/// an emulated touchscreen (read by the compositor's libinput) archives the first message, and a
/// finger dragging up the list scrolls it — on the real clock, so it coasts and stops by itself.
/// Each time the compositor's screenshot (`grim`) equals the frame the app presented.
@MainActor
@Suite(.serialized)
struct InboxEndToEndTests {
    @Test(
        .enabled(if: HeadlessCompositor.Kind.sway.shouldRun, "sway, grim or umockdev is not installed (Tools/setup.sh installs them)"),
        .enabled(if: Prerequisite.uninstrumentedBuild.isPresent, "a sanitized build: the compositor and setpriv cannot preload the instrumented shims"))
    func swayArchivesAndScrollsByTouch() throws {
        try HeadlessCompositor.Kind.sway.requireInstalled()
        try NobodyChild.run("InboxEndToEndTests", "swayArchivesAndScrollsByTouch()") { try Self.run(.sway) }
    }

    @Test(
        .enabled(if: HeadlessCompositor.Kind.cage.shouldRun, "cage, Xwayland, grim or umockdev is not installed (Tools/setup.sh installs them)"),
        .enabled(if: Prerequisite.uninstrumentedBuild.isPresent, "a sanitized build: the compositor and setpriv cannot preload the instrumented shims"))
    func cageArchivesAndScrollsByTouch() throws {
        try HeadlessCompositor.Kind.cage.requireInstalled()
        try NobodyChild.run("InboxEndToEndTests", "cageArchivesAndScrollsByTouch()") { try Self.run(.cage) }
    }

    static func run(_ kind: HeadlessCompositor.Kind) throws {
        Rendering.install()
        // The seat has a touchscreen and no keyboard, so the focused search field would bring up
        // the built-in keyboard (issue 11) over the list this scenario drags; it is kept away
        // here (the keyboard has its own tests: OnScreenKeyboard*Tests).
        let kiosk = try KioskUnderCompositor(kind, executable: "kiosk-demo", arguments: ["inbox", "--on-screen-keyboard", "never"])
        defer { kiosk.stop() }
        let (testbed, touch, compositor, snapshotPath) = (kiosk.testbed, kiosk.touch, kiosk.compositor, kiosk.snapshotPath)
        let output = kiosk.outputSize
        let device = kiosk.devicePoint

        // The same app in this process at the output's size says where things are and what the
        // settled screen must look like.
        let reference = Reference(width: Double(output.width), height: Double(output.height))
        var after = try DemoEndToEndTests.waitForLine(compositor, after: 0, "the first presented frame") { $0.hasPrefix("presented frame ") }
        try PuzzleEndToEndTests.expectScreen(compositor, equals: reference.snapshot(), snapshotPath: snapshotPath, "the first frame")

        // Archive message 0: the rows close up (a 0.25 s glide), then the screen equals the
        // reference's settled frame.
        let archive = reference.archiveButtonCenter(0)
        let (ax, ay) = device(archive)
        try DemoEndToEndTests.tap(testbed: testbed, touch: touch, x: ax, y: ay)
        reference.tap(at: archive)
        after = try PuzzleEndToEndTests.waitForFrame(
            compositor, after: after, snapshotPath: snapshotPath,
            equalTo: reference.snapshot(), "tap on Archive")
        let beforeScroll = try Image.loadPNG(contentsOfFile: snapshotPath)

        // A finger drags up the list by 300 pt in ~0.3 s of real time and lifts.
        let list = reference.inbox.list
        let start = list.convert(Point(x: list.bounds.midX, y: list.bounds.midY + 150), to: reference.window)
        try drag(testbed: testbed, touch: touch, from: device(start), to: device(Point(x: start.x, y: start.y - 300)), steps: 20)
        // It scrolls, coasts and stops: wait until the presented frames stop changing.
        let settled = try waitForStillFrames(compositor, after: after, snapshotPath: snapshotPath)
        if let keep = getenv("RESPONDERKIT_KEEP_SCREENSHOTS").map({ String(cString: $0) }) {
            try compositor.savePNG(keep + "/inbox-\(kind)-grim.png")
            try settled.writePNG(to: keep + "/inbox-\(kind)-app.png")
        }
        #expect(PuzzleEndToEndTests.differing(settled, beforeScroll) > 10_000, "the list moved")
        try PuzzleEndToEndTests.expectScreen(compositor, equals: settled, snapshotPath: snapshotPath, "after the scroll")
    }

    /// One finger down at `from`, `steps` motion frames 16 ms apart to `to`, then up.
    static func drag(testbed: Testbed, touch: Testbed.Device, from: (Int32, Int32), to: (Int32, Int32), steps: Int) throws {
        let (abs, key) = (EvdevCode.EV_ABS, EvdevCode.EV_KEY)
        func frame(_ events: [(Int, Int, Int32)]) throws {
            try testbed.write(
                events.map { EvdevEvent(type: $0.0, code: $0.1, value: $0.2) }
                    + [EvdevEvent(type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0)], to: touch)
        }
        try frame([
            (abs, EvdevCode.ABS_MT_SLOT, 0), (abs, EvdevCode.ABS_MT_TRACKING_ID, 12),
            (abs, EvdevCode.ABS_MT_POSITION_X, from.0), (abs, EvdevCode.ABS_MT_POSITION_Y, from.1),
            (key, EvdevCode.BTN_TOUCH, 1), (abs, EvdevCode.ABS_X, from.0), (abs, EvdevCode.ABS_Y, from.1)
        ])
        for i in 1...steps {
            var pause = timespec(tv_sec: 0, tv_nsec: 16_000_000)
            nanosleep(&pause, nil)
            let x = from.0 + Int32((Double(to.0 - from.0) * Double(i) / Double(steps)).rounded())
            let y = from.1 + Int32((Double(to.1 - from.1) * Double(i) / Double(steps)).rounded())
            try frame([
                (abs, EvdevCode.ABS_MT_POSITION_X, x), (abs, EvdevCode.ABS_MT_POSITION_Y, y),
                (abs, EvdevCode.ABS_X, x), (abs, EvdevCode.ABS_Y, y)
            ])
        }
        try frame([(abs, EvdevCode.ABS_MT_TRACKING_ID, -1), (key, EvdevCode.BTN_TOUCH, 0)])
    }

    /// Waits (≤ 20 s) until no frame has been reported for 4 s; returns the last reported frame.
    /// The app reports a frame only when it is quiescent (everything committed was presented and
    /// nothing is left to draw), so while the list coasts there are no reports at all: the quiet
    /// period must outlast the deceleration and the indicator's fade.
    static func waitForStillFrames(_ compositor: HeadlessCompositor, after: Int, snapshotPath: String) throws -> Image {
        let deadline = HeadlessCompositor.now + 20
        var seen = DemoEndToEndTests.lines(compositor).count
        var quietSince = HeadlessCompositor.now
        while HeadlessCompositor.now - quietSince < 4 {
            guard compositor.appIsRunning else { throw FixtureError("the app exited while scrolling") }
            guard HeadlessCompositor.now < deadline else { throw FixtureError("the list never came to rest") }
            var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
            nanosleep(&pause, nil)
            let count = DemoEndToEndTests.lines(compositor).count
            if count != seen { seen = count; quietSince = HeadlessCompositor.now }
        }
        #expect(seen > after, "frames were presented for the scroll")
        return try Image.loadPNG(contentsOfFile: snapshotPath)
    }

    /// The inbox in this process at the compositor's output size, driven like the user.
    @MainActor
    final class Reference {
        let application = Application()
        let driver: InputDriver
        let window: Window
        let inbox: InboxViewController

        init(width: Double, height: Double) {
            Rendering.install()
            driver = InputDriver(application: application)
            let scene = WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: width, height: height))
            window = Window(windowScene: scene)
            inbox = InboxViewController(store: MessageStore(count: 300))
            window.rootViewController = inbox
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
        }

        func archiveButtonCenter(_ id: Int) -> Point {
            let button = inbox.cells[id]!.archiveButton
            return button.convert(Point(x: button.bounds.midX, y: button.bounds.midY), to: window)
        }

        /// Taps like the user, then plays what it started to its end on the manual clock.
        func tap(at point: Point) {
            driver.tap(at: point, in: window)
            window.layoutIfNeeded()
            var frames = 0
            while application.animator.isRunning, frames < 600 {
                driver.advance(by: 1.0 / 60)
                application.animator.tick(now: driver.now)
                window.layoutIfNeeded()
                frames += 1
            }
        }

        func snapshot() -> Image { window.snapshot() }
    }
}
