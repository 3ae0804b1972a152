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

    /// A pipe whose read end is a source of `loop`: each byte written is read and handed to
    /// `handler`. Returns the pipe's two ends.
    static func pipeSource(in loop: MainLoop, _ handler: @escaping @MainActor (UInt8) -> Void) throws -> [Int32] {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let readEnd = fds[0]
        try loop.addSource(readEnd) {
            var byte: UInt8 = 0
            _ = read(readEnd, &byte, 1)
            handler(byte)
        }
        return fds
    }

    @Test func timersInputAndSignals() throws {
        try UmockdevProcess.run(Self.suite, "timersInputAndSignals") {
            let application = Application()
            let loop = try MainLoop(application: application)
            var log: [String] = []
            // Input: a pipe stands in for the libinput fd.
            let fds = try Self.pipeSource(in: loop) { byte in log.append("input \(byte)") }
            defer { close(fds[0]); close(fds[1]) }
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
            let stopper = try Self.pipeSource(in: loop) { _ in loop.stop() }
            defer { close(stopper[0]); close(stopper[1]) }
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

    /// `runOnceIdle`: the hook waits until the loop has had no wake-up for its quiet time (input
    /// every 30 ms holds it back), runs once, and then the loop sleeps: the only wake-ups after it
    /// are its own and the `until` deadline's (the host's warm-up adds no idle wake-ups).
    @Test func theIdleHookRunsOnceWhenQuietThenNothingWakes() throws {
        try UmockdevProcess.run(Self.suite, "theIdleHookRunsOnceWhenQuietThenNothingWakes") {
            let application = Application()
            let loop = try MainLoop(application: application)
            let fds = try Self.pipeSource(in: loop) { _ in }
            defer { close(fds[0]); close(fds[1]) }
            let start = application.clock.now
            var lastInput = start
            for i in 0..<6 {
                application.timers.schedule(at: start + 0.03 * Double(i)) { _ in
                    lastInput = application.clock.now
                    var byte: UInt8 = 1
                    _ = write(fds[1], &byte, 1)
                }
            }
            var wakeUps = 0
            loop.beforeWaiting.append { wakeUps += 1 }
            var runs: [Double] = []
            var wakeUpsAtIdle = 0
            loop.runOnceIdle(after: 0.1) {
                runs.append(application.clock.now)
                wakeUpsAtIdle = wakeUps
            }
            #expect(loop.hasIdleHook)
            #expect(loop.run(until: start + 0.8) == .requested)
            #expect(runs.count == 1, "the idle hook ran \(runs.count) times")
            #expect(!loop.hasIdleHook)
            if let ran = runs.first {
                #expect(ran - lastInput >= 0.099, "it ran \(ran - lastInput) s after the last input, before its quiet time")
                #expect(ran - lastInput < 0.5, "it ran \(ran - lastInput) s after the last input")
            }
            #expect(wakeUps - wakeUpsAtIdle == 2, "after the idle hook the loop woke \(wakeUps - wakeUpsAtIdle) times: its own and the deadline's expected")
        }
    }
}
