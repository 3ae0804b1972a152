import EmulatedInput
import Keymap
import Kiosk
import KioskWayland
import LibinputBackend
import Prerequisites
import RecordingViews
import Rendering
import ResponderKit
import Testing
import WaylandBackend

#if canImport(Glibc)
import Glibc
#endif

/// End to end on a real compositor: sway (headless + libinput, as nobody) reads emulated evdev
/// devices under umockdev; our client gets real wl_touch/wl_keyboard/wl_pointer events with
/// sway's keymap, its views receive them, and grim sees the window's pixels. The same physical
/// input through LibinputSource directly must produce the same InputEvents. (DemoEndToEndTests
/// runs the demo app under sway and under cage.)
@MainActor
@Suite(
    .serialized, .enabled(if: HeadlessCompositor.Kind.sway.shouldRun, "sway, grim or umockdev is not installed (Tools/setup.sh installs them)"),
    .enabled(if: Prerequisite.uninstrumentedBuild.isPresent, "a sanitized build: the compositor and setpriv cannot preload the instrumented shims"))
struct SwayEndToEndTests {
    @Test func swayDeliversTouchesKeysAndClicksAndShowsTheWindow() throws {
        try HeadlessCompositor.Kind.sway.requireInstalled()
        try NobodyChild.run("SwayEndToEndTests", "swayDeliversTouchesKeysAndClicksAndShowsTheWindow()") {
            let testbed = try Testbed()
            let devices = try SwayRig.Devices(testbed: testbed)

            // 1. The same input straight through libinput: the reference sequence.
            let direct = try SwayRig.viaLibinput(testbed: testbed, devices: devices)

            // 2. Through sway.
            let sway = try HeadlessCompositor(.sway, testbedRoot: testbed.root)
            defer { sway.stop() }
            let rig = try SwayRig(sway: sway)
            defer { rig.display.close() }
            try rig.play(testbed: testbed, devices: devices)

            // The views got the touch (at the touchscreen's point), the key with sway's keymap,
            // and the click.
            #expect(rig.left.log.prefix(3) == ["began 200,300", "moved", "ended"], "\(rig.left.log)")
            #expect(rig.left.log.contains("press a") && rig.left.log.contains("release a"), "\(rig.left.log)")
            let clicks = rig.left.touchTypes + rig.right.touchTypes
            #expect(clicks.filter { $0 == .indirectPointer }.count == 1, "\(rig.left.log) \(rig.right.log)")

            // 3. Both backends saw the same input.
            let viaSway = rig.routed.filter(SwayRig.compared).map(EventText.describe)
            #expect(viaSway == direct, "via sway: \(viaSway)\ndirect: \(direct)")

            // 4. grim sees what the window drew: red left half, blue right half.
            let left = try sway.screenshot(x: 300, y: 380, width: 4, height: 4)
            let right = try sway.screenshot(x: 900, y: 380, width: 4, height: 4)
            #expect(left.allSatisfy { $0 == [255, 0, 0] }, "left: \(left)")
            #expect(right.allSatisfy { $0 == [0, 0, 255] }, "right: \(right)")
            // …and the whole output is the window's own rendering (`Window.snapshot()`, text
            // included) of the frame sway presented last — but for the pointer's cursor, which
            // sway draws over it (our built-in arrow, its tip at the pointer). sway positions that
            // image from its own accelerated, sub-pixel cursor position and in one CI run drew it a
            // pixel up and left of the surface-local position it sent us (43 pixels of the arrow's
            // edge differed), so the excluded box is the arrow's with a 2-pixel margin.
            try rig.wait("the last frame to be presented") {
                rig.surface.presentedFrames == rig.surface.committedFrames && rig.window.damage.isEmpty
            }
            let pointer = try #require(rig.routed.last { if case .pointerMotion = $0.kind { true } else { false } })
            guard case let .pointerMotion(at) = pointer.kind else { return }
            let margin = 2
            let cursor = PixelRect(
                x: Int(at.x.rounded(.down)) - margin, y: Int(at.y.rounded(.down)) - margin,
                width: 13 + 2 * margin, height: 20 + 2 * margin)
            let screen = try sway.screenshot()
            let comparison = ScreenComparison(
                screen: screen, image: rig.window.snapshot(),
                tolerance: DemoEndToEndTests.tolerance, excluding: cursor)
            #expect(comparison.differing == 0, "\(comparison)")

            // 5. sway goes away: the client reports it (exit code 75) instead of hanging.
            sway.stop()
            let deadline = HeadlessCompositor.now + 5
            while rig.display.failure == nil, HeadlessCompositor.now < deadline { rig.display.dispatch(timeout: 0.05) }
            guard case .compositorGone? = rig.display.failure else { Issue.record("no compositorGone: \(String(describing: rig.display.failure))"); return }
        }
    }
}

