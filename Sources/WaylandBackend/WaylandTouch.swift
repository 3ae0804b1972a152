import CWayland
import ResponderKit

/// A `wl_touch` → `touchDown`/`touchMotion`/`touchUp`/`touchCancel`/`touchFrame`. Changes are
/// collected until `wl_touch.frame`; a dispatch that ends without one (cage 0.1.4 never sends it)
/// gets a synthesized frame. `shape` (version 6) sets the touch's major radius (half the major
/// axis); `orientation` is accepted and dropped (the core has no orientation). Ids the compositor
/// never put down, and downs on surfaces that are not our windows, are ignored.
@MainActor
final class WaylandTouch {
    unowned let seat: WaylandSeat
    let proxy: OpaquePointer
    let id: InputDeviceID
    private struct OpenTouch { var window: WaylandWindow; var location: Point; var radius: Double? }
    private var open: [Int32: OpenTouch] = [:]
    private var pending: [InputEvent] = []

    init(seat: WaylandSeat, proxy: OpaquePointer, id: InputDeviceID) {
        self.seat = seat
        self.proxy = proxy
        self.id = id
        wl_touch_add_listener(proxy, touchListener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Cancels open touches, then `wl_touch_release` (version 3) or `wl_touch_destroy`.
    func release() {
        end()
        if seat.version >= 3 { wl_touch_release(proxy) } else { wl_touch_destroy(proxy) }
    }

    /// Delivers what is pending, then cancels every open touch.
    func end() {
        finishFrame()
        if !open.isEmpty {
            open.removeAll()
            deliver(InputEvent(.touchCancel(slot: nil), timestamp: now, device: id))
        }
    }

    func forget(_ window: WaylandWindow) {
        pending.removeAll { $0.window === window.window }
        open = open.filter { $0.value.window !== window }
    }

    /// Closes a frame the compositor left open.
    func finishFrame() {
        if !pending.isEmpty { frame() }
    }

    private var now: Double { seat.display.application.clock.now }
    private func time(_ ms: UInt32) -> Double { WaylandTime.seconds(ms, now: now) }
    private func deliver(_ event: InputEvent) { seat.display.deliver(event) }

    fileprivate func down(time ms: UInt32, surface: OpaquePointer?, touchID: Int32, x: Double, y: Double) {
        guard let window = seat.display.window(for: surface) else { return }
        let location = Point(x: x, y: y)
        open[touchID] = OpenTouch(window: window, location: location, radius: nil)
        pending.append(
            InputEvent(
                .touchDown(slot: Int(touchID), location: location, majorRadius: nil),
                timestamp: time(ms), device: id, window: window.window))
    }

    fileprivate func motion(time ms: UInt32, touchID: Int32, x: Double, y: Double) {
        guard let touch = open[touchID] else { return }
        let location = Point(x: x, y: y)
        open[touchID]?.location = location
        pending.append(
            InputEvent(
                .touchMotion(slot: Int(touchID), location: location, majorRadius: touch.radius),
                timestamp: time(ms), device: id, window: touch.window.window))
    }

    fileprivate func up(time ms: UInt32, touchID: Int32) {
        guard let touch = open.removeValue(forKey: touchID) else { return }
        pending.append(InputEvent(.touchUp(slot: Int(touchID)), timestamp: time(ms), device: id, window: touch.window.window))
    }

    fileprivate func shape(touchID: Int32, major: Double) {
        guard let touch = open[touchID], major.isFinite, major >= 0 else { return }
        let radius = major / 2
        open[touchID]?.radius = radius
        // Shape belongs to this frame's down/motion of the touch; else it is a motion of its own.
        if let i = pending.lastIndex(where: { Self.slot(of: $0) == Int(touchID) }) {
            switch pending[i].kind {
            case let .touchDown(slot, location, _): pending[i].kind = .touchDown(slot: slot, location: location, majorRadius: radius); return
            case let .touchMotion(slot, location, _): pending[i].kind = .touchMotion(slot: slot, location: location, majorRadius: radius); return
            default: break
            }
        }
        pending.append(
            InputEvent(
                .touchMotion(slot: Int(touchID), location: touch.location, majorRadius: radius),
                timestamp: now, device: id, window: touch.window.window))
    }

    fileprivate func frame() {
        guard !pending.isEmpty else { return }  // nothing since a synthesized frame
        let events = pending
        pending.removeAll(keepingCapacity: true)
        for event in events { deliver(event) }
        deliver(InputEvent(.touchFrame, timestamp: events.last?.timestamp ?? now, device: id, window: events.last?.window))
    }

    /// `wl_touch.cancel`: the compositor took the touches (a gesture of its own).
    fileprivate func cancel() {
        finishFrame()
        open.removeAll()
        deliver(InputEvent(.touchCancel(slot: nil), timestamp: now, device: id))
    }

    private static func slot(of event: InputEvent) -> Int? {
        switch event.kind {
        case let .touchDown(slot, _, _), let .touchMotion(slot, _, _): slot
        default: nil
        }
    }
}

private func touch(_ data: UnsafeMutableRawPointer?) -> WaylandTouch? {
    data.map { Unmanaged<WaylandTouch>.fromOpaque($0).takeUnretainedValue() }
}

private let touchListener = ListenerTable(
    wl_touch_listener(
        down: { data, _, _, time, surface, id, x, y in
            guard let t = touch(data) else { return }
            nonisolated(unsafe) let surface = surface
            MainActor.assumeIsolated { t.down(time: time, surface: surface, touchID: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)) }
        },
        up: { data, _, _, time, id in
            guard let t = touch(data) else { return }
            MainActor.assumeIsolated { t.up(time: time, touchID: id) }
        },
        motion: { data, _, time, id, x, y in
            guard let t = touch(data) else { return }
            MainActor.assumeIsolated { t.motion(time: time, touchID: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)) }
        },
        frame: { data, _ in
            guard let t = touch(data) else { return }
            MainActor.assumeIsolated { t.frame() }
        },
        cancel: { data, _ in
            guard let t = touch(data) else { return }
            MainActor.assumeIsolated { t.cancel() }
        },
        shape: { data, _, id, major, _ in
            guard let t = touch(data) else { return }
            MainActor.assumeIsolated { t.shape(touchID: id, major: wl_fixed_to_double(major)) }
        },
        orientation: { _, _, _, _ in }))
