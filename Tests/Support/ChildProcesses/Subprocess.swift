import ResponderKitTesting

#if canImport(Glibc)
import Glibc
#endif

/// A child process for the tests and nothing else (`posix_spawn`): output to a file, every wait
/// bounded, and killed (its process group) when the test is done with it. The one place the test
/// targets start processes: tools, compositors, seatd, and re-runs of the test binary.
public final class Subprocess {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// A finished run: exit status (128 + signal when killed) and everything it printed.
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
    }

    public let pid: pid_t
    public let outputPath: String
    /// Where its standard error goes when kept apart from its output (nil: into `outputPath`).
    public let errorPath: String?
    /// Whether it leads a process group of its own (killed as a whole).
    public let ownGroup: Bool
    private var status: Int32?

    /// Starts `arguments[0]` (a path, or a name looked up in PATH), in a new process group unless
    /// `ownGroup` is false (then it stays in ours, and dies with us when a parent kills our group).
    /// Its stdin is /dev/null; its stdout goes to `outputPath` (mode 0600: private to the tests),
    /// its stderr there too or to `errorPath`.
    public init(
        _ arguments: [String], environment: [String], outputPath: String, errorPath: String? = nil,
        ownGroup: Bool = true
    ) throws {
        self.outputPath = outputPath
        self.errorPath = errorPath
        self.ownGroup = ownGroup
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let errorPath {
            posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (killed as a whole), default signal handling and an empty mask (a
        // main loop in this process blocks SIGTERM, and children would inherit that).
        posix_spawnattr_setflags(&attributes, Int16((ownGroup ? POSIX_SPAWN_SETPGROUP : 0) | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for p in argv + envp { free(p) } }
        var child = pid_t()
        let rc = posix_spawnp(&child, arguments[0], &actions, &attributes, &argv, &envp)
        guard rc == 0 else { throw Failure("cannot start \(arguments[0]): \(String(cString: strerror(rc)))") }
        pid = child
    }

    deinit { kill() }

    /// Runs `arguments` to the end with output captured: `signal` is sent `signalAfter` seconds
    /// in when given, and the process group is killed after `timeout` seconds (status 124).
    public static func run(
        _ arguments: [String], environment: [String] = Subprocess.environment([]),
        timeout: Double = 60, signal: Int32? = nil, signalAfter: Double = 0.3
    ) throws -> Result {
        let outputPath = "\(P_tmpdir)/responderkit-run-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt"
        defer { unlink(outputPath) }
        let process = try Subprocess(arguments, environment: environment, outputPath: outputPath)
        var code: Int32?
        if let signal {
            code = process.wait(timeout: signalAfter)
            if code == nil { process.send(signal) }
        }
        if code == nil { code = process.wait(timeout: timeout) }
        if code == nil {
            process.kill()
            code = 124
        }
        return Result(status: code ?? 124, output: process.output)
    }

    /// Waits at most `timeout` seconds; returns the exit status (128+signal), nil if still running.
    @discardableResult
    public func wait(timeout: Double) -> Int32? {
        if let status { return status }
        var waited = 0.0
        var raw: Int32 = 0
        while true {
            let r = waitpid(pid, &raw, WNOHANG)
            if r == pid {
                status = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
                return status
            }
            if r < 0 && errno != EINTR { status = 127; return status }
            if waited >= timeout { return nil }
            var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
            nanosleep(&pause, nil)
            waited += 0.002
        }
    }

    public var isRunning: Bool { wait(timeout: 0) == nil }

    /// Sends `signal` to the process itself (not its group).
    public func send(_ signal: Int32) {
        guard isRunning else { return }
        Glibc.kill(pid, signal)
    }

    /// SIGTERM (to its process group when it has one), then SIGKILL after 2 s; reaps it.
    public func kill() {
        guard status == nil, wait(timeout: 0) == nil else { return }
        let target = ownGroup ? -pid : pid
        Glibc.kill(target, SIGTERM)
        if wait(timeout: 2) == nil {
            Glibc.kill(target, SIGKILL)
            wait(timeout: 5)
        }
    }

    /// Everything it printed so far (with its errors unless `errorPath` keeps them apart).
    public var output: String { String(decoding: (try? TextFile.readBytes(outputPath)) ?? [], as: UTF8.self) }

    /// Everything it printed to standard error so far, when `errorPath` keeps it apart ("" otherwise).
    public var errors: String {
        guard let errorPath else { return "" }
        return String(decoding: (try? TextFile.readBytes(errorPath)) ?? [], as: UTF8.self)
    }

    /// The running executable (`/proc/self/exe`).
    public static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The folder of the running test binary, where the package's tools are built.
    public static var buildFolder: String {
        var folder = executablePath
        while let last = folder.last, last != "/" { folder.removeLast() }
        // A test bundle may be a folder of its own (…/X.xctest/…).
        if !folder.isEmpty, access(folder + "wayland-demo", X_OK) != 0 {
            var parent = folder
            for _ in 0..<3 {
                parent.removeLast()
                while let last = parent.last, last != "/" { parent.removeLast() }
                if access(parent + "wayland-demo", X_OK) == 0 { return parent }
            }
        }
        return folder
    }

    /// The sanitizer settings of this process (`ASAN_OPTIONS`, `TSAN_OPTIONS`, `LSAN_OPTIONS`), for
    /// children started with an otherwise clean environment: in a sanitized build they are
    /// instrumented too, and without `detect_leaks=0` LeakSanitizer's exit-time report would turn
    /// their exit status into 1.
    public static var sanitizerOptions: [String] {
        let names: [String] = ["ASAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS"]
        return names.compactMap { (name: String) -> String? in
            guard let value = getenv(name) else { return nil }
            return name + "=" + String(cString: value)
        }
    }

    /// This process's environment with `changes` applied (`NAME=value`; `NAME=` alone removes).
    public static func environment(_ changes: [String]) -> [String] {
        var env: [String] = []
        var p = environ
        while let entry = p.pointee { env.append(String(cString: entry)); p += 1 }
        for change in changes {
            let name = String(change.prefix { $0 != "=" })
            env.removeAll { $0.hasPrefix(name + "=") }
            if change.count > name.count + 1 { env.append(change) }
        }
        return env
    }
}
