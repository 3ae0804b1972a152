import FakeFramebuffer
import ResponderKitTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs a test body in a child copy of the test binary under the framebuffer shim's LD_PRELOAD,
/// one child per fake framebuffer (the shim reads its geometry from the environment once). A
/// plain `swift test` starts without the preload: the test spawns `<test binary> --filter
/// <suite>/<test>` with the shim and the fake's `FAKEFB_*` variables, and checks the child passed
/// and really ran the body. In the child the same call runs the body.
enum ShimChild {
    static let folderVariable = "RESPONDERKIT_FB_FOLDER"
    static let caseVariable = "RESPONDERKIT_FB_CASE"
    static let markerVariable = "RESPONDERKIT_FB_MARKER"

    static var isChild: Bool { getenv(folderVariable) != nil }

    /// The running executable (`/proc/self/exe`).
    static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `libTestShimFramebuffer.so` beside the test binary (see `FakeFramebuffer.shimLibrary`).
    static func shimLibrary() throws -> String {
        do { return try FakeFramebuffer.shimLibrary(besides: executablePath) } catch { throw ChildFailure("\(error)") }
    }

    /// Whether a child can be refused a file by its permissions: always unless root; as root,
    /// with `setpriv` dropping CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH. Under `CI=true` this is
    /// required (the test then fails instead of being skipped).
    static var canRunWithoutFileAccessOverride: Bool {
        getuid() != 0 || access(setpriv, X_OK) == 0 || variable("CI") == "true"
    }

    static let setpriv = "/usr/bin/setpriv"

    /// In the child: `body(fakes[case])`. In the parent: for each fake, a fresh folder with the
    /// node file, a child under the shim for `suite/test`, its exit status and marker checked.
    /// `withoutFileAccessOverride` runs the child as root without CAP_DAC_OVERRIDE (permission tests).
    @MainActor
    static func run(_ fakes: [FakeFramebuffer], suite: String, test: String = #function, withoutFileAccessOverride: Bool = false,
                    _ body: @MainActor (FakeFramebuffer) throws -> Void) throws {
        if let folder = variable(folderVariable) {
            let index = variable(caseVariable).flatMap { Int($0) } ?? 0
            guard fakes.indices.contains(index) else { throw ChildFailure("no fake framebuffer number \(index)") }
            var fake = fakes[index]
            fake.folder = folder
            fake.index = index
            try body(fake)
            if let marker = getenv(markerVariable), let file = fopen(marker, "w") {
                fputs("ran \(test)\n", file)
                fclose(file)
            }
            return
        }
        let shim = try shimLibrary()
        for (index, template) in fakes.enumerated() {
            var fake = template
            fake.index = index
            fake.folder = try makeFolder()
            defer { removeFolder(fake.folder) }
            try fake.create()
            let marker = fake.folder + "/ran"
            let output = fake.folder + "/child.out"
            var arguments = [executablePath, "--testing-library", "swift-testing", "--filter", "\(suite)/\(test)"]
            if withoutFileAccessOverride && getuid() == 0 {
                arguments = [setpriv, "--bounding-set=-dac_override,-dac_read_search"] + arguments
            }
            let environment = inheritedEnvironment() + fake.environment + [
                "LD_PRELOAD=\(shim)", "\(folderVariable)=\(fake.folder)", "\(caseVariable)=\(index)", "\(markerVariable)=\(marker)",
            ]
            let status = try spawnAndWait(arguments, environment: environment, output: output, timeout: 60)
            let ran = access(marker, F_OK) == 0
            if status != 0 || !ran {
                print((try? TextFile.read(output)) ?? "(no output)")
            }
            #expect(status == 0, "the shim child for \(suite)/\(test) case \(index) failed (status \(status); its output is above)")
            #expect(ran, "the shim child did not run \(suite)/\(test) case \(index)")
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

    static func makeFolder() throws -> String {
        var template = Array("\(P_tmpdir)/responderkit-fb-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw ChildFailure("mkdtemp failed: \(String(cString: strerror(errno)))") }
        return String(cString: made)
    }

    static func removeFolder(_ folder: String) {
        guard let dir = opendir(folder) else { return }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { unlink(folder + "/" + name) }
        }
        closedir(dir)
        rmdir(folder)
    }

    /// `posix_spawn` with stdout and stderr to `output`; waits at most `timeout` seconds, then
    /// kills the child (SIGKILL) and reports 124. Returns the exit status (128 + signal).
    private static func spawnAndWait(_ arguments: [String], environment: [String], output: String, timeout: Double) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, arguments[0], &actions, nil, &argv, &envp)
        guard rc == 0 else { throw ChildFailure("cannot start \(arguments[0]): \(String(cString: strerror(rc)))") }
        var status: Int32 = 0
        var waited = 0.0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r < 0 && errno != EINTR { return 127 }
            if waited >= timeout {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return 124
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
            nanosleep(&pause, nil)
            waited += 0.005
        }
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// The value of environment variable `name`.
    static func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}

struct ChildFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
