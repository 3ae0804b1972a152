import ChildProcesses
import EmulatedInput
import Prerequisites
#if canImport(Glibc)
import Glibc
import ResponderKitTesting
#endif

/// A real sway, headless, reading the testbed's emulated devices through its own libinput
/// (`WLR_BACKENDS=headless,libinput`) as the current (unprivileged) user: libseat is replaced by
/// the package's test-only `libTestShimWaylandSeat.so`, and umockdev's preload (with the compat shim) redirects
/// /dev and /sys into the testbed. One 1280×800 output, no borders, no Xwayland.
final class SwayCompositor {
    let runtimeDirectory: String
    let process: Subprocess
    var socketPath: String { runtimeDirectory + "/wayland-1" }

    /// What the end-to-end tests need (setup.sh installs all of it).
    static let needs: [Prerequisite] = [.sway, .grim, .setpriv, .umockdev]

    /// Starts sway with `testbedRoot` as `UMOCKDEV_DIR`; waits (≤ 10 s) for its socket.
    init(testbedRoot: String) throws {
        var template = Array("\(P_tmpdir)/responderkit-sway-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw FixtureError("mkdtemp failed") }
        runtimeDirectory = String(cString: made)
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
        let folder = Subprocess.buildFolder
        let preload = [folder + NobodyChild.seatShimName, try Preload.compatLibrary(), "libumockdev-preload.so.0"]
        for library in preload.dropLast() where access(library, R_OK) != 0 {
            throw FixtureError("\(library) is not built (swift build --build-tests builds it)")
        }
        let environment = [
            "PATH=/usr/bin:/bin", "HOME=\(runtimeDirectory)", "XDG_RUNTIME_DIR=\(runtimeDirectory)",
            "WLR_BACKENDS=headless,libinput", "WLR_RENDERER=pixman", "WLR_HEADLESS_OUTPUTS=1",
            "XKB_DEFAULT_LAYOUT=us", "UMOCKDEV_DIR=\(testbedRoot)", "LD_PRELOAD=\(preload.joined(separator: ":"))",
        ]
        // In the test process's group: if the parent kills the child test run, sway goes with it.
        process = try Subprocess(["/usr/bin/sway", "-c", config], environment: environment,
                                 outputPath: runtimeDirectory + ".log", ownGroup: false)
        let start = Self.now
        while access(socketPath, F_OK) != 0 {
            if !process.isRunning { throw FixtureError("sway exited: \(process.output.suffix(2000))") }
            if Self.now - start > 10 { throw FixtureError("sway made no socket in 10 s: \(process.output.suffix(2000))") }
            var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
            nanosleep(&pause, nil)
        }
    }

    deinit { stop() }

    func stop() {
        process.kill()
        unlink(socketPath)
        unlink(runtimeDirectory + "/wayland-1.lock")
        unlink(runtimeDirectory + "/sway.conf")
        unlink(runtimeDirectory + ".log")
        // sway's IPC socket and anything else it left.
        if let dir = opendir(runtimeDirectory) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { unlink(runtimeDirectory + "/" + name) }
            }
            closedir(dir)
        }
        rmdir(runtimeDirectory)
    }

    /// A screenshot of `rect` (x, y, width, height in output pixels) with grim, as RGB triples.
    func screenshot(x: Int, y: Int, width: Int, height: Int) throws -> [[UInt8]] {
        let path = runtimeDirectory + "/shot.ppm"
        let grim = try Subprocess(["/usr/bin/grim", "-t", "ppm", "-g", "\(x),\(y) \(width)x\(height)", path],
                                  environment: ["PATH=/usr/bin:/bin", "XDG_RUNTIME_DIR=\(runtimeDirectory)", "WAYLAND_DISPLAY=wayland-1"],
                                  outputPath: runtimeDirectory + "/grim.log")
        guard grim.wait(timeout: 10) == 0 else { throw FixtureError("grim failed: \(grim.output)") }
        defer { unlink(path); unlink(runtimeDirectory + "/grim.log") }
        guard let bytes = try? TextFile.readBytes(path) else { throw FixtureError("grim wrote no \(path)") }
        // P6 <w> <h> <max>\n then RGB: find the end of the three header numbers.
        var fields = 0, i = 2
        while fields < 3 && i < bytes.count {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0a { i += 1 }
            while i < bytes.count, bytes[i] != 0x20 && bytes[i] != 0x0a { i += 1 }
            fields += 1
        }
        i += 1
        let pixels = Array(bytes[min(i, bytes.count)...])
        guard pixels.count >= width * height * 3 else { throw FixtureError("short ppm from grim (\(bytes.count) bytes)") }
        return (0..<(width * height)).map { Array(pixels[$0 * 3..<$0 * 3 + 3]) }
    }

    static var now: Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