/// The client side of the end-to-end run, and the scripted physical input.
@MainActor
final class SwayRig {
    struct Devices {
        let touch: Testbed.Device, keyboard: Testbed.Device, mouse: Testbed.Device
        init(testbed: Testbed) throws {
            touch = try testbed.add(NobodyChild.device("touchscreen.desc"), event: 20)
            keyboard = try testbed.add(NobodyChild.device("keyboard.desc"), event: 21)
            mouse = try testbed.add(NobodyChild.device("mouse.desc"), event: 22)
        }
    }

    let application = Application()
    let display: WaylandDisplay
    let surface: WaylandWindow
    /// The host's session on the toplevel: it builds the window and draws it.
    let session: KioskSession
    var window: Window { session.window }
    let left = DeviceRecordingView(frame: .zero), right = DeviceRecordingView(frame: .zero)
    private(set) var routed: [InputEvent] = []

    init(sway: HeadlessCompositor) throws {
        display = try WaylandDisplay(application: application, endpoint: .name(sway.socketPath))
        let backend = WaylandKioskBackend(display: display, window: WindowOptions(title: "e2e", appID: "responderkit.e2e"))
        surface = backend.toplevel
        let root = View(frame: .zero)
        root.backgroundColor = .white
        let controller = ViewController()
        controller.view = root
        session = KioskSession(backend: backend, application: application, rootViewController: controller)
        left.frame = Rect(x: 0, y: 0, width: 640, height: 800)
        left.backgroundColor = .red
        right.frame = Rect(x: 640, y: 0, width: 640, height: 800)
        right.backgroundColor = .blue
        root.addSubview(left)
        root.addSubview(right)
        let title = Label(frame: Rect(x: 20, y: 20, width: 600, height: 60))
        title.text = "ResponderKit end to end"
        title.fontSize = 32
        title.textColor = .white
        left.addSubview(title)
        #expect(left.becomeFirstResponder())
        application.addInputObserver { [unowned self] in routed.append($0) }
        // The gotcha: inject only after the first frame callback (the compositor really shows us).
        try wait("the first presented frame") { self.surface.presentedFrames >= 1 && self.window.bounds.width == 1280 }
    }

    func wait(_ what: String, timeout: Double = 5, _ condition: @MainActor () -> Bool) throws {
        let deadline = HeadlessCompositor.now + timeout
        while !condition() {
            guard HeadlessCompositor.now < deadline else { throw FixtureError("timed out waiting for \(what); routed: \(routed.map(EventText.describe))") }
            session.frame()
            display.dispatch(timeout: 0.01)
            if let failure = display.failure { throw FixtureError("wayland failed: \(failure)") }
        }
    }

    /// Plays the script and waits for each step to arrive.
    func play(testbed: Testbed, devices: Devices) throws {
        try SwayRig.script(testbed: testbed, devices: devices) { [self] step in
            switch step {
            case "touch": try wait("the touch") { self.left.log.contains("ended") }
            case "key": try wait("the key") { self.left.log.contains("release a") }
            default: try wait("the click") { self.routed.contains { if case .pointerButton(_, false) = $0.kind { true } else { false } } }
            }
        }
    }

    /// What the backends are compared on: touches, keys, buttons (pointer motion differs by
    /// design: sway accelerates and owns the cursor).
    static let compared: (InputEvent) -> Bool = { event in
        switch event.kind {
        case .touchDown, .touchMotion, .touchUp, .touchFrame, .key, .pointerButton: true
        default: false
        }
    }

