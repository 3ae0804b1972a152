import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Re-runs one Swift Testing test of this test binary in a child process and checks that the
/// child passed and really ran the test's body.
///
/// Why: some tests need a process of their own — umockdev's preload must be in place before the
/// process starts and allows one testbed per process, and sway refuses root, so its test runs as
/// nobody. A plain `swift test` starts without any of that: such a test re-runs only itself in a
/// child (`--filter Suite/test`) with the environment (and launcher, e.g. `setpriv`) it needs. The
/// child's body calls `markRan` at its end, so a child that filtered nothing out cannot pass by
/// running nothing. The child's output is printed when it fails.
public enum ChildTestRun {
    static let markerVariable = "RESPONDERKIT_CHILD_MARKER"

    /// In the child: records that the body of `test` ran to its end.
    public static func markRan(_ test: String) {
        guard let marker = getenv(markerVariable), let file = fopen(marker, "w") else { return }
        fputs("ran \(test)\n", file)
        fclose(file)
    }

    /// In the parent: runs `launcher + [executable, --testing-library swift-testing, --filter
    /// suite/test]` with `environment` (plus the marker variable), waits at most `timeout`
    /// seconds, and expects exit status 0 and the marker.
    @discardableResult
    public static func run(
        suite: String, test: String, executable: String = Subprocess.executablePath,
        launcher: [String] = [], environment: [String], timeout: Double = 60, label: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Bool {
        let marker = "\(P_tmpdir)/responderkit-child-\(getpid())-\(test)"
        let log = marker + ".log"
        unlink(marker)
        defer { unlink(marker); unlink(log) }
        let arguments = launcher + [executable, "--testing-library", "swift-testing", "--filter", "\(suite)/\(test)"]
        let child = try Subprocess(
            arguments,
            environment: environment.filter { !$0.hasPrefix(markerVariable + "=") }
                + ["\(markerVariable)=\(marker)"], outputPath: log)
        let status = child.wait(timeout: timeout)
        if status == nil { child.kill() }
        let ran = access(marker, F_OK) == 0
        if status != 0 || !ran { print(child.output) }
        #expect(status == 0, "the child run of \(suite)/\(test)\(label) failed or timed out (its output is above)", sourceLocation: sourceLocation)
        #expect(ran, "the child did not run \(suite)/\(test)\(label)", sourceLocation: sourceLocation)
        return status == 0 && ran
    }
}
