import ChildProcesses
import EmulatedInput

#if canImport(Glibc)
import Glibc
#endif

/// Runs one of the package's executables (built beside the test binary) and captures its output.
enum ToolProcess {
    static func path(_ tool: String) -> String { Subprocess.buildFolder + tool }

    /// Runs `tool arguments…` with stdout and stderr in one captured stream; sends `signal` after
    /// `signalAfter` seconds when given; kills it after 60 s.
    static func run(_ tool: String, _ arguments: [String], signal: Int32? = nil, signalAfter: Double = 0.3) throws -> Subprocess.Result {
        let exe = path(tool)
        guard access(exe, X_OK) == 0 else { throw Testbed.Failure(message: "\(exe) is not built (swift build)") }
        return try Subprocess.run([exe] + arguments, signal: signal, signalAfter: signalAfter)
    }
}
