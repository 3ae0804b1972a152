import ChildProcesses
import EmulatedInput
import FakeFramebuffer
import Prerequisites
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What the end-to-end runs need, and where the package built it.
enum EndToEnd {
    /// The folder of the test binary, where SwiftPM also put `puzzle-demo` and the preload
    /// libraries (`…/debug/ResponderKitPackageTests.xctest` → `…/debug/`).
    static var buildFolder: String {
        var folder = Preload.executablePath
        while let last = folder.last, last != "/" { folder.removeLast() }
        return folder
    }

    /// The main command, as a user runs it.
    static var mainCommand: String { buildFolder + "puzzle-demo" }

    /// `puzzle-demo` is built beside the tests (`swift build --build-tests`) and
    /// `libTestShimFramebuffer.so` by the shims package (`PreloadShims.buildCommand`; Tools/test.sh
    /// runs both).
    static var isBuilt: Bool {
        access(mainCommand, X_OK) == 0 && (try? FakeFramebuffer.shimLibrary(besides: Preload.executablePath)) != nil
    }

    static var umockdevInstalled: Bool { (try? Preload.checkUmockdev()) != nil }

    /// Runs unless something is missing; under CI it always runs, so a missing umockdev
    /// (Tools/setup.sh installs it) or an unbuilt tool fails instead of skipping.
    static var canRunWithoutInput: Bool { Prerequisite.isCI || isBuilt }
    static var canRunWithInput: Bool { Prerequisite.isCI || (isBuilt && umockdevInstalled) }

    /// Fails the test with the missing prerequisite named (the CI path of `canRun*`).
    static func requireBuilt() throws {
        guard access(mainCommand, X_OK) == 0 else {
            throw FakeFramebufferFailure("\(mainCommand) is not built: run `swift build --build-tests` (same configuration)")
        }
        _ = try FakeFramebuffer.shimLibrary(besides: Preload.executablePath)
    }
}

/// Runs one case of a test in a child copy of the test binary under umockdev's preload: the
/// testbed (the emulated touchscreen and the pty behind it) must live in a process under
/// `libumockdev-preload`, one testbed per process. A plain `swift test` starts without it, so the
/// parent re-runs `suite/test` with the preload and `RESPONDERKIT_E2E_CASE` naming the case; in
/// the child, the other cases of a parameterized test return at once and the named one runs
/// `body` and leaves a marker the parent checks (a filter that matched nothing must not pass).
enum PreloadedRun {
    static let caseVariable = "RESPONDERKIT_E2E_CASE"
    static let markerVariable = "RESPONDERKIT_E2E_MARKER"

    @MainActor
    static func run(suite: String, test: String, case name: String, timeout: Double = 180, _ body: @MainActor () throws -> Void) throws {
        if Preload.isActive, let wanted = getenv(caseVariable).map({ String(cString: $0) }) {
            guard wanted == name else { return }
            try body()
            if let marker = getenv(markerVariable), let file = fopen(marker, "w") {
                fputs("ran \(test) \(name)\n", file)
                fclose(file)
            }
            return
        }
        try Preload.checkUmockdev()
        try EndToEnd.requireBuilt()
        let folder = try TemporaryFolder.make("e2e-run")
        defer { TemporaryFolder.remove(folder) }
        let marker = folder + "/ran"
        // The filter is a regular expression: the test's name without its "(_:)".
        let filter = "\(suite)/\(test.prefix { $0 != "(" })"
        let run = try Subprocess.run(
            [Preload.executablePath, "--testing-library", "swift-testing", "--filter", filter],
            environment: try Preload.environment() + ["\(caseVariable)=\(name)", "\(markerVariable)=\(marker)"],
            timeout: timeout)
        let status = run.status
        if status != 0 { print(run.output) }
        #expect(status == 0, "the preloaded run of \(filter) [\(name)] failed with status \(status) (its output is above)")
        #expect(access(marker, F_OK) == 0, "the preloaded run of \(filter) [\(name)] did not run the test")
    }
}
