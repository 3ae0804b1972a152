import CWayland
import ResponderKit

/// A `wl_pointer` → `pointerMotion`/`pointerButton`/`pointerLeave`/`scroll`. From version 5 the
/// events of one `wl_pointer.frame` are delivered together at the frame, axis events merged into
/// one `ScrollInfo` (`axis_source` → source, `axis_discrete` (5–7) or `axis_value120` (8) →
/// value120); before version 5 each event is delivered at once. Sets the cursor image at
/// `enter` (`wl_pointer_set_cursor`). A repeated `leave` and events without `enter` are ignored.
///
/// Scroll streams end the way libinput ends them: `axis_stop` (sent when the fingers leave a
/// touchpad, and by some continuous sources) becomes the core's scroll stop, a zero-length
/// `.finger` (or `.continuous`) scroll, once every axis that scrolled in the stream has stopped —
/// so momentum can start at once instead of after the core's quiet period, which stays for wheels.
/// A frame with only `axis_source` (no value) delivers nothing.
///
/// Touchpad gestures of this pointer (`zwp_pointer_gestures_v1`) are `gestures`.
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
    /// `axis_source` of the frame being collected.
    private var frameSource: ScrollInfo.Source?
    /// The source of the scroll stream in progress (what a stop ends).
    private var streamSource: ScrollInfo.Source = .finger
    /// Axes (bit 0 vertical, bit 1 horizontal) that scrolled in the stream and have not stopped.
    private var scrollingAxes: UInt8 = 0
    /// The frame carried `axis_stop`, with its time.
    private var stopTime: Double?
    /// The touchpad gesture objects, when the compositor offers `zwp_pointer_gestures_v1`.
    var gestures: WaylandPointerGestures?

    init(seat: WaylandSeat, proxy: OpaquePointer, id: InputDeviceID) {
        self.seat = seat
        self.proxy = proxy
        self.id = id
        wl_pointer_add_listener(proxy, pointerListener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The window the pointer is over (where its gestures go).
    var focusWindow: WaylandWindow? { focus }

    /// Releases the gesture objects, leaves our window, then `wl_pointer_release` (version 3) or
    /// `wl_pointer_destroy`.
    func release() {
        gestures?.release()
        gestures = nil
        end()
        if seat.version >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
    }

    /// Delivers what is pending, cancels an open touchpad gesture and leaves our window.
    func end() {
        frame()
        gestures?.cancelOpen()
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
        if display.showsCursor, let cursor = display.cursorForEnter() {
            wl_pointer_set_cursor(proxy, serial, cursor.surface, cursor.hotspotX, cursor.hotspotY)
        } else {
            wl_pointer_set_cursor(proxy, serial, nil, 0, 0)
        }
        location = Point(x: x, y: y)
        scrollingAxes = 0  // a stream that never stopped before a leave does not carry over
        queue(.pointerMotion(location: location), nil)
    }

    fileprivate func leave(surface: OpaquePointer?) {
        guard focus != nil else { return }  // a repeated leave
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
        scroll ?? ScrollInfo(dx: 0, dy: 0, source: frameSource ?? .wheel, locationInWindow: location)
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
        let mapped: ScrollInfo.Source
        switch source {
        case WL_POINTER_AXIS_SOURCE_FINGER.rawValue: mapped = .finger
        case WL_POINTER_AXIS_SOURCE_CONTINUOUS.rawValue: mapped = .continuous
        case WL_POINTER_AXIS_SOURCE_WHEEL_TILT.rawValue: mapped = .wheelTilt
        default: mapped = .wheel
        }
        frameSource = mapped
        scroll?.source = mapped
    }

    /// `wl_pointer.axis_stop` (version 5): the axis stopped; the stop is delivered at the frame.
    fileprivate func axisStop(time: UInt32, axis: UInt32) {
        guard focus != nil else { return }
        scrollingAxes &= ~(axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue ? 2 : 1)
        stopTime = WaylandTime.seconds(time, now: now)
        if !batches { frame() }
    }

    fileprivate func axisValue120(axis: UInt32, value120: Int) {
        guard focus != nil else { return }
        var info = scrollInfo()
        if axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue { info.value120X += value120 } else { info.value120Y += value120 }
        scroll = info
    }

    /// `wl_pointer.frame` (or each event before version 5): deliver what was collected: the
    /// pending events, the merged scroll, then a stop when the stream's last axis stopped.
    fileprivate func frame() {
        let events = pending
        pending.removeAll(keepingCapacity: true)
        for event in events { seat.display.deliver(event) }
        if var info = scroll {
            scroll = nil
            info.locationInWindow = location
            if info.source == .finger || info.source == .continuous {
                streamSource = info.source
                if info.dy != 0 { scrollingAxes |= 1 }
                if info.dx != 0 { scrollingAxes |= 2 }
            }
            if let focus {
                seat.display.deliver(InputEvent(.scroll(info), timestamp: scrollTime == 0 ? now : scrollTime, device: id, window: focus.window))
            }
            scrollTime = 0
        }
        if let time = stopTime, scrollingAxes == 0 {
            let source = frameSource.flatMap { $0 == .finger || $0 == .continuous ? $0 : nil } ?? streamSource
            if let focus {
                let stop = ScrollInfo(dx: 0, dy: 0, source: source, locationInWindow: location)
                seat.display.deliver(InputEvent(.scroll(stop), timestamp: time, device: id, window: focus.window))
            }
        }
        stopTime = nil
        frameSource = nil
    }
}

private func pointer(_ data: UnsafeMutableRawPointer?) -> WaylandPointer? {
    data.map { Unmanaged<WaylandPointer>.fromOpaque($0).takeUnretainedValue() }
}

private let pointerListener = ListenerTable(
    wl_pointer_listener(
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
        axis_stop: { data, _, time, axis in
            guard let p = pointer(data) else { return }
            MainActor.assumeIsolated { p.axisStop(time: time, axis: axis) }
        },
        axis_discrete: { data, _, axis, discrete in
            guard let p = pointer(data) else { return }
            MainActor.assumeIsolated { p.axisValue120(axis: axis, value120: Int(discrete) * 120) }
        },
        axis_value120: { data, _, axis, value in
            guard let p = pointer(data) else { return }
            MainActor.assumeIsolated { p.axisValue120(axis: axis, value120: Int(value)) }
        }))
