import CLinux
import EmulatedInput
#if canImport(Glibc)
import Glibc
#endif

/// Runs one of the package's executables (built beside the test binary) and captures its output.
enum ToolProcess {
    struct Result { var status: Int32; var output: String }

    static func path(_ tool: String) -> String {
        var folder = Preload.executablePath
        while let last = folder.last, last != "/" { folder.removeLast() }
        return folder + tool
    }

    /// Runs `tool arguments…` with stdout and stderr in one captured stream; sends `signal` after
    /// `signalAfter` seconds when given; kills it after 60 s.
    static func run(_ tool: String, _ arguments: [String], signal: Int32? = nil, signalAfter: Double = 0.3) throws -> Result {
        let exe = path(tool)
        guard access(exe, X_OK) == 0 else { throw Testbed.Failure(message: "\(exe) is not built (swift build)") }
        let outputPath = "/tmp/responderkit-tool-\(getpid())-\(tool).txt"
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = ([exe] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, exe, &actions, nil, &argv, environ)
        guard rc == 0 else { throw Testbed.Failure(message: "cannot start \(exe): \(rc)") }
        var status: Int32 = 0
        var waited = 0.0, signalled = false
        while waitpid(pid, &status, WNOHANG) == 0 {
            if let signal, !signalled, waited >= signalAfter { kill(pid, signal); signalled = true }
            if waited > 60 { kill(pid, SIGKILL) }
            var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
            nanosleep(&pause, nil)
            waited += 0.005
        }
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(status: code, output: (try? UmockdevProcess.readText(outputPath)) ?? "")
    }
}
