import ChildProcesses
import EmulatedInput
import Prerequisites

#if canImport(Glibc)
import Glibc
import ResponderKitTesting
import TestHelpers
#endif

/// A real compositor, headless — sway, or cage (the kiosk compositor) — reading the testbed's
/// emulated devices through its own libinput (`WLR_BACKENDS=headless,libinput`) as the current
/// (unprivileged) user: libseat is replaced by the package's test-only `libTestShimWaylandSeat.so`, and
/// umockdev's preload (with the compat shim) redirects /dev and /sys into the testbed.
///
/// - sway: one 1280×800 output (its config), no borders, no Xwayland; an app is started as a
///   client of its socket.
/// - cage 0.1.4: `cage -d -r -- APP` runs the app as its child (and exits with it) on wlroots'
///   1280×720 headless output turned to portrait (720×1280, as many kiosk panels are); it needs
///   Xwayland installed (started lazily, never here); it never sends `wl_touch.frame`. The
///   rotation matters for screenshots: on an unrotated output cage 0.1.4 scans the focused
///   client's buffer out directly (`scan_out_primary_view`, when the surface's scale and transform
///   match the output's), and on the headless backend grim then reads a stale or black buffer;
///   rotated, cage composites the client's buffer like sway does, and grim sees what is shown.
final class HeadlessCompositor {
    enum Kind: String, Sendable, CustomStringConvertible {
        case sway, cage

        var description: String { rawValue }

        /// The programs a run needs.
        var tools: [String] {
            switch self {
            case .sway: ["/usr/bin/sway", "/usr/bin/grim", "/usr/bin/setpriv"]
            case .cage: ["/usr/bin/cage", "/usr/bin/Xwayland", "/usr/bin/grim", "/usr/bin/setpriv"]
            }
        }

        /// True when the compositor, grim, setpriv and umockdev are installed.
        var isInstalled: Bool {
            tools.allSatisfy { access($0, X_OK) == 0 } && (try? Preload.checkUmockdev()) != nil
        }

        /// Whether the tests of this compositor run: installed, or under CI (where a missing
        /// prerequisite that Tools/setup.sh installs must fail the test, not skip it).
        var shouldRun: Bool { isInstalled || Prerequisite.isCI }

        /// Fails under CI when something is missing (`shouldRun` let the test start).
        func requireInstalled() throws {
            guard !isInstalled else { return }
            let missing = tools.filter { access($0, X_OK) != 0 }
            throw FixtureError(
                "CI is set and \(self) cannot run: missing \(missing.isEmpty ? "umockdev" : missing.joined(separator: ", ")) (Tools/setup.sh installs it)")
        }

        /// The output's logical size in pixels (what the app is configured to and grim captures).
        var outputSize: (width: Int, height: Int) {
            switch self {
            case .sway: (1280, 800)
            case .cage: (720, 1280)  // wlroots 0.15's 1280×720 headless default, rotated (-r)
            }
        }
    }

    let kind: Kind
    let runtimeDirectory: String
    let process: Subprocess
    /// The app started as a client of sway (cage's app is cage's child: its output is cage's).
    private(set) var app: Subprocess?
    private(set) var socketPath = ""
    private var logPath: String { runtimeDirectory + ".log" }

    /// Starts the compositor with `testbedRoot` as `UMOCKDEV_DIR` and waits (≤ 10 s) for its
    /// socket; then, for sway, starts `app` as its client. `app` runs without umockdev's preload.
    /// cage needs an app (it runs it as its child and exits with it).
    init(_ kind: Kind, testbedRoot: String, app: [String]? = nil) throws {
        self.kind = kind
        runtimeDirectory = try TemporaryFolder.make("\(kind)")
        let preload = [try PreloadShims.path(of: PreloadShims.waylandSeat), try Preload.compatLibrary(), "libumockdev-preload.so.0"]
        for library in preload.dropLast() where access(library, R_OK) != 0 {
            throw FixtureError("\(library) is not built (\(PreloadShims.buildCommand) builds it)")
        }
        let environment = [
            "PATH=/usr/bin:/bin", "HOME=\(runtimeDirectory)", "XDG_RUNTIME_DIR=\(runtimeDirectory)",
            "WLR_BACKENDS=headless,libinput", "WLR_RENDERER=pixman", "WLR_HEADLESS_OUTPUTS=1",
            "XKB_DEFAULT_LAYOUT=us", "UMOCKDEV_DIR=\(testbedRoot)", "LD_PRELOAD=\(preload.joined(separator: ":"))"
        ]
        let arguments: [String]
        switch kind {
        case .sway:
            let config = runtimeDirectory + "/sway.conf"
            let text = """
                output HEADLESS-1 resolution 1280x800 position 0,0 scale 1
                default_border none
                focus_follows_mouse no
                xwayland disable

                """
            guard let file = fopen(config, "w") else { throw FixtureError("cannot write \(config)") }
            fputs(text, file)
            fclose(file)
            arguments = ["/usr/bin/sway", "-c", config]
        case .cage:
            guard let app else { throw FixtureError("cage runs an app: none given") }
            arguments = ["/usr/bin/cage", "-d", "-r", "--", "/usr/bin/env", "-u", "LD_PRELOAD", "-u", "UMOCKDEV_DIR"] + app
        }
        // In the test process's group: if the parent kills the child test run, the compositor
        // goes with it (and cage's app, its child, with it).
        process = try Subprocess(arguments, environment: environment, outputPath: runtimeDirectory + ".log", ownGroup: false)
        let start = Self.now
        while true {
            if let name = Self.socketName(in: runtimeDirectory) { socketPath = runtimeDirectory + "/" + name; break }
            if !process.isRunning { throw FixtureError("\(kind) exited: \(process.output.suffix(2000))") }
            if Self.now - start > 10 { throw FixtureError("\(kind) made no socket in 10 s: \(process.output.suffix(2000))") }
            var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
            nanosleep(&pause, nil)
        }
        if kind == .sway, let app {
            let name = String(socketPath.split(separator: "/").last ?? "")
            self.app = try Subprocess(
                app,
                environment: [
                    "PATH=/usr/bin:/bin", "HOME=\(runtimeDirectory)",
                    "XDG_RUNTIME_DIR=\(runtimeDirectory)", "WAYLAND_DISPLAY=\(name)"
                ],
                outputPath: runtimeDirectory + "/app.log")
        }
    }

