import Kiosk
import Prerequisites
import ResponderKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The Kiosk run loop, in a child process (it takes over SIGINT/SIGTERM): the core's timers fire
/// from the timerfd at their deadline, input fds are read and routed before timers, the
/// `beforeWaiting` hooks run each wake-up, and SIGTERM ends `run()` cleanly. (The main-queue
/// path cannot be exercised from inside a test: the test body itself runs as a main-queue job.)
@Suite(.serialized, .requires(.umockdev))
@MainActor
struct MainLoopTests {
    static let suite = "MainLoopTests"

    @Test func timersInputAndSignals() throws {
        try UmockdevProcess.run(Self.suite, "timersInputAndSignals") {
            let application = Application()
            let loop = try MainLoop(application: application)
            var log: [String] = []
            // Input: a pipe stands in for the libinput fd.
            var fds: [Int32] = [0, 0]
            #expect(pipe(&fds) == 0)
            defer { close(fds[0]); close(fds[1]) }
            try loop.addSource(fds[0]) {
                var byte: UInt8 = 0
                _ = read(fds[0], &byte, 1)
                log.append("input \(byte)")
            }
            let start = application.clock.now
            application.timers.schedule(at: start + 0.02) { _ in
                log.append("timer")
                var byte: UInt8 = 7
                _ = write(fds[1], &byte, 1)
            }
            var layoutPasses = 0
            loop.beforeWaiting.append { layoutPasses += 1 }
            application.timers.schedule(at: start + 0.05) { _ in loop.stop() }
            #expect(loop.run() == .requested)
            let elapsed = application.clock.now - start
            #expect(log == ["timer", "input 7"], "\(log)")
            #expect(elapsed >= 0.05 && elapsed < 1, "\(elapsed)")
            #expect(layoutPasses >= 3)
            // SIGTERM is read from the signalfd and ends the loop with its number.
            application.timers.schedule(at: application.clock.now + 0.01) { _ in kill(getpid(), SIGTERM) }
            #expect(loop.run() == .signal(SIGTERM))

            // A timer meant as "never" (+infinity, 1e300 s) is armed without trapping (it is the
            // only one left when the loop waits), and input still wakes the loop.
            var stopper: [Int32] = [0, 0]
            #expect(pipe(&stopper) == 0)
            defer { close(stopper[0]); close(stopper[1]) }
            try loop.addSource(stopper[0]) {
                var byte: UInt8 = 0
                _ = read(stopper[0], &byte, 1)
                loop.stop()
            }
            for deadline in [Double.infinity, 1e300] {
                let never = application.timers.schedule(at: deadline) { _ in log.append("never") }
                var byte: UInt8 = 1
                _ = write(stopper[1], &byte, 1)
                #expect(loop.run() == .requested)
                never.cancel()
            }
            #expect(!log.contains("never"))
        }
    }
}
