import CWayland
import CXdgShell
import ResponderKit

/// A seat pointer's touchpad gestures from `zwp_pointer_gestures_v1` (pointer-gestures-unstable-v1)
/// → `touchpadGesture` events, the same ones LibinputBackend makes of libinput's
/// `LIBINPUT_EVENT_GESTURE_*` for the same physical gesture (compositors forward libinput's values):
///
/// - swipe (`zwp_pointer_gestures_v1_get_swipe_gesture`): `begin` → `.began` with the finger count,
///   `update` → `.changed` with `dx`/`dy` (surface coordinates, like libinput's accelerated deltas),
///   `end` → `.ended`, or `.cancelled` when its `cancelled` argument is 1.
/// - pinch (`zwp_pointer_gestures_v1_get_pinch_gesture`): as swipe, and `update`'s `scale` is
///   absolute since `begin` (libinput's `libinput_event_gesture_get_scale`), `rotation` the
///   clockwise angle in degrees since the previous update (libinput's
///   `libinput_event_gesture_get_angle_delta`). `begin` carries scale 1; `end` carries the last
///   update's scale, as libinput's PINCH_END does.
/// - hold (`zwp_pointer_gestures_v1_get_hold_gesture`, version 3): `begin`/`end` → `.began` and
///   `.ended`/`.cancelled`.
///
/// Events go to the pointer's focused window with the pointer's `InputDeviceID` (libinput reports
/// the gestures on the touchpad, which is also the pointer), so the core finds the cursor it
/// hit-tests the gesture at. The objects are destroyed (`zwp_pointer_gesture_*_v1_destroy`) with
/// the pointer; a gesture still open then ends as cancelled.
@MainActor
final class WaylandPointerGestures {
    unowned let pointer: WaylandPointer
    private var swipe: OpaquePointer?
    private var pinch: OpaquePointer?
    private var hold: OpaquePointer?
    /// The gesture in progress (kind and finger count, which `end` does not repeat).
    private var open: (kind: TouchpadGesture.Kind, fingers: Int)?
    private var lastScale = 1.0

    /// Creates the swipe and pinch objects, and the hold object when the manager is version 3.
    init(manager: OpaquePointer, version: UInt32, pointer: WaylandPointer) {
        self.pointer = pointer
        let data = Unmanaged.passUnretained(self).toOpaque()
        swipe = zwp_pointer_gestures_v1_get_swipe_gesture(manager, pointer.proxy)
        if let swipe { zwp_pointer_gesture_swipe_v1_add_listener(swipe, swipeListener.pointer, data) }
        pinch = zwp_pointer_gestures_v1_get_pinch_gesture(manager, pointer.proxy)
        if let pinch { zwp_pointer_gesture_pinch_v1_add_listener(pinch, pinchListener.pointer, data) }
        if version >= 3 {
            hold = zwp_pointer_gestures_v1_get_hold_gesture(manager, pointer.proxy)
            if let hold { zwp_pointer_gesture_hold_v1_add_listener(hold, holdListener.pointer, data) }
        }
    }

    /// Whether the compositor can send holds (the manager was bound at version 3).
    var hasHold: Bool { hold != nil }

    /// Ends an open gesture as cancelled (the pointer leaves, its window closes, the connection
    /// broke), so the app is not left with a gesture in progress.
    func cancelOpen() {
        guard let current = open else { return }
        open = nil
        deliver(TouchpadGesture(kind: current.kind, phase: .cancelled, fingers: current.fingers, scale: endScale(current.kind)), time: nil)
    }

    /// Ends an open gesture as cancelled, then `zwp_pointer_gesture_{swipe,pinch,hold}_v1_destroy`.
    func release() {
        cancelOpen()
        if let swipe { zwp_pointer_gesture_swipe_v1_destroy(swipe) }
        if let pinch { zwp_pointer_gesture_pinch_v1_destroy(pinch) }
        if let hold { zwp_pointer_gesture_hold_v1_destroy(hold) }
        swipe = nil; pinch = nil; hold = nil
    }

    private var now: Double { pointer.seat.display.application.clock.now }

