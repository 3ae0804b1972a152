#if canImport(Glibc)
import Glibc
#endif

/// A program started for a test or a bench (`posix_spawn`) in a process group of its own, with
/// standard output and standard error in files, default signal handling and an empty signal mask
/// (a main loop in the starting process blocks SIGTERM, and a child would inherit that). Every
/// wait is bounded; releasing it kills the group, so no run leaves a process behind.
public final class ChildProcess {
    public let pid: pid_t
    public let outputPath: String, errorPath: String
    private var status: Int32?

    /// Starts `arguments[0]` (a path) with exactly `environment`.
    public init(_ arguments: [String], environment: [String], outputPath: String, errorPath: String) throws {
        self.outputPath = outputPath
        self.errorPath = errorPath
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
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
        let rc = posix_spawn(&child, arguments[0], &actions, &attributes, &argv, &envp)
        guard rc == 0 else { throw FakeFramebufferFailure("cannot start \(arguments[0]): \(String(cString: strerror(rc)))") }
        pid = child
    }

    deinit { kill() }

    /// Waits at most `timeout` seconds; the exit status (128 + signal when killed by one), or nil
    /// while it still runs.
    @discardableResult
    public func wait(timeout: Double) -> Int32? {
        if let status { return status }
        let deadline = monotonicSeconds() + timeout
        var raw: Int32 = 0
        while true {
            let r = waitpid(pid, &raw, WNOHANG)
            if r == pid {
                status = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
                return status
            }
            if r < 0 && errno != EINTR { status = 127; return status }
            if monotonicSeconds() >= deadline { return nil }
            var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
            nanosleep(&pause, nil)
        }
    }

    public var isRunning: Bool { wait(timeout: 0) == nil }

    /// Sends `signal` to the program (not its group: it is asked, as a service manager would).
    public func signal(_ signal: Int32) {
        if isRunning { Glibc.kill(pid, signal) }
    }

    /// SIGKILL to its whole group, then reaps it. Nothing when it already ended.
    public func kill() {
        guard isRunning else { return }
        Glibc.kill(-pid, SIGKILL)
        wait(timeout: 10)
    }

    public var output: String { Self.read(outputPath) }
    public var errors: String { Self.read(errorPath) }

    static func read(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 22 {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// `CLOCK_MONOTONIC` in seconds (the clock evdev frames are stamped with).
public func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Temporary folders, removed with what they hold (one level: the runs put plain files there).
public enum TemporaryFolder {
    public static func make(_ prefix: String) throws -> String {
        var template = Array("\(P_tmpdir)/\(prefix)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw FakeFramebufferFailure("mkdtemp failed: \(String(cString: strerror(errno)))") }
        return String(cString: made)
    }

    public static func remove(_ folder: String) {
        guard let dir = opendir(folder) else { return }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { unlink(folder + "/" + name) }
        }
        closedir(dir)
        rmdir(folder)
    }
}
