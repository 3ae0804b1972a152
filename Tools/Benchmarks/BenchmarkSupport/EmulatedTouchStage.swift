import EmulatedInput
import KioskLoop
import LibinputBackend
import ResponderKit

/// What a touch-latency benchmark runs in: an application with one 1280×800 window, an emulated
/// touchscreen (umockdev) read by REAL libinput, and the Kiosk run loop, with the libinput source
/// already dispatched once (its device-added events handled). The process must run under
/// umockdev's preload (`Preload.relaunch()`).
@MainActor
public final class EmulatedTouchStage {
    /// The application the touches are routed in.
    public let application: Application
    /// Its one window, 1280×800 at the origin.
    public let window: Window
    /// The emulated devices' testbed (kept alive with the stage).
    public let testbed: Testbed
    /// The touchscreen.
    public let device: Testbed.Device
    /// libinput on the touchscreen, delivering to `application`.
    public let source: LibinputSource
    /// The run loop, with no source added yet.
    public let loop: MainLoop

    /// Makes the application, the window, the touchscreen as `/dev/input/event<event>`, libinput
    /// opened on it directly (umockdev emulates the node for `open(2)`, not for seatd) and the loop.
    /// - Throws: the testbed's, libinput's or the loop's error, to be reported by the benchmark.
    public init(touchscreen: EvdevDeviceSpec, event: Int) throws {
        application = Application()
        let scene = WindowScene(application: application)
        window = Window(windowScene: scene, frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        window.makeKeyAndVisible()
        testbed = try Testbed()
        device = try testbed.add(touchscreen, event: event)
        var configuration = LibinputConfiguration(devices: .paths([device.node]))
        configuration.outputSize = window.bounds.size
        configuration.keymap.layout = "us"
        configuration.seatAccess = .direct
        source = try LibinputSource(application: application, configuration: configuration)
        loop = try MainLoop(application: application)
        source.dispatch()
    }

    /// The file descriptor the benchmark's finger writes the touchscreen's events to.
    public func touchscreenDescriptor() throws -> Int32 { try testbed.fileDescriptor(for: device) }
}
