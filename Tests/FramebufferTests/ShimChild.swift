import ChildProcesses
import FakeFramebuffer
import Prerequisites
import ResponderKitTesting
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs a test body in a child copy of the test binary under the framebuffer shim's LD_PRELOAD,
/// one child per fake framebuffer (the shim reads its geometry from the environment once). A
/// plain `swift test` starts without the preload: the test spawns `<test binary> --filter
/// <suite>/<test>` with the shim and the fake's `FAKEFB_*` variables through `ChildTestRun` (the
/// one child-process helper), which checks the child passed and really ran the body. In the child
/// the same call runs the body.
enum ShimChild {
    static let folderVariable = "RESPONDERKIT_FB_FOLDER"
    static let caseVariable = "RESPONDERKIT_FB_CASE"

    static var isChild: Bool { getenv(folderVariable) != nil }

    /// The running executable (`/proc/self/exe`).
    static var executablePath: String { Subprocess.executablePath }

    /// `libTestShimFramebuffer.so` beside the test binary (see `FakeFramebuffer.shimLibrary`).
    static func shimLibrary() throws -> String {
        do { return try FakeFramebuffer.shimLibrary(besides: executablePath) } catch { throw ChildFailure("\(error)") }
    }

    /// Whether a child can be refused a file by its permissions: always unless root; as root,
    /// with `setpriv` dropping CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH. Under CI (`Prerequisite.isCI`) this is
    /// required (the test then fails instead of being skipped).
    static var canRunWithoutFileAccessOverride: Bool {
        getuid() != 0 || access(setpriv, X_OK) == 0 || Prerequisite.isCI
    }

    static let setpriv = "/usr/bin/setpriv"

    /// In the child: `body(fakes[case])`. In the parent: for each fake, a fresh folder with the
    /// node file, a child under the shim for `suite/test`, its exit status and marker checked.
    /// `withoutFileAccessOverride` runs the child as root without CAP_DAC_OVERRIDE (permission tests).
    @MainActor
    static func run(
        _ fakes: [FakeFramebuffer], suite: String, test: String = #function, withoutFileAccessOverride: Bool = false,
        _ body: @MainActor (FakeFramebuffer) throws -> Void
    ) throws {
        if let folder = variable(folderVariable) {
            let index = variable(caseVariable).flatMap { Int($0) } ?? 0
            guard fakes.indices.contains(index) else { throw ChildFailure("no fake framebuffer number \(index)") }
            var fake = fakes[index]
            fake.folder = folder
            fake.index = index
            try body(fake)
            ChildTestRun.markRan(test)
            return
        }
        let shim = try shimLibrary()
        for (index, template) in fakes.enumerated() {
            var fake = template
            fake.index = index
            fake.folder = try TemporaryFolder.make("fb")
            defer { TemporaryFolder.remove(fake.folder) }
            try fake.create()
            let launcher = withoutFileAccessOverride && getuid() == 0 ? [setpriv, "--bounding-set=-dac_override,-dac_read_search"] : []
            let environment =
                inheritedEnvironment() + fake.environment + [
                    "LD_PRELOAD=\(shim)", "\(folderVariable)=\(fake.folder)", "\(caseVariable)=\(index)"
                ]
            try ChildTestRun.run(
                suite: suite, test: test, executable: executablePath, launcher: launcher,
                environment: environment, timeout: 60, label: " (fake framebuffer \(index))")
        }
    }

    /// This process's environment without the variables the child gets its own values for.
    private static func inheritedEnvironment() -> [String] {
        var env: [String] = []
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if !s.hasPrefix("LD_PRELOAD=") && !s.hasPrefix("FAKEFB_") && !s.hasPrefix("RESPONDERKIT_FB_") { env.append(s) }
            p += 1
        }
        return env
    }

    /// The value of environment variable `name`.
    static func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}

struct ChildFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