    /// The physical input: a finger down at (200, 300), moved, lifted; the A key; a click.
    /// `settle` runs after each step (the reader catches up).
    static func script(testbed: Testbed, devices: Devices, settle: (String) throws -> Void) throws {
        func frame(_ device: Testbed.Device, _ events: [(Int, Int, Int32)]) throws {
            try testbed.write(
                events.map { EvdevEvent(type: $0.0, code: $0.1, value: $0.2) }
                    + [EvdevEvent(type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0)], to: device)
        }
        func pause(_ seconds: Double) { var t = timespec(tv_sec: 0, tv_nsec: Int(seconds * 1e9)); nanosleep(&t, nil) }
        let (abs, key, rel) = (EvdevCode.EV_ABS, EvdevCode.EV_KEY, EvdevCode.EV_REL)
        try frame(
            devices.touch,
            [
                (abs, EvdevCode.ABS_MT_SLOT, 0), (abs, EvdevCode.ABS_MT_TRACKING_ID, 10),
                (abs, EvdevCode.ABS_MT_POSITION_X, 200), (abs, EvdevCode.ABS_MT_POSITION_Y, 300),
                (key, EvdevCode.BTN_TOUCH, 1), (abs, EvdevCode.ABS_X, 200), (abs, EvdevCode.ABS_Y, 300)
            ])
        pause(0.02)
        try frame(
            devices.touch,
            [
                (abs, EvdevCode.ABS_MT_POSITION_X, 220), (abs, EvdevCode.ABS_MT_POSITION_Y, 310),
                (abs, EvdevCode.ABS_X, 220), (abs, EvdevCode.ABS_Y, 310)
            ])
        pause(0.02)
        try frame(devices.touch, [(abs, EvdevCode.ABS_MT_TRACKING_ID, -1), (key, EvdevCode.BTN_TOUCH, 0)])
        try settle("touch")
        try frame(devices.keyboard, [(key, 30, 1)])
        pause(0.02)
        try frame(devices.keyboard, [(key, 30, 0)])
        try settle("key")
        try frame(devices.mouse, [(rel, EvdevCode.REL_X, 5), (rel, EvdevCode.REL_Y, 5)])
        pause(0.03)
        try frame(devices.mouse, [(key, EvdevCode.BTN_LEFT, 1)])
        pause(0.1)  // libinput debounces buttons
        try frame(devices.mouse, [(key, EvdevCode.BTN_LEFT, 0)])
        try settle("click")
    }

    /// The script through LibinputSource on the same devices; returns the compared events.
    static func viaLibinput(testbed: Testbed, devices: Devices) throws -> [String] {
        let application = Application()
        let scene = WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: 1280, height: 800))
        let window = Window(windowScene: scene)
        window.makeKeyAndVisible()
        var routed: [InputEvent] = []
        application.addInputObserver { routed.append($0) }
        var configuration = LibinputConfiguration(devices: .paths([devices.touch.node, devices.keyboard.node, devices.mouse.node]))
        configuration.outputSize = Size(width: 1280, height: 800)
        configuration.keymap = KeymapConfiguration(layout: "us")
        configuration.seatAccess = .direct  // the emulated nodes are ours (umockdev): no seatd
        let source = try LibinputSource(application: application, configuration: configuration)
        func pump(until condition: () -> Bool) throws {
            let deadline = HeadlessCompositor.now + 3
            var fds = pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)
            while !condition() {
                guard HeadlessCompositor.now < deadline else { throw FixtureError("libinput: timed out; routed \(routed.map(EventText.describe))") }
                _ = poll(&fds, 1, 10)
                _ = source.dispatch()
            }
        }
        try pump { routed.contains { if case .deviceAdded = $0.kind { true } else { false } } }
        try script(testbed: testbed, devices: devices) { step in
            switch step {
            case "touch": try pump { routed.contains { if case .touchUp = $0.kind { true } else { false } } }
            case "key": try pump { routed.contains { if case .key(_, false, _) = $0.kind { true } else { false } } }
            default: try pump { routed.contains { if case .pointerButton(_, false) = $0.kind { true } else { false } } }
            }
        }
        // Trailing frames.
        var fds = pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while poll(&fds, 1, 30) > 0 { _ = source.dispatch() }
        return routed.filter(compared).map(EventText.describe)
    }
}
