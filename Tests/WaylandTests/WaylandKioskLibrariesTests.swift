import ChildProcesses
import ResponderKitTesting
import Testing
import WaylandFixture

#if canImport(Glibc)
import Glibc
#endif

/// A started Wayland kiosk maps no library it does not use (issue 27, start-up): `kiosk-demo`,
/// the one command that picks the best target, runs under the fixture compositor (libwayland-server
/// in this process, over an inherited socket) until its window is mapped and has committed its
/// first frame, and then its `/proc/PID/maps` holds neither libinput, libudev nor libdrm (the
/// panel targets' libraries) nor libspeechd or libespeak-ng (opened at the first word).
/// libwayland-client and libcairo are the controls that the maps are read at all.
@MainActor
@Suite(.serialized)
struct WaylandKioskLibrariesTests {
    static let notMapped = ["libinput.so", "libudev.so", "libdrm.so", "libspeechd.so", "libespeak-ng.so"]

    @Test func aStartedWaylandKioskMapsNoInputDRMOrSpeechLibrary() throws {
        let tool = Subprocess.buildFolder + "kiosk-demo"
        try #require(access(tool, X_OK) == 0, "kiosk-demo is not built beside the tests")
        var fd: Int32 = -1
        let compositor = try #require(wfx_create(0, 7, &fd), "wfx_create failed")
        defer { wfx_destroy(compositor) }
        // The child inherits a copy of the client's end without close-on-exec (as in
        // CompositorKilledTests); ours is closed once it started.
        let inherited = fcntl(fd, F_DUPFD, 100)
        try #require(inherited >= 0, "dup of the client socket failed: \(String(cString: strerror(errno)))")
        close(fd)
        let out = "\(P_tmpdir)/responderkit-wayland-libraries-\(getpid()).txt"
        defer { unlink(out) }
        let child: Subprocess
        do {
            defer { close(inherited) }
            child = try Subprocess(
                [tool, "puzzle", "--seconds", "30"],
                environment: Subprocess.environment(["WAYLAND_SOCKET=\(inherited)", "WAYLAND_DISPLAY="]), outputPath: out)
        }
        defer { child.kill() }
        var state = wfx_state()
        let deadline = HeadlessCompositor.now + 20
        repeat {
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
            wfx_state(compositor, &state)
        } while (state.mapped == 0 || state.commits < 1) && child.isRunning && HeadlessCompositor.now < deadline
        try #require(state.mapped != 0 && state.commits >= 1, "kiosk-demo never mapped its window\n\(child.output.suffix(2000))")
        try #require(child.isRunning, "kiosk-demo exited\n\(child.output.suffix(2000))")
        let maps = try TextFile.read("/proc/\(child.pid)/maps")
        // The file names of the mapped files (a line without a path is anonymous memory).
        let mapped = Set(
            maps.split(separator: "\n").compactMap { line in
                line.firstRange(of: "/") == nil ? nil : line.split(separator: "/").last.map(String.init)
            })
        #expect(mapped.contains { $0.hasPrefix("libwayland-client.so") }, "\(mapped.sorted())")
        #expect(mapped.contains { $0.hasPrefix("libcairo.so") }, "\(mapped.sorted())")
        for library in Self.notMapped {
            #expect(!mapped.contains { $0.hasPrefix(library) }, "kiosk-demo under Wayland maps \(library): \(mapped.sorted())")
        }
    }
}
