import RecordingViews
import ResponderKit
import Testing
import WaylandBackend
import WaylandFixture

/// Wayland scroll streams: `axis_source` (finger, wheel, continuous), `axis_stop` (the end of a
/// finger scroll → the core's zero-length stop, so the pan ends on it, not after the quiet
/// period), and wheels' value120 — through the real WaylandBackend into a pan recognizer.
@MainActor
@Suite struct FixtureScrollTests {
    static let vertical: Int32 = 0, horizontal: Int32 = 1
    static let wheel: Int32 = 0, finger: Int32 = 1, continuous: Int32 = 2

    /// A pan taking `mask` on a 400 × 400 view, with the cursor over it.
    static func panView(_ s: FixtureSession, _ mask: ScrollTypeMask) -> (PanGestureRecognizer, GestureRecorder) {
        let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let pan = PanGestureRecognizer()
        pan.allowedScrollTypesMask = mask
        let recorder = GestureRecorder(pan) { ($0 as? PanGestureRecognizer)?.translation(in: nil).y ?? .nan }
        view.addGestureRecognizer(pan)
        s.root.addSubview(view)
        wfx_pointer_enter(s.fx, 50, 50)
        wfx_pointer_frame(s.fx)
        return (pan, recorder)
    }

    static func scrollFrame(_ s: FixtureSession, source: Int32, dy: Double) {
        wfx_pointer_axis_source(s.fx, source)
        wfx_pointer_axis(s.fx, vertical, dy)
        wfx_pointer_frame(s.fx)
    }

    static func scrolls(_ s: FixtureSession) -> [String] {
        s.log { if case .scroll = $0.kind { true } else { false } }
    }

    /// A finger scroll ends the pan while the stop is handled: the ended action runs inside the
    /// `handle` of the routed stop (observers run after it), well before the 0.1 s quiet period.
    @Test func axisStopEndsAFingerScrollAtOnce() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        let (pan, recorder) = Self.panView(s, .continuous)
        var endedAt: (routed: Int, time: Double)?
        recorder.onAction = { recognizer in
            if recognizer.state == .ended { endedAt = (s.routed.count, s.application.clock.now) }
        }
        Self.scrollFrame(s, source: Self.finger, dy: 5)
        Self.scrollFrame(s, source: Self.finger, dy: 7)
        s.settle()
        #expect(recorder.log == ["began", "changed"])
        #expect(pan.state == .changed, "no stop yet: the stream is open")
        wfx_pointer_axis_source(s.fx, Self.finger)
        wfx_pointer_axis_stop(s.fx, Self.vertical)
        wfx_pointer_frame(s.fx)
        s.settle()
        #expect(Self.scrolls(s) == ["scroll 0.0,5.0 finger v120 0,0", "scroll 0.0,7.0 finger v120 0,0", "scroll 0.0,0.0 finger v120 0,0"])
        #expect(recorder.log == ["began", "changed", "ended"])
        #expect(recorder.values == [-5, -12, -12])
        let stopIndex = try #require(s.routed.lastIndex { if case .scroll = $0.kind { true } else { false } })
        #expect(endedAt?.routed == stopIndex, "the pan ended while the stop was being handled")
        if let endedAt {
            #expect(
                endedAt.time - s.routed[stopIndex].timestamp < IndirectGestureSessionQuietPeriod.seconds,
                "ended \(endedAt.time - s.routed[stopIndex].timestamp) s after the stop")
        }
    }

    /// Fingers resting mid-scroll (no events for half a second) do not end a finger stream: only
    /// its stop does (the core's guard for a source that never stops is 1 s, not the wheels' 0.1 s).
    @Test func fingersRestingMidScrollKeepTheStream() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        let (pan, recorder) = Self.panView(s, .continuous)
        Self.scrollFrame(s, source: Self.finger, dy: 5)
        s.settle()
        let scrolled = try #require(s.routed.last).timestamp
        _ = s.application.timers.fireDue(now: scrolled + 0.5)
        #expect(pan.state == .began, "still scrolling after 0.5 s of rest")
        Self.scrollFrame(s, source: Self.finger, dy: 3)
        wfx_pointer_axis_source(s.fx, Self.finger)
        wfx_pointer_axis_stop(s.fx, Self.vertical)
        wfx_pointer_frame(s.fx)
        s.settle()
        #expect(recorder.log == ["began", "changed", "ended"])
        #expect(recorder.values == [-5, -8, -8])
    }

    /// A continuous source (a trackpoint's button scrolling) that sends `axis_stop` ends the same way.
    @Test func continuousSourceStops() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        let (_, recorder) = Self.panView(s, .continuous)
        Self.scrollFrame(s, source: Self.continuous, dy: 4)
        wfx_pointer_axis_stop(s.fx, Self.vertical)  // no axis_source in the stop's frame
        wfx_pointer_frame(s.fx)
        s.settle()
        #expect(Self.scrolls(s) == ["scroll 0.0,4.0 continuous v120 0,0", "scroll 0.0,0.0 continuous v120 0,0"])
        #expect(recorder.log == ["began", "ended"])
    }

    /// A stream that scrolled on both axes ends when both stopped; a frame with only
    /// `axis_source` delivers nothing.
    @Test func bothAxesMustStop() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        let (_, recorder) = Self.panView(s, .continuous)
        wfx_pointer_axis_source(s.fx, Self.finger)
        wfx_pointer_axis(s.fx, Self.vertical, 3)
        wfx_pointer_axis(s.fx, Self.horizontal, 2)
        wfx_pointer_frame(s.fx)
        wfx_pointer_axis_source(s.fx, Self.finger)
        wfx_pointer_axis_stop(s.fx, Self.vertical)
        wfx_pointer_frame(s.fx)
        wfx_pointer_axis_source(s.fx, Self.finger)
        wfx_pointer_frame(s.fx)
        s.settle()
        #expect(Self.scrolls(s) == ["scroll 2.0,3.0 finger v120 0,0"])
        #expect(recorder.log == ["began"])
        wfx_pointer_axis_source(s.fx, Self.finger)
        wfx_pointer_axis_stop(s.fx, Self.horizontal)
        wfx_pointer_frame(s.fx)
        s.settle()
        #expect(Self.scrolls(s) == ["scroll 2.0,3.0 finger v120 0,0", "scroll 0.0,0.0 finger v120 0,0"])
        #expect(recorder.log == ["began", "ended"])
    }

    /// Wheels carry value120 and never stop: their stream stays open for the core's quiet
    /// period (which the test's loop-less session never ends), so no zero-length event appears.
    @Test func wheelsCarryValue120AndNoStop() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        let (pan, recorder) = Self.panView(s, .discrete)
        wfx_pointer_axis_source(s.fx, Self.wheel)
        wfx_pointer_axis_value120(s.fx, Self.vertical, 120)
        wfx_pointer_axis(s.fx, Self.vertical, 15)
        wfx_pointer_frame(s.fx)
        s.settle()
        #expect(Self.scrolls(s) == ["scroll 0.0,15.0 wheel v120 0,120"])
        #expect(recorder.log == ["began"])
        #expect(pan.state == .began)
        _ = s.application.timers.fireDue(now: s.application.clock.now + IndirectGestureSessionQuietPeriod.seconds + 0.01)
        #expect(recorder.log == ["began", "ended"], "the quiet period ends a wheel's stream")
    }
}

/// The core's quiet period for scroll streams without a stop (`IndirectGestureSession.scrollQuietPeriod`, internal).
enum IndirectGestureSessionQuietPeriod { static let seconds = 0.1 }
