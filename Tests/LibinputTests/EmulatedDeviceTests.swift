import EmulatedInput
import Keymap
import LibinputBackend
import Prerequisites
import RecordingViews
import ResponderKit
import ResponderKitTesting
import Testing

/// Real libinput 1.22 reading emulated evdev devices (umockdev), in-process: every event goes
/// through libinput's real device handling, our translation and the core's routing. Each test runs
/// in its own preloaded child process (see `UmockdevProcess`); the suite is serialized.
@Suite(.serialized, .requires(.umockdev))
@MainActor
struct EmulatedDeviceTests {
    static let suite = "EmulatedDeviceTests"

    @Test func tenFingersReachTheirViews() throws {
        try UmockdevProcess.run(Self.suite, "tenFingersReachTheirViews") {
            let session = try EmulatedSession()
            let screen = try session.testbed.add(UmockdevProcess.device("touchscreen.desc"), event: 7)
            // Ten columns, 100 points wide each.
            let columns = (0..<10).map { i -> DeviceRecordingView in
                let v = DeviceRecordingView(frame: Rect(x: Double(i) * 100, y: 0, width: 100, height: 1000))
                v.isMultipleTouchEnabled = true
                session.window.addSubview(v)
                return v
            }
            try session.start { $0.devices = .paths([screen.node]) }
            #expect(session.source.devices.values.contains { $0.capabilities.contains(.touch) })
            let fingers = (0..<10).map { (slot: $0, u: (Double($0) * 100 + 50) / 1000, v: 0.5) }
            // Each step waits for its outcome (bounded), not for a quiet period: a loaded or
            // sanitized run may deliver later than one.
            try session.touchDown(screen, fingers)
            session.pump { columns.allSatisfy { $0.touchPhases.count >= 1 } }
            try session.touchMove(screen, fingers.map { (slot: $0.slot, u: $0.u, v: 0.6) })
            session.pump { columns.allSatisfy { $0.touchPhases.count >= 2 } }
            try session.touchUp(screen, slots: Array(0..<10))
            session.pump { columns.allSatisfy { $0.touchPhases.count >= 3 } }
            for (i, column) in columns.enumerated() {
                #expect(column.touchPhases == ["began", "moved", "ended"], "column \(i): \(column.log)")
                let first = column.locations.first
                #expect(first.map { abs($0.x - 50) < 1 && abs($0.y - 500) < 1 } == true, "column \(i) at \(column.locations)")
                #expect(column.touchTypes == [.direct])
            }
            // One routed Event per libinput frame: 10 downs + 1 frame, 10 motions + 1 frame, 10 ups + 1 frame.
            #expect(
                session.routed.filter {
                    if case .touchFrame = $0.kind { return true }; return false
                }.count == 3)
            #expect(!session.application.hasOpenInput)
        }
    }

    @Test func typingHelloWorldFillsATextField() throws {
        try UmockdevProcess.run(Self.suite, "typingHelloWorldFillsATextField") {
            let session = try EmulatedSession()
            let keyboard = try session.testbed.add(UmockdevProcess.device("keyboard.desc"), event: 5)
            let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
            session.window.addSubview(field)
            #expect(field.becomeFirstResponder())
            try session.start {
                $0.devices = .paths([keyboard.node])
                $0.keymap = KeymapConfiguration(layout: "us")
            }
            for character in "Hello, World!" {
                let key = try #require(USKeyboard.key(for: character))
                try session.tap(keyboard, key.keyCode, shift: key.modifierFlags.contains(.shift))
            }
            #expect(field.text == "Hello, World!")
            // A media key is a remote-control event, not a press.
            try session.tap(keyboard, KeyCode.playPause)
            #expect(
                session.routed.contains {
                    if case .remoteControl(.remoteControlTogglePlayPause) = $0.kind { return true }; return false
                })
            #expect(field.text == "Hello, World!")
            #expect(!session.application.hasOpenInput)
        }
    }

    @Test func germanLayoutSwapsZAndY() throws {
        try UmockdevProcess.run(Self.suite, "germanLayoutSwapsZAndY") {
            let session = try EmulatedSession()
            let keyboard = try session.testbed.add(UmockdevProcess.device("keyboard.desc"), event: 5)
            let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
            session.window.addSubview(field)
            field.becomeFirstResponder()
            try session.start {
                $0.devices = .paths([keyboard.node])
                $0.keymap = KeymapConfiguration(layout: "de")
            }
            // The keys labelled z and y on a US keyboard (KEY_Z 44, KEY_Y 21).
            try session.tap(keyboard, 44)
            try session.tap(keyboard, 21)
            try session.tap(keyboard, 44, shift: true)
            #expect(field.text == "yzY")
        }
    }

    @Test func mouseClickPressesAButton() throws {
        try UmockdevProcess.run(Self.suite, "mouseClickPressesAButton") {
            let session = try EmulatedSession()
            let mouse = try session.testbed.add(UmockdevProcess.device("mouse.desc"), event: 6)
            let button = ProbeButton(frame: Rect(x: 300, y: 300, width: 400, height: 400))
            var taps = 0
            button.addAction(for: .touchUpInside) { _ in taps += 1 }
            session.window.addSubview(button)
            try session.start { $0.devices = .paths([mouse.node]) }
            // The cursor starts in the middle of the output (500, 500); move a little, then click.
            try session.write(mouse, [(EvdevCode.EV_REL, EvdevCode.REL_X, 12), (EvdevCode.EV_REL, EvdevCode.REL_Y, -7)])
            session.pump()
            let cursor = session.source.cursorLocation
            #expect(cursor.x > 500 && cursor.y < 500)
            try session.write(mouse, [(EvdevCode.EV_KEY, EvdevCode.BTN_LEFT, 1)])
            session.pump()
            #expect(button.isHighlighted)
            try session.write(mouse, [(EvdevCode.EV_KEY, EvdevCode.BTN_LEFT, 0)])
            session.pump(quiet: 0.1)  // libinput debounces button releases
            #expect(taps == 1)
            #expect(button.touchTypes == [.indirectPointer])
            #expect(!button.isHighlighted)
            // Wheel: one click reaches the view under the cursor as a scroll with value120.
            try session.write(mouse, [(EvdevCode.EV_REL, EvdevCode.REL_WHEEL, -1), (EvdevCode.EV_REL, EvdevCode.REL_WHEEL_HI_RES, -120)])
            session.pump()
            let scrolls = session.routed.compactMap { event -> ScrollInfo? in
                if case .scroll(let s) = event.kind { return s }; return nil
            }
            #expect(scrolls.count == 1 && scrolls.first?.value120Y == 120 && scrolls.first?.source == .wheel, "\(scrolls)")
            #expect(!session.application.hasOpenInput)
        }
    }

    @Test func absolutePointerMapsDirectlyAndHovers() throws {
        try UmockdevProcess.run(Self.suite, "absolutePointerMapsDirectlyAndHovers") {
            let session = try EmulatedSession(size: Size(width: 800, height: 1000))
            let tablet = try session.testbed.add(UmockdevProcess.device("absolute-pointer.desc"), event: 10)
            let target = HoverLogView(frame: Rect(x: 100, y: 400, width: 200, height: 200))
            session.window.addSubview(target)
            @MainActor func move(_ u: Double, _ v: Double) throws -> Point {
                try session.write(tablet, [(EvdevCode.EV_ABS, 0, Int32(u * 32768)), (EvdevCode.EV_ABS, 1, Int32(v * 32768))])
                session.pump()
                return session.source.cursorLocation
            }
            try session.start { $0.devices = .paths([tablet.node]) }
            let p = try move(0.25, 0.5)
            #expect(abs(p.x - 200) < 1 && abs(p.y - 500) < 1, "\(p)")
            #expect(target.log == ["entered (200, 500)"])
            _ = try move(0.75, 0.5)
            #expect(target.log == ["entered (200, 500)", "exited"])
            // Rotated output: the same panel point lands where the rotated picture shows it.
            session.source = nil
            try session.start {
                $0.devices = .paths([tablet.node]); $0.rotation = .upsideDown
            }
            let rotated = try move(0.25, 0.5)
            #expect(abs(rotated.x - 600) < 1 && abs(rotated.y - 500) < 1, "\(rotated)")
        }
    }

    /// The output changed size (a DRM mode change): the same touch lands at the same fraction of
    /// the new size, so touch keeps matching the picture.
    @Test func touchFollowsTheOutputSize() throws {
        try UmockdevProcess.run(Self.suite, "touchFollowsTheOutputSize") {
            let session = try EmulatedSession()
            let screen = try session.testbed.add(UmockdevProcess.device("touchscreen.desc"), event: 7)
            let view = DeviceRecordingView(frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
            session.window.addSubview(view)
            try session.start { $0.devices = .paths([screen.node]) }
            @MainActor func tap(_ u: Double, _ v: Double) throws -> Point? {
                let before = view.locations.count
                try session.touchDown(screen, [(slot: 0, u: u, v: v)])
                session.pump { view.locations.count > before }
                try session.touchUp(screen, slots: [0])
                session.pump()
                return view.locations.count > before ? view.locations[before] : nil
            }
            let first = try #require(try tap(0.5, 0.25))
            #expect(abs(first.x - 500) < 1.5 && abs(first.y - 250) < 1.5, "\(first)")
            session.source.setOutputSize(Size(width: 600, height: 400))
            #expect(session.source.configuration.outputSize == Size(width: 600, height: 400))
            let resized = try #require(try tap(0.5, 0.25))
            #expect(abs(resized.x - 300) < 1.5 && abs(resized.y - 100) < 1.5, "\(resized)")
        }
    }

    @Test func hotplugAddAndRemoveMidTouch() throws {
        try UmockdevProcess.run(Self.suite, "hotplugAddAndRemoveMidTouch") {
            let session = try EmulatedSession()
            let screen = try session.testbed.add(UmockdevProcess.device("touchscreen.desc"), event: 7)
            let view = DeviceRecordingView(frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
            session.window.addSubview(view)
            try session.start { $0.devices = .seat("seat0") }
            #expect(session.source.devices.count == 1)
            // Hotplug add: a keyboard appears on the seat; a key is held on it.
            let keyboard = try session.testbed.add(UmockdevProcess.device("keyboard.desc"), event: 5)
            session.pump(quiet: 0.1)
            #expect(session.source.devices.values.contains { $0.name == "ResponderKit Test Keyboard" })
            let focus = PressLogView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            view.addSubview(focus)
            #expect(focus.becomeFirstResponder())
            try session.key(keyboard, 30, pressed: true)
            #expect(focus.log == ["began a"])
            #expect(session.source.keyboards.repeater.repeatingKeyCode == 30)
            // Unplugging the keyboard releases its held key (libinput sends the release before
            // DEVICE_REMOVED; the core would cancel a press still open) and stops its repeat.
            session.testbed.remove(keyboard)
            session.pump(quiet: 0.1)
            #expect(focus.log == ["began a", "ended a"])
            #expect(session.source.keyboards.repeater.repeatingKeyCode == nil)
            #expect(session.application.timers.isEmpty)
            // A finger goes down, then the touchscreen is unplugged mid-touch.
            try session.touchDown(screen, [(slot: 0, u: 0.5, v: 0.5)])
            session.pump()
            #expect(view.touchPhases == ["began"])
            session.testbed.remove(screen)
            session.pump(quiet: 0.1)
            #expect(view.touchPhases == ["began", "cancelled"])
            #expect(session.source.devices.isEmpty)
            #expect(
                session.routed.contains {
                    if case .deviceRemoved = $0.kind { return true }; return false
                })
            #expect(!session.application.hasOpenInput)
        }
    }

    @Test func calibrationAndRotationMoveTouches() throws {
        try UmockdevProcess.run(Self.suite, "calibrationAndRotationMoveTouches") {
            let session = try EmulatedSession(size: Size(width: 800, height: 1000))
            let plain = try session.testbed.add(UmockdevProcess.device("touchscreen.desc"), event: 7)
            let calibrated = try session.testbed.add(
                UmockdevProcess.device("touchscreen.desc", extraUdevProperties: ["LIBINPUT_CALIBRATION_MATRIX=0.5 0 0 0 0.5 0.5"]), event: 8)
            @MainActor func landing(_ device: Testbed.Device, u: Double, v: Double, _ configure: (inout LibinputConfiguration) -> Void) throws -> Point? {
                try session.start {
                    $0.devices = .paths([device.node]); configure(&$0)
                }
                let view = DeviceRecordingView(frame: session.window.bounds)
                session.window.addSubview(view)
                defer { view.removeFromSuperview(); session.source = nil }
                try session.touchDown(device, [(slot: 0, u: u, v: v)])
                session.pump()
                try session.touchUp(device, slots: [0])
                session.pump()
                return view.locations.first
            }
            @MainActor func near(_ p: Point?, _ x: Double, _ y: Double) -> Bool {
                guard let p else { return false }
                return abs(p.x - x) < 1.5 && abs(p.y - y) < 1.5
            }
            let straight = try landing(plain, u: 0.25, v: 0.1) { _ in }
            #expect(near(straight, 200, 100), "\(String(describing: straight))")
            // Config API: mirror x.
            let mirrored = try landing(plain, u: 0.25, v: 0.1) { $0.calibration = CalibrationMatrix(-1, 0, 1, 0, 1, 0) }
            #expect(near(mirrored, 600, 100), "\(String(describing: mirrored))")
            // The udev property, applied by libinput itself: half size, lower half.
            let fromUdev = try landing(calibrated, u: 0.5, v: 0.5) { _ in }
            #expect(near(fromUdev, 200, 750), "\(String(describing: fromUdev))")
            // Rotation 90: the panel's top-right corner shows the UI's top-left.
            let rotated = try landing(plain, u: 0.25, v: 0.1) { $0.rotation = .clockwise90 }
            #expect(near(rotated, 80, 750), "\(String(describing: rotated))")
            let upsideDown = try landing(plain, u: 0.25, v: 0.1) { $0.rotation = .upsideDown }
            #expect(near(upsideDown, 600, 900), "\(String(describing: upsideDown))")
        }
    }

    @Test func touchpadSwipeIsPassedOnAsAGesture() throws {
        try UmockdevProcess.run(Self.suite, "touchpadSwipeIsPassedOnAsAGesture") {
            let session = try EmulatedSession()
            let pad = try session.testbed.add(UmockdevProcess.device("touchpad.desc"), event: 9)
            try session.start { $0.devices = .paths([pad.node]) }
            #expect(session.source.devices.values.contains { $0.capabilities.contains(.touchpadGestures) })
            // Three fingers move down together, 2 mm per frame, at a realistic 12 ms frame rate.
            for step in 0..<12 {
                var events: [(Int, Int, Int32)] = []
                for finger in 0..<3 {
                    events += [(3, EvdevCode.ABS_MT_SLOT, Int32(finger))]
                    if step == 0 {
                        events += [(3, EvdevCode.ABS_MT_TRACKING_ID, Int32(finger + 1)), (3, EvdevCode.ABS_MT_POSITION_X, Int32(1000 + finger * 450))]
                    }
                    events += [(3, EvdevCode.ABS_MT_POSITION_Y, Int32(600 + step * 60))]
                }
                if step == 0 { events += [(1, EvdevCode.BTN_TOUCH, 1), (1, 0x14e, 1), (3, 0, 1000)] }  // BTN_TOOL_TRIPLETAP
                events += [(3, 1, Int32(600 + step * 60))]
                try session.write(pad, events)
                session.pump(quiet: 0.012)
            }
            var up: [(Int, Int, Int32)] = []
            for finger in 0..<3 { up += [(3, EvdevCode.ABS_MT_SLOT, Int32(finger)), (3, EvdevCode.ABS_MT_TRACKING_ID, -1)] }
            try session.write(pad, up + [(1, EvdevCode.BTN_TOUCH, 0), (1, 0x14e, 0)])
            session.pump(quiet: 0.1)
            let gestures = session.routed.compactMap { e -> TouchpadGesture? in
                if case .touchpadGesture(let g) = e.kind { return g }; return nil
            }
            let swipes = gestures.filter { $0.kind == .swipe }
            #expect(swipes.first?.phase == .began && swipes.last?.phase == .ended, "\(gestures)")
            #expect(swipes.allSatisfy { $0.fingers == 3 })
            #expect(swipes.filter { $0.phase == .changed }.reduce(0) { $0 + $1.dy } > 0)
            #expect(session.application.lastTouchpadGesture?.phase == .ended)
        }
    }

    @Test func missingDeviceIsAClearError() throws {
        try UmockdevProcess.run(Self.suite, "missingDeviceIsAClearError") {
            let session = try EmulatedSession()
            #expect(throws: LibinputError.noSuchDevice(path: "/dev/input/event99")) {
                try session.start { $0.devices = .paths(["/dev/input/event99"]) }
            }
            #expect(throws: KeymapError.self) {
                try session.start {
                    $0.devices = .paths([]); $0.keymap = KeymapConfiguration(layout: "no-such-layout")
                }
            }
        }
    }
}

/// A button that notes the type of the touches it gets.
@MainActor
final class ProbeButton: Button {
    var touchTypes: [Touch.TouchType] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        touchTypes += touches.map(\.type)
        super.touchesBegan(touches, with: event)
    }
}

/// A focusable view that logs the presses reaching it.
@MainActor
final class PressLogView: View {
    var log: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        for p in presses { log.append("began \(p.key?.characters ?? "")") }
    }
    override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        for p in presses { log.append("ended \(p.key?.characters ?? "")") }
    }
    override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        for p in presses { log.append("cancelled \(p.key?.characters ?? "")") }
    }
}

/// A view that logs hover phases (whole points).
@MainActor
final class HoverLogView: View {
    var log: [String] = []
    override func hoverChanged(_ hover: HoverInfo, with event: Event?) {
        switch hover.phase {
        case .entered: log.append("entered (\(Int(hover.locationInWindow.x.rounded())), \(Int(hover.locationInWindow.y.rounded())))")
        case .moved: log.append("moved")
        case .exited: log.append("exited")
        }
    }
}