    deinit { stop() }

    /// What the app printed (for cage, interleaved with cage's own messages).
    var appOutput: String { app?.output ?? process.output }

    /// Whether the app still runs.
    var appIsRunning: Bool { app?.isRunning ?? process.isRunning }

    /// Stops the app and the compositor (SIGTERM, then SIGKILL) and removes the runtime folder.
    func stop() {
        app?.kill()
        process.kill()
        TemporaryFolder.remove(runtimeDirectory)  // a compositor's HOME may get a `.cache` folder
        unlink(logPath)
    }

    /// The first `wayland-N` socket in `folder` (sway 1.7 starts at wayland-1, cage at wayland-0).
    static func socketName(in folder: String) -> String? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("wayland-"), !name.hasSuffix(".lock") else { continue }
            var info = stat()
            if stat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK { return name }
        }
        return nil
    }

    private func grim(_ arguments: [String]) throws {
        let name = String(socketPath.split(separator: "/").last ?? "")
        let grim = try Subprocess(
            ["/usr/bin/grim"] + arguments,
            environment: ["PATH=/usr/bin:/bin", "XDG_RUNTIME_DIR=\(runtimeDirectory)", "WAYLAND_DISPLAY=\(name)"],
            outputPath: runtimeDirectory + "/grim.log")
        defer { unlink(runtimeDirectory + "/grim.log") }
        guard grim.wait(timeout: 10) == 0 else { grim.kill(); throw FixtureError("grim failed: \(grim.output)") }
    }

    /// A screenshot of `rect` (x, y, width, height in output pixels) with grim, as RGB triples.
    func screenshot(x: Int, y: Int, width: Int, height: Int) throws -> [[UInt8]] {
        let shot = try screenshot(["-g", "\(x),\(y) \(width)x\(height)"])
        guard shot.width == width, shot.height == height else { throw FixtureError("grim gave \(shot.width)×\(shot.height)") }
        return (0..<(width * height)).map { Array(shot.rgb[$0 * 3..<$0 * 3 + 3]) }
    }

    /// A screenshot of the whole output with grim: its size and packed RGB bytes.
    func screenshot(_ extra: [String] = []) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let path = runtimeDirectory + "/shot.ppm"
        defer { unlink(path) }
        try grim(["-t", "ppm"] + extra + [path])
        guard let bytes = try? TextFile.readBytes(path) else { throw FixtureError("grim wrote no \(path)") }
        return try Self.parsePPM(bytes)
    }

    /// Saves a PNG screenshot of the whole output at `path` (for people to look at).
    func savePNG(_ path: String) throws {
        try grim(["-t", "png", path])
    }

    /// A binary PPM (`P6 <w> <h> <max>` then RGB bytes) with a maximum of 255.
    static func parsePPM(_ bytes: [UInt8]) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else { throw FixtureError("not a P6 PPM") }
        var fields: [Int] = [], i = 2
        while fields.count < 3 && i < bytes.count {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0a { i += 1 }
            var value = 0, digits = 0
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39, digits < 9 { value = value * 10 + Int(bytes[i] - 0x30); i += 1; digits += 1 }
            guard digits > 0 else { throw FixtureError("bad PPM header") }
            fields.append(value)
        }
        i += 1  // the one whitespace byte after the maximum
        guard fields.count == 3, fields[2] == 255, fields[0] > 0, fields[1] > 0 else { throw FixtureError("bad PPM header \(fields)") }
        let count = fields[0] * fields[1] * 3
        guard i <= bytes.count, bytes.count - i >= count else { throw FixtureError("short PPM (\(bytes.count) bytes)") }
        return (fields[0], fields[1], Array(bytes[i..<i + count]))
    }

    static var now: Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
