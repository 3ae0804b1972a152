import Synchronization

#if canImport(Glibc)
import Glibc
#endif

extension PreloadShims {
    /// The configurations already built by this process (one `swift build` each, whatever the
    /// number of threads asking).
    private static let built = Mutex<[String: String?]>([:])

    /// Builds the shims package when `folder` is `<scratch>/<triple>/<configuration>/` of a
    /// checkout of this package (`<scratch>/../Tests/Shims/Package.swift` exists), so a plain
    /// `swift test` in a fresh clone finds its shims as `Tools/test.sh` does. Returns nil when it
    /// built (or there is nothing to build here), else the failure with the build's last lines.
    ///
    /// Runs `swift build --package-path <checkout>/Tests/Shims --scratch-path <scratch>/shims -c
    /// <configuration>` (`posix_spawnp`, `LD_PRELOAD` removed from its environment), its output in
    /// `<scratch>/shims-build.log`.
    static func buildInCheckout(forBuildFolder folder: String) -> String? {
        let parts = folder.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 4, ["debug", "release"].contains(parts[parts.count - 1]) else { return nil }
        let scratch = "/" + parts.dropLast(2).joined(separator: "/")
        let checkout = "/" + parts.dropLast(3).joined(separator: "/")
        guard access(checkout + "/Tests/Shims/Package.swift", R_OK) == 0 else { return nil }
        let configuration = String(parts[parts.count - 1])
        return built.withLock { done -> String? in
            if let outcome = done[scratch + configuration] { return outcome }
            let outcome = run(
                ["swift", "build", "--package-path", checkout + "/Tests/Shims", "--scratch-path", scratch + "/shims", "-c", configuration],
                log: scratch + "/shims-build.log")
            done[scratch + configuration] = outcome
            return outcome
        }
    }

    /// Runs `arguments` to the end; nil on success, else what went wrong.
    private static func run(_ arguments: [String], log: String) -> String? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let environment = Preload.environmentWithoutPreload()
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child = pid_t()
        let started = posix_spawnp(&child, arguments[0], &actions, nil, argv, envp)
        guard started == 0 else { return "cannot start \(arguments[0]): \(String(cString: strerror(started)))" }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        guard status != 0 else { return nil }
        return "`\(arguments.joined(separator: " "))` failed (wait status \(status)), see \(log)"
    }
}
