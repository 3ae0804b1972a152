import ChildProcesses
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The visual settings are process-wide (`Accessibility.visualSettings`), and the other suites in
/// this test binary draw and resolve colours in parallel: a test that changes them runs in a child
/// process of its own, so no other test ever sees large text or high contrast.
enum OwnProcess {
    static let variable = "RK_VISUAL_SETTINGS_CHILD"

    /// In the child: runs `body` and records that it ran to its end. In the parent: re-runs
    /// `suite/test` in a child and expects it to pass.
    @MainActor
    static func run(suite: String, test: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: @MainActor () throws -> Void) throws {
        if getenv(variable) != nil {
            try body()
            ChildTestRun.markRan(test)
        } else {
            try ChildTestRun.run(
                suite: suite, test: test, environment: Subprocess.environment([variable + "=1"]), timeout: 120,
                sourceLocation: sourceLocation)
        }
    }
}
