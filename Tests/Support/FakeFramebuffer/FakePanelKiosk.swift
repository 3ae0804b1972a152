import EmulatedInput
import TestHelpers

/// The fake-panel set-up the kiosk end-to-end suites share (blanking, idle wake-ups, watchdog):
/// a temporary folder holding a `width`×`height` 32-bit fake framebuffer, a umockdev testbed with a
/// panel-sized touchscreen, and the main command started on them as a framebuffer kiosk with real
/// libinput (`--target framebuffer --fb … --device … --console …`, under the framebuffer shim and
/// umockdev). `run` kills the kiosk and removes the folder when its body returns or throws.
public struct FakePanelKiosk {
    /// The panel every suite uses, in pixels.
    public static let width = 640, height = 400

    /// The fake framebuffer the kiosk draws on.
    public let fake: FakeFramebuffer
    /// The umockdev testbed the emulated touchscreen lives in.
    public let testbed: Testbed
    /// The emulated touchscreen, 0…width-1 × 0…height-1 (`PanelKiosk.touchscreen`).
    public let touchscreen: Testbed.Device
    /// The running kiosk.
    public let kiosk: PanelKiosk
    /// `monotonicSeconds()` just before the kiosk was started.
    public let launched: Double

    /// Sets up the panel and the touchscreen (`/dev/input/event<event>`), starts `executable` with
    /// the framebuffer arguments followed by `arguments`, and runs `body` on it.
    public static func run(
        executable: String, event: Int, arguments: [String], _ body: (FakePanelKiosk) throws -> Void
    ) throws {
        let folder = try TemporaryFolder.make("e2e")
        defer { TemporaryFolder.remove(folder) }
        var fake = FakeFramebuffer(width: width, height: height, bitsPerPixel: 32)
        fake.folder = folder
        try fake.create()
        let testbed = try Testbed()
        let touchscreen = try testbed.add(PanelKiosk.touchscreen(panelWidth: fake.width, panelHeight: fake.height), event: event)
        let panelArguments = ["--target", "framebuffer", "--fb", fake.node, "--device", touchscreen.node, "--console", fake.terminal]
        let launched = monotonicSeconds()
        let kiosk = try PanelKiosk(
            executable: executable, arguments: panelArguments + arguments, fake: fake,
            preloads: PanelKiosk.preloads(umockdev: true, besides: Preload.executablePath),
            testbedRoot: testbed.root)
        defer { kiosk.process.kill() }
        try body(FakePanelKiosk(fake: fake, testbed: testbed, touchscreen: touchscreen, kiosk: kiosk, launched: launched))
    }
}
