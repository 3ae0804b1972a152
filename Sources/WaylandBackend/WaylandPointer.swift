import CWayland
import ResponderKit

/// A `wl_pointer` → `pointerMotion`/`pointerButton`/`pointerLeave`/`scroll`. From version 5 the
/// events of one `wl_pointer.frame` are delivered together at the frame, axis events merged into
/// one `ScrollInfo` (`axis_source` → source, `axis_discrete` (5–7) or `axis_value120` (8) →
/// value120); before version 5 each event is delivered at once. Sets the cursor image at
/// `enter` (`wl_pointer_set_cursor`). A repeated `leave` and events without `enter` are ignored;
/// `axis_stop` is accepted and dropped (`ScrollInfo` has no phase).
@MainActor
final class WaylandPointer {
    unowned let seat: WaylandSeat
    let proxy: OpaquePointer
    let id: InputDeviceID
    private weak var focus: WaylandWindow?
    private var location = Point.zero
    private var pending: [InputEvent] = []
    private var scroll: ScrollInfo?
    private var scrollTime = 0.0

    init(seat: WaylandSeat, proxy: OpaquePointer, id: InputDeviceID) {
        self.seat = seat
        self.proxy = proxy
        self.id = id
        wl_pointer_add_listener(proxy, pointerListener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Leaves our window, then `wl_pointer_release` (version 3) or `wl_pointer_destroy`.
    func release() {
        end()
        if seat.version >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
    }

    func end() {
        frame()
        if let focus {
            self.focus = nil
            seat.display.deliver(InputEvent(.pointerLeave, timestamp: now, device: id, window: focus.window))
        }
    }

    func forget(_ window: WaylandWindow) {
        if focus === window { end() }
    }

    private var now: Double { seat.display.application.clock.now }
    private var batches: Bool { seat.version >= 5 }

    private func queue(_ kind: InputEvent.Kind, _ ms: UInt32?) {
        guard let focus else { return }
        let time = ms.map { WaylandTime.seconds($0, now: now) } ?? now
        pending.append(InputEvent(kind, timestamp: time, device: id, window: focus.window))
        if !batches { frame() }
    }

    fileprivate func enter(serial: UInt32, surface: OpaquePointer?, x: Double, y: Double) {
        guard let window = seat.display.window(for: surface) else { return }
        if let old = focus, old !== window { queue(.pointerLeave, nil) }
        focus = window
        let display = seat.display
        if display.showsCursor, let cursor = display.cursor {
            wl_pointer_set_cursor(proxy, serial, cursor.surface, cursor.hotspotX, cursor.hotspotY)
        } else {
            wl_pointer_set_cursor(proxy, serial, nil, 0, 0)
        }
        location = Point(x: x, y: y)
        queue(.pointerMotion(location: location), nil)
    }

    fileprivate func leave(surface: OpaquePointer?) {
        guard focus != nil else { return }          // a repeated leave
        queue(.pointerLeave, nil)
        focus = nil
        if !batches { frame() }
    }

    fileprivate func motion(time: UInt32, x: Double, y: Double) {
        location = Point(x: x, y: y)
        queue(.pointerMotion(location: location), time)
    }

    fileprivate func button(time: UInt32, button: UInt32, pressed: Bool) {
        queue(.pointerButton(button: Int(button), pressed: pressed), time)
    }

    private func scrollInfo() -> ScrollInfo {
        scroll ?? ScrollInfo(dx: 0, dy: 0, source: .wheel, locationInWindow: location)
    }

    fileprivate func axis(time: UInt32, axis: UInt32, value: Double) {
        guard focus != nil, value.isFinite else { return }
        var info = scrollInfo()
        if axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue { info.dx += value } else { info.dy += value }
        scroll = info
        scrollTime = WaylandTime.seconds(time, now: now)
        if !batches { frame() }
    }

    fileprivate func axisSource(_ source: UInt32) {
        guard focus != nil else { return }
        var info = scrollInfo()
        switch source {
        case WL_POINTER_AXIS_SOURCE_FINGER.rawValue: info.source = .finger
        case WL_POINTER_AXIS_SOURCE_CONTINUOUS.rawValue: info.source = .continuous
        case WL_POINTER_AXIS_SOURCE_WHEEL_TILT.rawValue: info.source = .wheelTilt
        default: info.source = .wheel
        }
        scroll = info
    }

    fileprivate func axisValue120(axis: UInt32, value120: Int) {
        guard focus != nil else { return }
        var info = scrollInfo()
        if axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue { info.value120X += value120 } else { info.value120Y += value120 }
        scroll = info
    }

    /// `wl_pointer.frame` (or each event before version 5): deliver what was collected.
    fileprivate func frame() {
        let events = pending
        pending.removeAll(keepingCapacity: true)
        for event in events { seat.display.deliver(event) }
        if var info = scroll {
            scroll = nil
            info.locationInWindow = location
            if let focus {
                seat.display.deliver(InputEvent(.scroll(info), timestamp: scrollTime == 0 ? now : scrollTime, device: id, window: focus.window))
            }
            scrollTime = 0
        }
    }
}

private func pointer(_ data: UnsafeMutableRawPointer?) -> WaylandPointer? {
    data.map { Unmanaged<WaylandPointer>.fromOpaque($0).takeUnretainedValue() }
}

private let pointerListener = ListenerTable(wl_pointer_listener(
    enter: { data, _, serial, surface, x, y in
        guard let p = pointer(data) else { return }
        nonisolated(unsafe) let surface = surface
        MainActor.assumeIsolated { p.enter(serial: serial, surface: surface, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)) }
    },
    leave: { data, _, _, surface in
        guard let p = pointer(data) else { return }
        nonisolated(unsafe) let surface = surface
        MainActor.assumeIsolated { p.leave(surface: surface) }
    },
    motion: { data, _, time, x, y in
        guard let p = pointer(data) else { return }
        MainActor.assumeIsolated { p.motion(time: time, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)) }
    },
    button: { data, _, _, time, button, state in
        guard let p = pointer(data) else { return }
        MainActor.assumeIsolated { p.button(time: time, button: button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue) }
    },
    axis: { data, _, time, axis, value in
        guard let p = pointer(data) else { return }
        MainActor.assumeIsolated { p.axis(time: time, axis: axis, value: wl_fixed_to_double(value)) }
    },
    frame: { data, _ in
        guard let p = pointer(data) else { return }
        MainActor.assumeIsolated { p.frame() }
    },
    axis_source: { data, _, source in
        guard let p = pointer(data) else { return }
        MainActor.assumeIsolated { p.axisSource(source) }
    },
    axis_stop: { _, _, _, _ in },
    axis_discrete: { data, _, axis, discrete in
        guard let p = pointer(data) else { return }
        MainActor.assumeIsolated { p.axisValue120(axis: axis, value120: Int(discrete) * 120) }
    },
    axis_value120: { data, _, axis, value in
        guard let p = pointer(data) else { return }
        MainActor.assumeIsolated { p.axisValue120(axis: axis, value120: Int(value)) }
    }))
