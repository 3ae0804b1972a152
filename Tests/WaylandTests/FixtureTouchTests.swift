import ResponderKit
import Testing
import WaylandBackend
import WaylandFixture

/// wl_touch → InputEvent, exact sequences including what real compositors get wrong.
@MainActor
@Suite struct FixtureTouchTests {
    static let touchOnly: (InputEvent) -> Bool = EventText.isTouch

    @Test func downMotionUpInFrames() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        wfx_touch_down(s.fx, 0, 60, 70)
        wfx_touch_frame(s.fx)
        wfx_touch_motion(s.fx, 0, 65.5, 75)
        wfx_touch_frame(s.fx)
        wfx_touch_up(s.fx, 0)
        wfx_touch_frame(s.fx)
        s.settle()
        #expect(s.log(Self.touchOnly) == ["down 0 60,70", "frame", "motion 0 66,75", "frame", "up 0", "frame"])
        #expect(s.root.log == ["began 60,70", "moved", "ended"])
        #expect(s.root.touchTypes == [.direct])
    }

    @Test func twoFingersInOneFrameAndShapeGivesTheRadius() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        wfx_touch_down(s.fx, 3, 100, 100)
        wfx_touch_shape(s.fx, 3, 20, 10)
        wfx_touch_orientation(s.fx, 3, 45)  // accepted, no core field
        wfx_touch_down(s.fx, 7, 300, 200)
        wfx_touch_frame(s.fx)
        wfx_touch_shape(s.fx, 7, 30, 10)  // shape alone: a motion with the radius
        wfx_touch_frame(s.fx)
        wfx_touch_up(s.fx, 3)
        wfx_touch_up(s.fx, 7)
        wfx_touch_frame(s.fx)
        s.settle()
        #expect(
            s.log(Self.touchOnly) == [
                "down 3 100,100 r10.0", "down 7 300,200", "frame", "motion 7 300,200 r15.0", "frame",
                "up 3", "up 7", "frame"
            ])
        #expect(s.root.count("began") == 2)
        #expect(s.root.count("ended") == 2)
        #expect(s.root.radii.contains(10))
    }

    @Test func touchWithoutFramesStillArrives() throws {
        // cage 0.1.4 never sends wl_touch.frame: each dispatch ends with a synthesized one.
        let s = try FixtureSession()
        defer { s.shutdown() }
        wfx_touch_down(s.fx, 0, 10, 20)
        s.settle()
        #expect(s.root.log == ["began 10,20"])
        wfx_touch_motion(s.fx, 0, 12, 22)
        s.settle()
        wfx_touch_up(s.fx, 0)
        s.settle()
        #expect(s.root.log == ["began 10,20", "moved", "ended"])
        #expect(s.log(Self.touchOnly) == ["down 0 10,20", "frame", "motion 0 12,22", "frame", "up 0", "frame"])
    }

    @Test func cancelEndsEveryOpenTouch() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        wfx_touch_down(s.fx, 0, 10, 10)
        wfx_touch_down(s.fx, 1, 20, 20)
        wfx_touch_frame(s.fx)
        wfx_touch_cancel(s.fx)
        // The compositor keeps talking about the cancelled ids: ignored.
        wfx_touch_motion(s.fx, 0, 11, 11)
        wfx_touch_up(s.fx, 1)
        wfx_touch_frame(s.fx)
        s.settle()
        #expect(s.root.count("cancelled") == 2)
        #expect(s.root.count("moved") == 0 && s.root.count("ended") == 0)
        #expect(s.log(Self.touchOnly) == ["down 0 10,10", "down 1 20,20", "frame", "cancel all"])
    }

    @Test func unknownIdsAndStrayFramesAreIgnored() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        wfx_touch_motion(s.fx, 9, 1, 1)
        wfx_touch_up(s.fx, 9)
        wfx_touch_frame(s.fx)
        wfx_touch_frame(s.fx)
        s.settle()
        #expect(s.log(Self.touchOnly).isEmpty)
        #expect(s.root.log.isEmpty)
    }

    @Test func touchCapabilityVanishingMidTouchCancelsIt() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        wfx_touch_down(s.fx, 0, 10, 10)
        wfx_touch_frame(s.fx)
        wfx_set_capabilities(s.fx, UInt32(WFX_CAP_POINTER | WFX_CAP_KEYBOARD))
        s.settle()
        #expect(s.root.log == ["began 10,10", "cancelled"])
        #expect(s.log { if case .deviceRemoved = $0.kind { true } else { false } } == ["removed"])
        // …and coming back is a new device that works.
        wfx_set_capabilities(s.fx, UInt32(WFX_CAP_POINTER | WFX_CAP_KEYBOARD | WFX_CAP_TOUCH))
        try s.waitUntil("the touch to be bound again") { s.state.touch_bound == 2 }
        wfx_touch_down(s.fx, 0, 30, 30)
        wfx_touch_up(s.fx, 0)
        wfx_touch_frame(s.fx)
        s.settle()
        #expect(s.root.log == ["began 10,10", "cancelled", "began 30,30", "ended"])
    }
}
