import ChildProcesses
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
///
/// nobody cannot reach a clone in a private folder (mode 0700), so as root the test binary, the
/// two preload shims and the device descriptions are first copied into a world-readable
/// `StagingFolder`; the child runs from there and finds its shims beside itself.
enum NobodyChild {
    static let nobody: uid_t = 65534

    static var isChild: Bool { Preload.isActive && getenv("RESPONDERKIT_WAYLAND_CHILD") != nil }

    /// The folder of this file, for the device descriptions.
    static let testsFolder: String = {
        var path = #filePath
        while let last = path.last, last != "/" { path.removeLast() }
        return path
    }()

    /// Where the child reads device descriptions: the staged copies when the parent staged them.
    static var devicesFolder: String {
        if let staged = getenv(stagedDevicesVariable) { return String(cString: staged) }
        return testsFolder + "Devices/"
    }
    static let stagedDevicesVariable = "RESPONDERKIT_STAGED_DEVICES"

    static func device(_ name: String) throws -> EvdevDeviceSpec {
        let path = devicesFolder + name
        guard let bytes = try? TextFile.readBytes(path) else { throw FixtureError("cannot read \(path)") }
        return try EvemuDescription.parse(String(decoding: bytes, as: UTF8.self), file: path)
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
        let filter = ["--testing-library", "swift-testing", "--filter", "\(suite)/\(test)"]
        guard getuid() == 0 else {
            return try spawn(suite, test, [Preload.executablePath] + filter, extraEnvironment: [], marker: marker, log: log)
        }
        let staging: StagingFolder
        let executable: String
        do {
            (staging, executable) = try stageForNobody()
        } catch {
            Issue.record("sway refuses root, so this test runs as nobody, who cannot reach what it needs: \(error)")
            return
        }
        defer { staging.remove() }
        let setpriv = ["/usr/bin/setpriv", "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups"]
        let compat = staging.path + "/libUMockdevCompat.so"
        try spawn(suite, test, setpriv + [executable] + filter,
                  extraEnvironment: ["\(stagedDevicesVariable)=\(staging.path)/Devices/", "RESPONDERKIT_UMOCKDEV_COMPAT=\(compat)",
                                     "LD_PRELOAD=\(compat):libumockdev-preload.so.0"],
                  marker: marker, log: log)
    }

    /// Copies what the child and sway open into a world-readable folder: this test binary, the
    /// preload shims (which the child finds beside its executable) and the device descriptions.
    /// Returns the folder and the staged binary.
    static func stageForNobody() throws -> (StagingFolder, String) {
        let staging = try StagingFolder(purpose: "nobody-child")
        let executable = try staging.copy(Preload.executablePath, mode: 0o755)
        try staging.copy(try Preload.compatLibrary(), as: "libUMockdevCompat.so", mode: 0o755)
        let shim = Subprocess.buildFolder + "libWaylandSeatShim.so"
        guard access(shim, R_OK) == 0 else { throw FixtureError("\(shim) is not built (swift build --build-tests builds it)") }
        try staging.copy(shim, mode: 0o755)
        try staging.makeFolder("Devices")
        for name in ["touchscreen.desc", "keyboard.desc", "mouse.desc"] {
            try staging.copy(testsFolder + "Devices/" + name, as: "Devices/" + name, mode: 0o644)
        }
        return (staging, executable)
    }

    @MainActor
    private static func spawn(_ suite: String, _ test: String, _ arguments: [String], extraEnvironment: [String],
                              marker: String, log: String) throws {
        unlink(marker)
        defer { unlink(marker); unlink(log) }
        let replaced = extraEnvironment.map { String($0.prefix { $0 != "=" }) + "=" }
        let environment = try Preload.environment().filter { entry in
            !entry.hasPrefix("WAYLAND_") && !entry.hasPrefix("XDG_RUNTIME_DIR=") && !entry.hasPrefix("UMOCKDEV_DIR=")
                && !replaced.contains { entry.hasPrefix($0) }
        } + ["RESPONDERKIT_CHILD_MARKER=\(marker)", "RESPONDERKIT_WAYLAND_CHILD=1"] + extraEnvironment
        let child = try Subprocess(arguments, environment: environment, outputPath: log)
        let status = child.wait(timeout: 90)
        if status == nil { child.kill() }
        let ran = access(marker, F_OK) == 0
        if status != 0 || !ran { print(child.output) }
        #expect(status == 0, "the child run of \(suite)/\(test) failed or timed out (its output is above)")
        #expect(ran, "the child did not run \(suite)/\(test)")
    }
}
