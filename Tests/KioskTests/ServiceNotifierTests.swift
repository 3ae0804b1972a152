import KioskLoop
import ResponderKit
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// systemd's notification protocol against a datagram socket standing in for the service manager:
/// READY=1, the watchdog's pings from the application's timers (so only while the loop fires
/// them), WATCHDOG_PID and bad values, abstract socket names.
@MainActor
@Suite struct ServiceNotifierTests {
    @Test(arguments: [false, true])
    func readyAndStoppingReachTheNotifySocket(abstract: Bool) throws {
        let manager = try NotifySocket(abstract: abstract)
        let notifier = try #require(ServiceNotifier(environment: ["NOTIFY_SOCKET": manager.name]))
        #expect(notifier.watchdogInterval == nil)
        #expect(notifier.ready(status: "first frame shown"))
        #expect(notifier.stopping())
        #expect(manager.received() == ["READY=1\nSTATUS=first frame shown", "STOPPING=1"])
        #expect(notifier.failures == 0)
    }

    /// The pings come from the application's timer queue at half WATCHDOG_USEC: when the loop
    /// stops firing timers (here: no `fireDue`, as in a frozen loop), no ping goes out.
    @Test func watchdogPingsAtHalfTheTimeoutOnlyWhileTimersFire() throws {
        let manager = try NotifySocket(abstract: false)
        let notifier = try #require(
            ServiceNotifier(environment: ["NOTIFY_SOCKET": manager.name, "WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "\(getpid())"]))
        #expect(notifier.watchdogInterval == 5)
        let timers = TimerQueue()
        notifier.startWatchdog(timers: timers, now: 100)
        #expect(manager.received() == ["WATCHDOG=1"])
        timers.fireDue(now: 104.9)
        #expect(manager.received().isEmpty)
        timers.fireDue(now: 105)
        timers.fireDue(now: 110)
        #expect(manager.received() == ["WATCHDOG=1", "WATCHDOG=1"])
        // Frozen: nothing fires the queue for a minute, so nothing is sent.
        #expect(manager.received().isEmpty)
        notifier.stopping()
        #expect(timers.isEmpty)
        #expect(manager.received() == ["STOPPING=1"])
    }

    @Test func noSocketOrAWatchdogForAnotherProcessIsOff() throws {
        #expect(ServiceNotifier(environment: [:]) == nil)
        #expect(ServiceNotifier(environment: ["NOTIFY_SOCKET": ""]) == nil)
        #expect(ServiceNotifier(environment: ["NOTIFY_SOCKET": "relative/path"]) == nil)
        #expect(ServiceNotifier(environment: ["NOTIFY_SOCKET": "/" + String(repeating: "x", count: 200)]) == nil)
        let manager = try NotifySocket(abstract: true)
        for (usec, pid) in [("10000000", "\(getpid() + 1)"), ("junk", "\(getpid())"), ("0", "\(getpid())"), ("-5", "\(getpid())")] {
            let notifier = try #require(
                ServiceNotifier(environment: ["NOTIFY_SOCKET": manager.name, "WATCHDOG_USEC": usec, "WATCHDOG_PID": pid]))
            #expect(notifier.watchdogInterval == nil, "WATCHDOG_USEC=\(usec) WATCHDOG_PID=\(pid)")
            let timers = TimerQueue()
            notifier.startWatchdog(timers: timers, now: 0)
            #expect(timers.isEmpty)
        }
        #expect(manager.received().isEmpty)
    }

    /// A manager that went away: a clear count of failures, no crash, no SIGPIPE.
    @Test func aVanishedManagerCountsFailures() throws {
        var name = ""
        do {
            let manager = try NotifySocket(abstract: false)
            name = manager.name
        }
        let notifier = try #require(ServiceNotifier(environment: ["NOTIFY_SOCKET": name]))
        #expect(!notifier.ready(status: "x"))
        #expect(notifier.failures == 1)
        #expect(notifier.lastState == nil)
    }
}
