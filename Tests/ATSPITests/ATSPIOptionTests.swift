import Kiosk
import ResponderKit
import Testing

@testable import ATSPI

/// `--atspi on|off|auto` and what happens without an accessibility bus: a clear error at once,
/// never a hang, an autolaunched bus or a crash.
@MainActor
@Suite struct ATSPIOptionTests {
    @Test func theOptionParsesAndIsAutoByDefault() throws {
        #expect(try KioskOptions.parse([], appName: "t", environment: { _ in nil }).atspi == .auto)
        #expect(try KioskOptions.parse(["--atspi", "on"], appName: "t", environment: { _ in nil }).atspi == .on)
        #expect(try KioskOptions.parse(["--atspi", "off"], appName: "t", environment: { _ in nil }).atspi == .off)
        #expect(throws: (any Error).self) { try KioskOptions.parse(["--atspi", "maybe"], appName: "t", environment: { _ in nil }) }
        #expect(KioskOptions.usage.firstRange(of: "--atspi on|off|auto") != nil)
    }

    @Test func withoutASessionBusTheBridgeSaysWhyAtOnce() {
        let application = Application()
        let failure = #expect(throws: DBusFailure.self) { _ = try ATSPIBridge(application: application, appName: "t", environment: [:]) }
        #expect(failure?.name == "org.freedesktop.DBus.Error.NoServer")
    }

    @Test func aBusThatIsNotThereIsAClearFailure() {
        let application = Application()
        let missing = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/responderkit-atspi-test-bus"]
        #expect(throws: DBusFailure.self) { _ = try ATSPIBridge(application: application, appName: "t", environment: missing) }
        let garbage = ["AT_SPI_BUS_ADDRESS": "no-such-transport:"]
        #expect(throws: DBusFailure.self) { _ = try ATSPIBridge(application: application, appName: "t", environment: garbage) }
    }
}
