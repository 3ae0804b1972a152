import ResponderKitTesting
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
    static var buildFolder: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        var path = n > 0 ? String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        // …/debug/ResponderKitPackageTests.xctest → …/debug/
        while let last = path.last, last != "/" { path.removeLast() }
        return path
    }

    static var isBuilt: Bool { access(buildFolder + "puzzle-demo", X_OK) == 0 }

    /// Runs `puzzle-demo arguments…` with `environment` added to a clean one; killed after 60 s.
    static func run(_ arguments: [String], environment: [String: String] = [:], in folder: String) -> Result {
        let exe = buildFolder + "puzzle-demo"
        let out = folder + "/stdout.txt", err = folder + "/stderr.txt"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var env = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8", "HOME=" + folder]
        env += environment.map { "\($0)=\($1)" }
        // sh only changes into the run's folder (relative output paths land there), then execs.
        let shell = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder, exe]
        var argv: [UnsafeMutablePointer<CChar>?] = (shell + arguments).map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid = pid_t()
        guard posix_spawn(&pid, "/bin/sh", &actions, nil, &argv, &envp) == 0 else {
            return Result(status: -1, output: "", errors: "cannot start \(exe)")
        }
        var status: Int32 = 0
        var waited = 0.0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if waited > 60 { kill(pid, SIGKILL) }
            var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
            nanosleep(&pause, nil)
            waited += 0.005
        }
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(status: code, output: read(out), errors: read(err))
    }

    static func read(_ path: String) -> String { (try? TextFile.read(path, limit: 1 << 22)) ?? "" }

    /// A fresh private folder for one run.
    static func temporaryFolder() -> String {
        var template = Array("/tmp/responderkit-kiosk-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { return "/tmp" }
        return String(cString: made)
    }
}
