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
/// `ChildTestRun` checks the child passed and really ran the body; it is killed after 90 s.
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
            ChildTestRun.markRan(test)
            return
        }
        // The child makes its own compositor session and testbed.
        let inherited =
            try Preload.environment().filter {
                !$0.hasPrefix("WAYLAND_") && !$0.hasPrefix("XDG_RUNTIME_DIR=") && !$0.hasPrefix("UMOCKDEV_DIR=")
            } + ["RESPONDERKIT_WAYLAND_CHILD=1"]
        guard getuid() == 0 else {
            try ChildTestRun.run(suite: suite, test: test, environment: inherited, timeout: 90)
            return
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
        let compat = staging.path + "/" + compatLibraryName
        let staged = [
            "\(stagedDevicesVariable)=\(staging.path)/Devices/", "RESPONDERKIT_UMOCKDEV_COMPAT=\(compat)",
            "LD_PRELOAD=\(compat):libumockdev-preload.so.0"
        ]
        let replaced = staged.map { String($0.prefix { $0 != "=" }) + "=" }
        try ChildTestRun.run(
            suite: suite, test: test, executable: executable,
            launcher: ["/usr/bin/setpriv", "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups"],
            environment: inherited.filter { entry in !replaced.contains { entry.hasPrefix($0) } } + staged,
            timeout: 90)
    }

    static let compatLibraryName = PreloadShims.umockdevCompat
    static let seatShimName = PreloadShims.waylandSeat

    /// Copies what the child and sway open into a world-readable folder: this test binary, the
    /// preload shims and the demo apps (which the child finds beside its executable) and the
    /// device descriptions.
    /// Returns the folder and the staged binary.
    static func stageForNobody() throws -> (StagingFolder, String) {
        let staging = try StagingFolder(purpose: "nobody-child")
        let executable = try staging.copy(Subprocess.executablePath, mode: 0o755)
        try staging.copy(try Preload.compatLibrary(), as: compatLibraryName, mode: 0o755)
        try staging.copy(try PreloadShims.path(of: seatShimName), mode: 0o755)
        // The apps the end-to-end tests run under the compositor (found beside the child binary).
        for app in ["wayland-demo", "puzzle-demo", "kiosk-demo", "calibrate"] where access(Subprocess.buildFolder + app, X_OK) == 0 {
            try staging.copy(Subprocess.buildFolder + app, mode: 0o755)
        }
        try staging.makeFolder("Devices")
        for name in ["touchscreen.desc", "keyboard.desc", "mouse.desc"] {
            try staging.copy(testsFolder + "Devices/" + name, as: "Devices/" + name, mode: 0o644)
        }
        return (staging, executable)
    }
}
