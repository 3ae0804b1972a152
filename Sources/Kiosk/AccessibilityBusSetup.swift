import ATSPI
import KioskLoop
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// The host's AT-SPI plumbing (`--atspi`): after the first frame, when the loop is idle, the
/// bridge connects to the accessibility bus (so exec → first frame pays nothing for D-Bus); then
/// the loop watches its socket and, after each frame, lets it send that frame's events.
@MainActor
final class AccessibilityBusSetup {
    let mode: KioskOptions.ATSPIMode
    /// The bridge while it is connected.
    private(set) var bridge: ATSPIBridge?

    init(mode: KioskOptions.ATSPIMode) { self.mode = mode }

    /// The variables the bridge reads to find the bus, as this process has them.
    static var busEnvironment: [String: String] {
        var environment: [String: String] = [:]
        for name in ["AT_SPI_BUS_ADDRESS", "DBUS_SESSION_BUS_ADDRESS"] { environment[name] = ProcessEnvironment.value(name) }
        return environment
    }

    /// Connects `session`'s application (named `appName`) and hooks the bridge into `loop`. In
    /// auto mode a missing bus is not reported; with `on`, it is (once, on standard error).
    func connect(session: KioskSession, appName: String, loop: MainLoop) {
        guard mode != .off, bridge == nil else { return }
        let environment = Self.busEnvironment
        if mode == .auto, environment["AT_SPI_BUS_ADDRESS"] == nil, environment["DBUS_SESSION_BUS_ADDRESS"] == nil { return }
        let started = MonotonicClock().now
        do {
            let bridge = try ATSPIBridge(application: session.application, appName: appName, environment: environment)
            let fd = bridge.fileDescriptor
            try loop.addSource(fd) { bridge.dispatch() }
            unowned let unownedLoop = loop  // the loop keeps these hooks: no cycle
            bridge.onDisconnected = { [unowned self] in
                unownedLoop.removeSource(fd)
                self.bridge = nil
                warn("\(appName): AT-SPI: the accessibility bus went away")
            }
            loop.beforeWaiting.append { [unowned self] in
                self.bridge?.frameEnded(presentedFrames: session.presenter.presentedFrames)
            }
            self.bridge = bridge
            let milliseconds = Int(((MonotonicClock().now - started) * 1000).rounded())
            print("\(appName): AT-SPI: on the accessibility bus as \(bridge.busName) (connected in \(milliseconds) ms, after the first frame)")
            fflush(nil)
        } catch {
            if mode == .on { warn("\(appName): --atspi on: no accessibility bus: \(error)") }
        }
    }
}
