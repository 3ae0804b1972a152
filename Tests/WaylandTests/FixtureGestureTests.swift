import RecordingViews
import ResponderKit
import Testing
import WaylandBackend
import WaylandFixture

/// zwp_pointer_gestures_v1 → `touchpadGesture` InputEvents → the core's recognizers, through the
/// real WaylandBackend and the fixture compositor: a pinch (absolute scale, clockwise rotation
/// deltas in degrees) drives pinch and rotation recognizers, a swipe drives a pan, a cancelled
/// pinch cancels, holds (version 3), and the gesture objects come and go with the pointer.
@MainActor
@Suite struct FixtureGestureTests {
    /// A 400 × 400 view under the cursor with a pinch and a rotation recognizer that may
    /// recognize together, and recorders of their scale and rotation.
    @MainActor
    final class PinchView {
        let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        let delegate = Simultaneous()
        let scales: GestureRecorder
        let rotations: GestureRecorder

        init(in session: FixtureSession) {
            scales = GestureRecorder(pinch) { ($0 as? PinchGestureRecognizer)?.scale ?? .nan }
            rotations = GestureRecorder(rotation) { ($0 as? RotationGestureRecognizer)?.rotation ?? .nan }
            pinch.delegate = delegate
            view.addGestureRecognizer(pinch)
            view.addGestureRecognizer(rotation)
            session.root.addSubview(view)
        }
    }

    static func gestures(_ s: FixtureSession) -> [TouchpadGesture] {
        s.routed.compactMap { if case let .touchpadGesture(g) = $0.kind { g } else { nil } }
    }

    static func enter(_ s: FixtureSession) {
        wfx_pointer_enter(s.fx, 100, 100)
        wfx_pointer_frame(s.fx)
    }

