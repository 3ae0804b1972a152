import ChildProcesses
import Prerequisites
import ResponderKitTesting
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs the package's main command (`puzzle-demo`, built beside the test binary) as a user would,
/// capturing its standard output and standard error separately.
enum MainCommand {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The folder the test binary (and so the package's executables) was built into.
    static var buildFolder: String { Subprocess.buildFolder }

    /// `puzzle-demo`, built beside the test binary: the suites that run it declare
    /// `.requires(MainCommand.program)`, so a missing build skips outside CI and fails under it.
    static let program = Prerequisite.builtProgram("puzzle-demo", in: Subprocess.buildFolder)

    /// `hitbench`, which times the dumps the main command writes.
    static let hitbench = Prerequisite.builtProgram("hitbench", in: Subprocess.buildFolder)

    /// Runs `puzzle-demo arguments…` with `environment` added to a clean one (`Subprocess`, the
    /// one child-process helper of the tests); killed after 60 s.
    /// Under CI a missing build lets the test run: this is where it fails, naming what is missing.
    static func run(_ arguments: [String], environment: [String: String] = [:], in folder: String) -> Result {
        let exe = buildFolder + "puzzle-demo"
        guard (try? Prerequisite.check([program])) != nil else { return Result(status: -1, output: "", errors: "\(exe) is not built") }
        let out = folder + "/stdout.txt", err = folder + "/stderr.txt"
        var env = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8", "HOME=" + folder] + Subprocess.sanitizerOptions
        env += environment.map { "\($0)=\($1)" }
        // sh only changes into the run's folder (relative output paths land there), then execs.
        let shell = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder, exe]
        let child: Subprocess
        do { child = try Subprocess(shell + arguments, environment: env, outputPath: out, errorPath: err) } catch {
            return Result(status: -1, output: "", errors: "cannot start \(exe): \(error)")
        }
        var code = child.wait(timeout: 60)
        if code == nil {
            child.kill()
            code = 124
        }
        return Result(status: code ?? 124, output: read(out), errors: read(err))
    }

    static func read(_ path: String) -> String { (try? TextFile.read(path, limit: 1 << 22)) ?? "" }

    /// A fresh private folder for one run (`TemporaryFolder`).
    static func temporaryFolder() throws -> String { try TemporaryFolder.make("kiosk") }
}