    private func endScale(_ kind: TouchpadGesture.Kind) -> Double { kind == .pinch ? lastScale : 1 }

    private func deliver(_ gesture: TouchpadGesture, time: UInt32?) {
        guard let window = pointer.focusWindow else { return }
        let timestamp = time.map { WaylandTime.seconds($0, now: now) } ?? now
        pointer.seat.display.deliver(InputEvent(.touchpadGesture(gesture), timestamp: timestamp, device: pointer.id, window: window.window))
    }

    fileprivate func begin(_ kind: TouchpadGesture.Kind, time: UInt32, fingers: UInt32) {
        if let previous = open {  // a begin without an end: the old one did not finish
            deliver(TouchpadGesture(kind: previous.kind, phase: .cancelled, fingers: previous.fingers, scale: endScale(previous.kind)), time: time)
        }
        let count = Int(min(fingers, 32))
        open = (kind, count)
        lastScale = 1
        deliver(TouchpadGesture(kind: kind, phase: .began, fingers: count), time: time)
    }

    fileprivate func update(_ kind: TouchpadGesture.Kind, time: UInt32, dx: Double, dy: Double, scale: Double = 1, rotation: Double = 0) {
        guard let current = open, current.kind == kind, dx.isFinite, dy.isFinite, scale.isFinite, rotation.isFinite else { return }
        if kind == .pinch { lastScale = scale }
        deliver(
            TouchpadGesture(
                kind: kind, phase: .changed, fingers: current.fingers, dx: dx, dy: dy,
                scale: kind == .pinch ? scale : 1, rotation: rotation), time: time)
    }

    fileprivate func end(_ kind: TouchpadGesture.Kind, time: UInt32, cancelled: Bool) {
        guard let current = open, current.kind == kind else { return }
        open = nil
        deliver(TouchpadGesture(kind: kind, phase: cancelled ? .cancelled : .ended, fingers: current.fingers, scale: endScale(kind)), time: time)
    }
}

private func gestures(_ data: UnsafeMutableRawPointer?) -> WaylandPointerGestures? {
    data.map { Unmanaged<WaylandPointerGestures>.fromOpaque($0).takeUnretainedValue() }
}

private let swipeListener = ListenerTable(
    zwp_pointer_gesture_swipe_v1_listener(
        begin: { data, _, _, time, _, fingers in
            guard let g = gestures(data) else { return }
            MainActor.assumeIsolated { g.begin(.swipe, time: time, fingers: fingers) }
        },
        update: { data, _, time, dx, dy in
            guard let g = gestures(data) else { return }
            MainActor.assumeIsolated { g.update(.swipe, time: time, dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy)) }
        },
        end: { data, _, _, time, cancelled in
            guard let g = gestures(data) else { return }
            MainActor.assumeIsolated { g.end(.swipe, time: time, cancelled: cancelled != 0) }
        }))

private let pinchListener = ListenerTable(
    zwp_pointer_gesture_pinch_v1_listener(
        begin: { data, _, _, time, _, fingers in
            guard let g = gestures(data) else { return }
            MainActor.assumeIsolated { g.begin(.pinch, time: time, fingers: fingers) }
        },
        update: { data, _, time, dx, dy, scale, rotation in
            guard let g = gestures(data) else { return }
            MainActor.assumeIsolated {
                g.update(
                    .pinch, time: time, dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy),
                    scale: wl_fixed_to_double(scale), rotation: wl_fixed_to_double(rotation))
            }
        },
        end: { data, _, _, time, cancelled in
            guard let g = gestures(data) else { return }
            MainActor.assumeIsolated { g.end(.pinch, time: time, cancelled: cancelled != 0) }
        }))

private let holdListener = ListenerTable(
    zwp_pointer_gesture_hold_v1_listener(
        begin: { data, _, _, time, _, fingers in
            guard let g = gestures(data) else { return }
            MainActor.assumeIsolated { g.begin(.hold, time: time, fingers: fingers) }
        },
        end: { data, _, _, time, cancelled in
            guard let g = gestures(data) else { return }
            MainActor.assumeIsolated { g.end(.hold, time: time, cancelled: cancelled != 0) }
        }))
