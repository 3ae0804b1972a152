import EmulatedInput
import Testing
#if canImport(Glibc)
import Glibc
import ResponderKitTesting
#endif

/// Runs a test body in a child copy of the test binary under umockdev's preload, as an
/// unprivileged user (sway refuses root): as root the child is started with
/// `setpriv --reuid=65534 --regid=65534 --clear-groups` (nobody); as anyone else, as that user.
/// The parent checks the child passed and really ran the body; the child is killed after 90 s.
enum NobodyChild {
    static let nobody: uid_t = 65534

    static var isChild: Bool { Preload.isActive && getenv("RESPONDERKIT_WAYLAND_CHILD") != nil }

    /// The folder of this file, for the device descriptions.
    static let testsFolder: String = {
        var path = #filePath
        while let last = path.last, last != "/" { path.removeLast() }
        return path
    }()

    static func device(_ name: String) throws -> EvdevDeviceSpec {
        let path = testsFolder + "Devices/" + name
        guard let bytes = try? TextFile.readBytes(path) else { throw FixtureError("cannot read \(path)") }
        return try EvemuDescription.parse(String(decoding: bytes, as: UTF8.self), file: path)
    }

    /// The first folder (or the file) on `path` that other users cannot traverse (or read), if any.
    static func unreachableByOthers(_ path: String) -> String? {
        var prefix = ""
        let parts = path.split(separator: "/")
        for (i, part) in parts.enumerated() {
            prefix += "/" + part
            var info = stat()
            guard stat(prefix, &info) == 0 else { return prefix }
            let needed: mode_t = i == parts.count - 1 ? S_IROTH : S_IXOTH
            if info.st_mode & needed == 0 { return prefix }
        }
        return nil
    }

    @MainActor
    static func run(_ suite: String, _ test: String, _ body: @MainActor () throws -> Void) throws {
        if isChild {
            try body()
            if let marker = getenv("RESPONDERKIT_CHILD_MARKER"), let file = fopen(marker, "w") {
                fputs("ran \(test)\n", file)
                fclose(file)
            }
            return
        }
        let marker = "\(P_tmpdir)/responderkit-wayland-child-\(getpid())-\(test)"
        let log = marker + ".log"
        var arguments = [Preload.executablePath, "--testing-library", "swift-testing", "--filter", "\(suite)/\(test)"]
        if getuid() == 0 {
            guard let blocked = unreachableByOthers(Preload.executablePath) else {
                arguments = ["/usr/bin/setpriv", "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups"] + arguments
                return try spawn(suite, test, arguments, marker: marker, log: log)
            }
            Issue.record("sway refuses root, so this test runs as nobody, who cannot reach \(blocked): build in a folder others can read (chmod o+rx)")
            return
        }
        try spawn(suite, test, arguments, marker: marker, log: log)
    }

    @MainActor
    private static func spawn(_ suite: String, _ test: String, _ arguments: [String], marker: String, log: String) throws {
        unlink(marker)
        defer { unlink(marker); unlink(log) }
        let environment = try Preload.environment().filter {
            !$0.hasPrefix("WAYLAND_") && !$0.hasPrefix("XDG_RUNTIME_DIR=") && !$0.hasPrefix("UMOCKDEV_DIR=")
        } + ["RESPONDERKIT_CHILD_MARKER=\(marker)", "RESPONDERKIT_WAYLAND_CHILD=1"]
        let child = try Subprocess(arguments, environment: environment, outputPath: log)
        let status = child.wait(timeout: 90)
        if status == nil { child.kill() }
        let ran = access(marker, F_OK) == 0
        if status != 0 || !ran { print(child.output) }
        #expect(status == 0, "the child run of \(suite)/\(test) failed or timed out (its output is above)")
        #expect(ran, "the child did not run \(suite)/\(test)")
    }
}
