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

/// The main command under a service manager (issue 28: `Type=notify` with `WatchdogSec`): on a fake
/// panel with an emulated touchscreen and `NOTIFY_SOCKET` pointing at a socket standing in for
/// systemd, it says READY=1 once its first frame is on the panel, then WATCHDOG=1 at half
/// `WATCHDOG_USEC` while its loop turns. Frozen (SIGSTOP: no wake-up can run), it sends nothing,
/// which is what makes systemd restart it; thawed, the pings resume; SIGTERM ends with STOPPING=1.
@MainActor
@Suite(.serialized)
struct WatchdogKioskTests {
    @Test(.enabled(if: EndToEnd.canRunWithInput, "umockdev is not installed (Tools/setup.sh installs it) or puzzle-demo is not built"))
    func readyAfterTheFirstFrameAndPingsOnlyWhileTheLoopTurns() throws {
        try PreloadedRun.run(suite: "WatchdogKioskTests", test: #function, case: "watchdog") {
            try Self.measure()
        }
    }

    private static func measure() throws {
        let manager = try NotifySocket(abstract: false)
        // The kiosk inherits this process's environment (PanelKiosk copies it).
        setenv("NOTIFY_SOCKET", manager.name, 1)
        setenv("WATCHDOG_USEC", "200000", 1)  // pings every 0.1 s
        defer {
            unsetenv("NOTIFY_SOCKET")
            unsetenv("WATCHDOG_USEC")
        }
        try FakePanelKiosk.run(executable: EndToEnd.mainCommand, event: 42, arguments: ["--seconds", "60"]) { panel in
            try check(panel, manager)
        }
    }

    private static func check(_ panel: FakePanelKiosk, _ manager: NotifySocket) throws {
        let kiosk = panel.kiosk, fake = panel.fake
        var messages: [String] = []
        try kiosk.wait(for: "READY=1") {
            messages += manager.received()
            return messages.contains { $0.hasPrefix("READY=1") }
        }
        let ready = try #require(messages.firstIndex { $0.hasPrefix("READY=1") })
        #expect(messages[ready].contains("STATUS=") && messages[ready].contains(": first frame shown"))
        // The first frame is on the panel by then: not a black page.
        let bytes = try fake.bytes()
        #expect(bytes.contains { $0 != 0 }, "READY=1 came before anything was drawn")
        try kiosk.wait(for: "three watchdog pings") {
            messages += manager.received()
            return messages.filter { $0 == "WATCHDOG=1" }.count >= 3
        }

        // Frozen: no ping in 0.6 s (three intervals and more).
        kiosk.process.send(SIGSTOP)
        pause(seconds: 0.1)
        _ = manager.received()  // whatever was sent before the stop took hold
        pause(seconds: 0.6)
        let whileFrozen = manager.received()
        #expect(whileFrozen.isEmpty, "a stopped kiosk sent \(whileFrozen)")

        // Thawed: the loop turns again, and so do the pings.
        kiosk.process.send(SIGCONT)
        var afterThaw: [String] = []
        try kiosk.wait(for: "pings after SIGCONT", timeout: 5) {
            afterThaw += manager.received()
            return afterThaw.filter { $0 == "WATCHDOG=1" }.count >= 2
        }

        kiosk.process.send(SIGTERM)
        #expect(kiosk.process.wait(timeout: 10) == 0, "\(kiosk.transcript)")
        #expect(manager.received().last == "STOPPING=1")
    }
}
