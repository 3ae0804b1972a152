import ResponderKit
import Testing
import WaylandBackend
import WaylandFixture

/// wl_pointer → InputEvent: frames (version 5+), axis source, discrete steps (5–7) and value120
/// (8), immediate delivery before version 5, repeated leave, the cursor image.
@MainActor
@Suite struct FixturePointerTests {
    static let BTN_LEFT: UInt32 = 0x110

    @Test func clickDeliversATouchAndSetsTheCursor() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        wfx_pointer_enter(s.fx, 40, 50)
        wfx_pointer_frame(s.fx)
        wfx_pointer_motion(s.fx, 42, 52)
        wfx_pointer_frame(s.fx)
        wfx_pointer_button(s.fx, Self.BTN_LEFT, 1)
        wfx_pointer_frame(s.fx)
        wfx_pointer_button(s.fx, Self.BTN_LEFT, 0)
        wfx_pointer_frame(s.fx)
        s.settle()
        #expect(s.log(EventText.isPointer) == ["pointer 40,50", "pointer 42,52", "button 272 down", "button 272 up"])
        #expect(s.root.log == ["began 42,52", "ended"])
        #expect(s.root.touchTypes == [.indirectPointer])
        try s.waitUntil("the cursor image") { s.state.cursor_sets == 1 && s.state.cursor_has_buffer == 1 }
    }

    @Test func axisEventsOfOneFrameBecomeOneScrollWithValue120() throws {
        let s = try FixtureSession()  // wl_seat 8: axis_value120
        defer { s.shutdown() }
        #expect(s.state.seat_version == 8)
        wfx_pointer_enter(s.fx, 10, 10)
        wfx_pointer_frame(s.fx)
        wfx_pointer_axis_source(s.fx, Int32(WL_POINTER_AXIS_SOURCE_WHEEL_rawValue))
        wfx_pointer_axis_value120(s.fx, 0, 120)
        wfx_pointer_axis(s.fx, 0, 15)
        wfx_pointer_frame(s.fx)
        wfx_pointer_axis_source(s.fx, 1)  // finger
        wfx_pointer_axis(s.fx, 1, -3.5)
        wfx_pointer_axis(s.fx, 0, 2)
        wfx_pointer_frame(s.fx)
        wfx_pointer_axis_stop(s.fx, 0)
        wfx_pointer_frame(s.fx)
        s.settle()
        #expect(s.log(EventText.isPointer) == ["pointer 10,10", "scroll 0.0,15.0 wheel v120 0,120", "scroll -3.5,2.0 finger v120 0,0"])
    }

    @Test func version5SendsDiscreteSteps() throws {
        let s = try FixtureSession(seatVersion: 5)
        defer { s.shutdown() }
        wfx_pointer_enter(s.fx, 10, 10)
        wfx_pointer_frame(s.fx)
        wfx_pointer_axis_source(s.fx, 0)
        wfx_pointer_axis_discrete(s.fx, 0, -2)
        wfx_pointer_axis(s.fx, 0, -30)
        wfx_pointer_frame(s.fx)
        s.settle()
        #expect(s.log(EventText.isPointer) == ["pointer 10,10", "scroll 0.0,-30.0 wheel v120 0,-240"])
    }

    @Test func beforeVersion5EveryEventIsDeliveredAtOnce() throws {
        let s = try FixtureSession(seatVersion: 4)
        defer { s.shutdown() }
        wfx_pointer_enter(s.fx, 10, 10)
        wfx_pointer_axis(s.fx, 0, 10)
        wfx_pointer_button(s.fx, Self.BTN_LEFT, 1)
        wfx_pointer_button(s.fx, Self.BTN_LEFT, 0)
        s.settle()
        #expect(s.log(EventText.isPointer) == ["pointer 10,10", "scroll 0.0,10.0 wheel v120 0,0", "button 272 down", "button 272 up"])
        #expect(s.root.log == ["began 10,10", "ended"])
    }

    @Test func repeatedLeaveAndEventsWithoutEnterAreIgnored() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        wfx_pointer_motion(s.fx, 5, 5)  // no enter yet
        wfx_pointer_button(s.fx, Self.BTN_LEFT, 1)
        wfx_pointer_frame(s.fx)
        wfx_pointer_enter(s.fx, 20, 20)
        wfx_pointer_frame(s.fx)
        wfx_pointer_leave(s.fx)
        wfx_pointer_frame(s.fx)
        wfx_pointer_leave(s.fx)  // again
        wfx_pointer_frame(s.fx)
        s.settle()
        #expect(s.log(EventText.isPointer) == ["pointer 20,20", "pointer leave"])
        #expect(s.root.log.isEmpty)
    }

    @Test func leaveWithAButtonHeldEndsTheClick() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        wfx_pointer_enter(s.fx, 20, 20)
        wfx_pointer_button(s.fx, Self.BTN_LEFT, 1)
        wfx_pointer_frame(s.fx)
        wfx_set_capabilities(s.fx, UInt32(WFX_CAP_KEYBOARD | WFX_CAP_TOUCH))  // the mouse is unplugged
        s.settle()
        #expect(s.log(EventText.isPointer) == ["pointer 20,20", "button 272 down", "pointer leave"])
        #expect(s.root.log.first == "began 20,20")
        #expect(s.root.log.count == 2)  // ended or cancelled: the click does not stay open
    }
}

let WL_POINTER_AXIS_SOURCE_WHEEL_rawValue = 0
