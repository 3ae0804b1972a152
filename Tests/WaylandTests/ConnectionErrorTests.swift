import ChildProcesses
import KioskLoop
import ResponderKit
import Testing
import WaylandBackend
import WaylandFixture

#if canImport(Glibc)
import Glibc
#endif

/// Every way the connection can fail gives a clear error and exit code, never a crash or a hang.
@MainActor
@Suite struct ConnectionErrorTests {
    @Test func noCompositor() {
        do {
            _ = try WaylandDisplay(application: Application(), endpoint: .name("/nonexistent/wayland-responderkit"))
            Issue.record("connected to nothing")
        } catch {
            guard case .noCompositor = error else { Issue.record("unexpected \(error)"); return }
            #expect(error.exitCode == 69)
            #expect(error.description.contains("/nonexistent/wayland-responderkit"))
        }
    }

    @Test func missingXdgWmBase() throws {
        var fd: Int32 = -1
        let fx = try #require(wfx_create(UInt32(WFX_NO_WM_BASE), 0, &fd))
        defer { wfx_destroy(fx) }
        #expect(throws: WaylandError.missingGlobal("xdg_wm_base")) {
            _ = try WaylandDisplay(application: Application(), endpoint: .fileDescriptor(fd))
        }
        #expect(WaylandError.missingGlobal("xdg_wm_base").exitCode == 78)
    }

    @Test func aSocketThatNeverAnswersIsUnresponsiveNotAHang() throws {
        var fds: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[0]) }
        let start = MonotonicClock().now
        #expect(throws: WaylandError.unresponsive(seconds: 0.2)) {
            _ = try WaylandDisplay(application: Application(), endpoint: .fileDescriptor(fds[1]), timeout: 0.2)
        }
        #expect(MonotonicClock().now - start < 2)
        #expect(WaylandError.unresponsive(seconds: 0.2).exitCode == 75)
    }

    @Test func connectsThroughWaylandSocket() throws {
        var fd: Int32 = -1
        let fx = try #require(wfx_create(0, 0, &fd))
        defer { wfx_destroy(fx) }
        setenv("WAYLAND_SOCKET", "\(fd)", 1)
        defer { unsetenv("WAYLAND_SOCKET") }
        let display = try WaylandDisplay(application: Application(), endpoint: .environment)
        defer { display.close() }
        #expect(display.failure == nil)
    }

    @Test func protocolErrorIsReportedOnce() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        var reported: [WaylandError] = []
        s.display.onFailure = { reported.append($0) }
        wfx_touch_down(s.fx, 0, 10, 10)
        wfx_touch_frame(s.fx)
        s.settle()
        wfx_post_error(s.fx, 3, "scripted failure")
        try? s.waitUntil("the error", timeout: 2) { s.display.failure != nil }
        #expect(reported.count == 1)
        guard case let .protocolError(interface, _, code)? = s.display.failure else { Issue.record("no protocol error"); return }
        #expect(interface == "wl_surface" && code == 3)
        #expect(reported.first?.exitCode == 76)
        #expect(s.root.log == ["began 10,10", "cancelled"])  // the open touch does not stay open
        s.frame()  // harmless after failure
        #expect(!s.display.dispatch(timeout: 0.01))
    }

    @Test func compositorGoneStopsTheMainLoop() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        let loop = try MainLoop(application: s.application)
        try loop.add(s.display)
        wfx_touch_down(s.fx, 0, 100, 100)
        wfx_touch_up(s.fx, 0)
        wfx_touch_frame(s.fx)
        // Disconnect from the compositor's side while the loop runs.
        let fx = UInt(bitPattern: s.fx)
        DelayedThread.detach(after: 0.15) { wfx_disconnect_client(OpaquePointer(bitPattern: fx)) }
        let reason = loop.run(until: MonotonicClock().now + 5)
        #expect(reason == .requested)
        #expect(s.root.log == ["began 100,100", "ended"])
        guard case .compositorGone? = s.display.failure else { Issue.record("failure: \(String(describing: s.display.failure))"); return }
        #expect(s.display.failure?.exitCode == 75)
    }

    @Test func demoToolExitsWithTheErrorsCode() throws {
        let tool = Subprocess.buildFolder + "wayland-demo"
        try #require(access(tool, X_OK) == 0, "wayland-demo is not built beside the tests")
        let out = "\(P_tmpdir)/responderkit-wayland-demo-\(getpid()).txt"
        defer { unlink(out) }
        let child = try Subprocess(
            [tool, "--seconds", "1"],
            environment: Subprocess.environment(["WAYLAND_DISPLAY=/nonexistent/wayland-9", "WAYLAND_SOCKET="]),
            outputPath: out)
        #expect(child.wait(timeout: 20) == 69)
        #expect(child.output.contains("no Wayland compositor at /nonexistent/wayland-9"))
        let usage = try Subprocess([tool, "--bogus"], environment: Subprocess.environment([]), outputPath: out)
        #expect(usage.wait(timeout: 20) == 64)
    }
}

/// A plain thread that runs `body` after a delay (the compositor's side acting during a run loop).
enum DelayedThread {
    static func detach(after seconds: Double, _ body: @escaping @Sendable () -> Void) {
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Void; let delay: Double; init(_ b: @escaping @Sendable () -> Void, _ d: Double) { body = b; delay = d }
        }
        let box = Unmanaged.passRetained(Box(body, seconds)).toOpaque()
        var thread = pthread_t()
        pthread_create(
            &thread, nil,
            { raw in
                let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
                var pause = timespec(tv_sec: Int(box.delay), tv_nsec: Int((box.delay - Double(Int(box.delay))) * 1e9))
                nanosleep(&pause, nil)
                box.body()
                return nil
            }, box)
        pthread_detach(thread)
    }
}
