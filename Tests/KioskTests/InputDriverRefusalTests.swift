import ChildProcesses
import ResponderKit
import ResponderKitTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 23 §3: when `Application.shared`'s timers cannot fire under a driver's clock (another
/// driver put its own clock there while timers wait), `advance(by:)` refuses with a message that
/// names the cause, instead of leaving them silently pending. The refusal stops the process, so
/// the test runs itself in a child and reads what it said.
@MainActor
@Suite struct InputDriverRefusalTests {
    static let childVariable = "RESPONDERKIT_REFUSAL_CHILD"

    @Test func advanceRefusesWhenAnotherDriverTookTheSharedClockWithTimersPending() throws {
        if getenv(Self.childVariable) != nil {
            let first = InputDriver(application: Application())
            let shared = Application.shared
            shared.timers.schedule(at: shared.clock.now + 1) { _ in }
            let second = InputDriver(application: Application())
            first.advance(by: 2)  // refuses: the shared timer now runs on `second`'s clock
            second.advance(by: 2)
            Issue.record("advance(by:) did not refuse")
            return
        }
        let result = try Subprocess.run(
            [
                Subprocess.executablePath, "--testing-library", "swift-testing", "--filter",
                "InputDriverRefusalTests/advanceRefusesWhenAnotherDriverTookTheSharedClockWithTimersPending"
            ],
            environment: Subprocess.environment(["\(Self.childVariable)=1"]), timeout: 120)
        #expect(result.status != 0 && result.status != 124, "the child should stop at the refusal: \(result.output)")
        #expect(
            result.output.firstRange(of: "Application.shared has 1 timer(s) pending on another clock") != nil,
            "the refusal names its cause: \(result.output)")
    }
}
