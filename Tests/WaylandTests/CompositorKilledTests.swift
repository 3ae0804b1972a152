import ChildProcesses
import Prerequisites
import Testing
import WaylandFixture

#if canImport(Glibc)
import Glibc
#endif

/// The compositor dies mid-session: the kiosk app (a separate process, as in production) must
/// exit NON-ZERO (75, `EX_TEMPFAIL`, "the compositor went away" — a supervisor restarts it)
/// with a clear message, and never hang. Every wait is bounded.
@MainActor
@Suite(.serialized)
struct CompositorKilledTests {
    /// The app's lines that say why it stopped.
    static func expectClearExit(_ status: Int32?, _ output: String, _ what: String) {
        #expect(status != nil, "\(what): the app did not exit within 10 s of losing its compositor\n\(output.suffix(2000))")
        #expect(status == 75, "\(what): exit status \(String(describing: status)), expected 75\n\(output.suffix(2000))")
        #expect(
            output.contains("the Wayland compositor went away"),
            "\(what): no clear message\n\(output.suffix(2000))")
    }

    /// Real sway as nobody (see `NobodyChild`) with `puzzle-demo` as an ordinary client of its
    /// socket; after its first presented frame and a tap, sway gets SIGKILL (no goodbye on the
    /// socket: the kernel closes it).
    @Test(
        .enabled(if: HeadlessCompositor.Kind.sway.shouldRun, "sway, grim or umockdev is not installed (Tools/setup.sh installs them)"),
        .enabled(if: Prerequisite.uninstrumentedBuild.isPresent, "a sanitized build: the compositor and setpriv cannot preload the instrumented shims"))
    func killingSwayMakesTheKioskExitNonZero() throws {
        try HeadlessCompositor.Kind.sway.requireInstalled()
        try NobodyChild.run("CompositorKilledTests", "killingSwayMakesTheKioskExitNonZero()") {
            let kiosk = try KioskUnderCompositor(.sway, executable: "puzzle-demo")
            defer { kiosk.stop() }
            let compositor = kiosk.compositor
            let app = try #require(compositor.app)
            let after = try DemoEndToEndTests.waitForLine(compositor, after: 0, "the first presented frame") { $0.hasPrefix("presented frame ") }
            let (x, y) = kiosk.devicePoint(.init(x: 640, y: 400))
            try DemoEndToEndTests.tap(testbed: kiosk.testbed, touch: kiosk.touch, x: x, y: y)
            _ = try DemoEndToEndTests.waitForLine(compositor, after: after, "a frame after the tap") { $0.hasPrefix("presented frame ") }
            #expect(app.isRunning)
            compositor.process.send(SIGKILL)
            let status = app.wait(timeout: 10)
            if status == nil { app.kill() }
            Self.expectClearExit(status, app.output, "sway killed")
        }
    }

    /// The fixture compositor (libwayland-server in this process) serves `wayland-demo` in a child
    /// over an inherited socket (`WAYLAND_SOCKET`); once the app has committed frames, the
    /// compositor drops the connection, as its process dying would. Runs without sway, and under
    /// the sanitizers.
    @Test func theFixtureCompositorGoingAwayMakesTheDemoExitNonZero() throws {
        let tool = Subprocess.buildFolder + "wayland-demo"
        try #require(access(tool, X_OK) == 0, "wayland-demo is not built beside the tests")
        var fd: Int32 = -1
        let compositor = try #require(wfx_create(0, 7, &fd), "wfx_create failed")
        defer { wfx_destroy(compositor) }
        // The child inherits a copy of the client's end without close-on-exec; ours is closed
        // once it started, so only the child holds the connection.
        let inherited = fcntl(fd, F_DUPFD, 100)
        try #require(inherited >= 0, "dup of the client socket failed: \(String(cString: strerror(errno)))")
        close(fd)
        let out = "\(P_tmpdir)/responderkit-compositor-killed-\(getpid()).txt"
        defer { unlink(out) }
        let child: Subprocess
        do {
            defer { close(inherited) }
            child = try Subprocess(
                [tool, "--seconds", "30"],
                environment: Subprocess.environment(["WAYLAND_SOCKET=\(inherited)", "WAYLAND_DISPLAY="]), outputPath: out)
        }
        defer { child.kill() }
        // Mid-session: the window is mapped and has committed frames.
        var state = wfx_state()
        let deadline = HeadlessCompositor.now + 20
        repeat {
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
            wfx_state(compositor, &state)
        } while (state.mapped == 0 || state.commits < 1) && child.isRunning && HeadlessCompositor.now < deadline
        try #require(state.mapped != 0 && state.commits >= 1, "the demo never mapped its window\n\(child.output.suffix(2000))")
        #expect(child.isRunning)
        wfx_disconnect_client(compositor)
        let status = child.wait(timeout: 10)
        Self.expectClearExit(status, child.output, "the fixture compositor gone")
    }
}