    /// Begin, updates to scale 2.0 turning 30° clockwise in all, end: the pinch recognizer
    /// begins, changes and ends at scale 2.0, the rotation one at π/6 radians.
    @Test func pinchDrivesPinchAndRotationRecognizers() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        #expect(s.state.gestures_version == 3)
        #expect(s.state.gesture_objects == 3, "swipe, pinch and hold for the seat's pointer")
        let p = PinchView(in: s)
        Self.enter(s)
        wfx_pinch_begin(s.fx, 2)
        wfx_pinch_update(s.fx, 1, 0, 1.25, 10)
        wfx_pinch_update(s.fx, 1, 0, 1.5, 10)
        wfx_pinch_update(s.fx, 0, 1, 2.0, 10)
        wfx_pinch_end(s.fx, 0)
        s.settle()
        #expect(p.scales.log == ["began", "changed", "changed", "ended"])
        #expect(abs((p.scales.values.last ?? 0) - 2.0) < 0.01, "\(p.scales.values)")
        #expect(p.rotations.log == ["began", "changed", "changed", "ended"])
        #expect(abs((p.rotations.values.last ?? 0) - Double.pi / 6) < 0.001, "\(p.rotations.values)")
        let routed = Self.gestures(s)
        #expect(routed.map(\.phase) == [.began, .changed, .changed, .changed, .ended])
        #expect(routed.allSatisfy { $0.kind == .pinch && $0.fingers == 2 })
        #expect(routed.map(\.scale) == [1, 1.25, 1.5, 2.0, 2.0], "end repeats the last scale, as libinput's PINCH_END does")
        #expect(routed.map(\.rotation) == [0, 10, 10, 10, 0])
        #expect(s.application.lastTouchpadGesture?.phase == .ended)
        #expect(s.root.log.isEmpty, "a touchpad pinch is not a touch")
    }

    /// `cancelled` = 1 at the end: the recognizers are cancelled.
    @Test func cancelledPinchCancelsTheRecognizers() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        let p = PinchView(in: s)
        Self.enter(s)
        wfx_pinch_begin(s.fx, 2)
        wfx_pinch_update(s.fx, 0, 0, 1.5, 5)
        wfx_pinch_end(s.fx, 1)
        s.settle()
        #expect(p.scales.log == ["began", "cancelled"])
        #expect(p.rotations.log == ["began", "cancelled"])
        #expect(Self.gestures(s).last == TouchpadGesture(kind: .pinch, phase: .cancelled, fingers: 2, scale: 1.5))
    }

    /// A three-finger swipe drives a pan on the view under the cursor by its deltas.
    @Test func swipeDrivesAPan() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let pan = PanGestureRecognizer()
        let translations = GestureRecorder(pan) { ($0 as? PanGestureRecognizer)?.translation(in: nil).x ?? .nan }
        view.addGestureRecognizer(pan)
        s.root.addSubview(view)
        Self.enter(s)
        wfx_swipe_begin(s.fx, 3)
        wfx_swipe_update(s.fx, 20, 5)
        wfx_swipe_update(s.fx, 10.5, 0)
        wfx_swipe_end(s.fx, 0)
        s.settle()
        #expect(translations.log == ["began", "changed", "ended"])
        #expect(pan.translation(in: nil) == .zero, "reset after ending")
        #expect(translations.values.last == 30.5)
        let routed = Self.gestures(s)
        #expect(routed.map(\.phase) == [.began, .changed, .changed, .ended])
        #expect(routed.allSatisfy { $0.kind == .swipe && $0.fingers == 3 && $0.scale == 1 })
        #expect(routed.map(\.dx) == [0, 20, 10.5, 0] && routed.map(\.dy) == [0, 5, 0, 0])
    }

    /// Holds arrive from version 3; a version 1 manager has no hold object and is destroyed, not
    /// released.
    @Test func holdNeedsVersion3() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        Self.enter(s)
        wfx_hold_begin(s.fx, 2)
        wfx_hold_end(s.fx, 1)
        s.settle()
        #expect(
            Self.gestures(s) == [
                TouchpadGesture(kind: .hold, phase: .began, fingers: 2),
                TouchpadGesture(kind: .hold, phase: .cancelled, fingers: 2)
            ])

        let old = try FixtureSession(flags: UInt32(WFX_POINTER_GESTURES_V1))
        defer { old.shutdown() }
        #expect(old.state.gestures_version == 1)
        #expect(old.state.gesture_objects == 2)
        Self.enter(old)
        wfx_pinch_begin(old.fx, 2)
        wfx_pinch_update(old.fx, 0, 0, 0.5, -3)
        wfx_pinch_end(old.fx, 0)
        old.settle()
        #expect(Self.gestures(old).map(\.scale) == [1, 0.5, 0.5])
        #expect(Self.gestures(old).map(\.rotation) == [0, -3, 0])
    }

    /// Without the global nothing is bound and the pointer still works.
    @Test func compositorWithoutPointerGestures() throws {
        let s = try FixtureSession(flags: UInt32(WFX_NO_POINTER_GESTURES))
        defer { s.shutdown() }
        #expect(s.state.gestures_version == 0 && s.state.gesture_objects_created == 0)
        Self.enter(s)
        s.settle()
        #expect(s.log(EventText.isPointer) == ["pointer 100,100"])
        let pointers = s.application.devices.values.filter { $0.capabilities.contains(.pointer) }
        #expect(pointers.count == 1 && pointers.allSatisfy { !$0.capabilities.contains(.touchpadGestures) })
    }

    /// The pointer capability goes away mid-pinch: the pinch ends as cancelled, the gesture
    /// objects are destroyed; when it comes back, new ones are made.
    @Test func gestureObjectsFollowThePointer() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        let pointers = s.application.devices.values.filter { $0.capabilities.contains(.pointer) }
        #expect(pointers.count == 1 && pointers.allSatisfy { $0.capabilities.contains(.touchpadGestures) })
        let p = PinchView(in: s)
        Self.enter(s)
        wfx_pinch_begin(s.fx, 2)
        wfx_pinch_update(s.fx, 0, 0, 1.4, 0)
        s.settle()
        wfx_set_capabilities(s.fx, UInt32(WFX_CAP_KEYBOARD | WFX_CAP_TOUCH))
        try s.waitUntil("the gesture objects destroyed") { s.state.gesture_objects == 0 }
        #expect(p.scales.log == ["began", "cancelled"])
        #expect(Self.gestures(s).last?.phase == .cancelled)
        wfx_set_capabilities(s.fx, UInt32(WFX_CAP_POINTER | WFX_CAP_KEYBOARD | WFX_CAP_TOUCH))
        try s.waitUntil("new gesture objects") { s.state.gesture_objects == 3 }
        #expect(s.state.gesture_objects_created == 6)
    }

    /// The compositor goes away mid-pinch: the pinch is cancelled, nothing stays open.
    @Test func lostConnectionCancelsAnOpenPinch() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        let p = PinchView(in: s)
        Self.enter(s)
        wfx_pinch_begin(s.fx, 2)
        wfx_pinch_update(s.fx, 0, 0, 1.5, 4)
        s.settle()
        wfx_disconnect_client(s.fx)
        try? s.waitUntil("the failure") { s.display.failure != nil }
        #expect(s.display.failure != nil)
        #expect(p.scales.log == ["began", "cancelled"])
        #expect(p.rotations.log == ["began", "cancelled"])
        #expect(!s.application.hasOpenInput)
    }
}

/// Lets every pair of recognizers recognize together (pinch with rotation, as apps set it up).
@MainActor
final class Simultaneous: GestureRecognizerDelegate {
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
}
