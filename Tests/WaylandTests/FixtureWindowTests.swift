import ResponderKit
import Testing
import WaylandBackend
import WaylandFixture

#if canImport(Glibc)
import Glibc
#endif

/// The xdg toplevel against the fixture compositor: configure/ack, size, fullscreen, close, ping,
/// scale from outputs.
@MainActor
@Suite struct FixtureWindowTests {
    static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    @Test func mapsFullscreenWindowWithTitleAndAppID() throws {
        let s = try FixtureSession(options: WindowOptions(title: "Kiosk", appID: "kiosk.app"))
        defer { s.shutdown() }
        let st = s.state
        #expect(st.fullscreen_requested == 1)
        #expect(Self.text(st.title) == "Kiosk")
        #expect(Self.text(st.app_id) == "kiosk.app")
        #expect(st.buffer_w == 1280 && st.buffer_h == 800)
        #expect(st.acked_serial == st.configure_serial)
        #expect(s.surface.isFullscreen)
        #expect(s.window.bounds == Rect(x: 0, y: 0, width: 1280, height: 800))
        #expect(s.scene.screenBounds.size == Size(width: 1280, height: 800))
    }

    @Test func windowedKeepsItsOwnSizeWhenTheCompositorLetsItChoose() throws {
        let options = WindowOptions(fullscreen: false, size: Size(width: 640, height: 480))
        let s = try FixtureSession(options: options, configure: (0, 0))
        defer { s.shutdown() }
        #expect(s.state.fullscreen_requested == 0)
        #expect(s.state.buffer_w == 640 && s.state.buffer_h == 480)
        #expect(!s.surface.isFullscreen)
    }

    @Test func configureResizesTheWindowAndRelaysOut() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        wfx_configure(s.fx, 800, 600, 1)
        try s.waitUntil("the new buffer") { s.state.buffer_w == 800 && s.state.buffer_h == 600 }
        #expect(s.window.bounds.size == Size(width: 800, height: 600))
        #expect(s.root.frame == Rect(x: 0, y: 0, width: 800, height: 600))  // the window's layout pass
        #expect(s.state.acked_serial == s.state.configure_serial)
    }

    /// xdg-shell applies an acknowledged configure only at the next commit; a compositor waits for
    /// it (sway up to 200 ms before it shows the window). A configure for the size already drawn
    /// (here: the fullscreen state again, and then leaving fullscreen at the same size) needs no
    /// new frame, but its ack must still be followed by a commit.
    @Test func everyAcknowledgedConfigureIsFollowedByACommit() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        #expect(s.state.applied_serial == s.state.configure_serial)
        let framesBefore = s.surface.committedFrames
        for fullscreen: Int32 in [1, 0, 1] {
            wfx_configure(s.fx, 1280, 800, fullscreen)
            let serial = s.state.configure_serial
            try s.waitUntil("the commit after ack_configure(\(serial))") { s.state.applied_serial == serial }
            #expect(s.state.acked_serial == serial)
            #expect(s.surface.isFullscreen == (fullscreen == 1))
        }
        #expect(s.surface.committedFrames == framesBefore)  // no repaint for the same size
        wfx_configure(s.fx, 1024, 600, 1)
        let resized = s.state.configure_serial
        try s.waitUntil("the resized frame") { s.state.buffer_w == 1024 && s.state.applied_serial == resized }
    }

    @Test func closeRequestClosesTheWindowByDefault() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        wfx_close(s.fx)
        try s.waitUntil("the toplevel to go") { s.state.toplevel_destroyed != 0 }
        #expect(s.surface.isClosed)
        #expect(s.display.windows.isEmpty)
        #expect(s.window.isHidden)
    }

    /// Issue 27: on SIGTERM the app destroyed its window and then created, committed and
    /// destroyed its 12×19 cursor surface (the cursor was made lazily, and `close()` asked for it
    /// to destroy it). Nothing is created after the toplevel is gone, whether the pointer ever
    /// entered (the cursor exists and is only destroyed) or not.
    @Test(arguments: [false, true])
    func noSurfaceIsCreatedAfterTheToplevelIsDestroyed(pointerEntered: Bool) throws {
        let s = try FixtureSession(holdsClientSocket: true)
        defer { s.shutdown() }
        if pointerEntered {
            wfx_pointer_enter(s.fx, 10, 10)
            wfx_pointer_frame(s.fx)
            try s.waitUntil("the cursor image") { s.state.cursor_sets == 1 }
        }
        let surfacesBefore = s.state.surfaces_created
        #expect(surfacesBefore == (pointerEntered ? 2 : 1), "the toplevel, and the cursor once the pointer entered")
        s.surface.close()  // what the host does on SIGTERM, then the backend closes the display
        s.display.close()
        // The compositor's thread serves the requests; wait for it (2 ms steps, 3 s at most).
        let deadline = MonotonicClock().now + 3
        var step = timespec(tv_sec: 0, tv_nsec: 2_000_000)
        while s.state.toplevel_destroyed == 0 && MonotonicClock().now < deadline { nanosleep(&step, nil) }
        #expect(s.state.toplevel_destroyed != 0, "the compositor saw the teardown")
        var rest = timespec(tv_sec: 0, tv_nsec: 50_000_000)  // the rest of the same write
        nanosleep(&rest, nil)
        #expect(s.state.surfaces_created_after_toplevel_destroyed == 0)
        #expect(s.state.surfaces_created == surfacesBefore)
    }

    @Test func closeRequestCanBeHandledByTheApp() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        var asked = 0
        s.surface.onCloseRequest = { _ in asked += 1 }
        wfx_close(s.fx)
        try s.waitUntil("the close request") { asked == 1 }
        #expect(!s.surface.isClosed)
    }

    @Test func answersPings() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        wfx_ping(s.fx, 4242)
        try s.waitUntil("the pong") { s.state.last_pong == 4242 }
        #expect(s.display.pingsAnswered == 1)
    }

    @Test func outputScaleSetsTheBufferScaleAndInputStaysLogical() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        let output = wfx_output_add(s.fx, 2, 2560, 1600)
        try s.roundtrip()
        wfx_surface_enter(s.fx, output)
        try s.waitUntil("the new scale") { s.surface.scale == 2 }
        wfx_frame_done(s.fx)  // the compositor's next repaint: the frame may go
        try s.waitUntil("the scale-2 buffer") { s.state.buffer_w == 2560 && s.state.buffer_scale == 2 }
        #expect(s.surface.scale == 2)
        #expect(s.state.buffer_h == 1600)
        wfx_touch_down(s.fx, 0, 100, 50)
        wfx_touch_frame(s.fx)
        s.settle()
        #expect(s.root.log == ["began 100,50"])
        wfx_touch_up(s.fx, 0)
        wfx_touch_frame(s.fx)
        // The output goes away at runtime: back to scale 1.
        wfx_output_remove(s.fx, output)
        try s.waitUntil("the scale back to 1") { s.surface.scale == 1 }
        wfx_frame_done(s.fx)
        try s.waitUntil("the scale-1 buffer") { s.state.buffer_w == 1280 && s.state.buffer_scale == 1 }
        #expect(s.surface.scale == 1)
    }
}
