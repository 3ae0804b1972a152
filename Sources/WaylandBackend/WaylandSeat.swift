import CWayland
import ResponderKit

/// A `wl_seat`: creates and releases its pointer, keyboard and touch as the compositor's
/// capabilities change at runtime (`wl_seat.capabilities`), each with its own `InputDeviceID`
/// announced with `deviceAdded`/`deviceRemoved`. The pointer's touchpad gestures
/// (`zwp_pointer_gestures_v1`) come and go with it.
@MainActor
final class WaylandSeat {
    unowned let display: WaylandDisplay
    let proxy: OpaquePointer
    let version: UInt32
    private(set) var name = "seat"
    private(set) var pointer: WaylandPointer?
    private(set) var keyboard: WaylandKeyboard?
    private(set) var touch: WaylandTouch?

    init(display: WaylandDisplay, proxy: OpaquePointer, version: UInt32) {
        self.display = display
        self.proxy = proxy
        self.version = version
        wl_seat_add_listener(proxy, seatListener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Releases the devices (their open input ends) and the seat (`wl_seat_release`, version 5).
    func destroy() {
        setCapabilities(0)
        if version >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
    }

    /// A window went away: the devices forget it.
    func forget(_ window: WaylandWindow) {
        pointer?.forget(window)
        keyboard?.forget(window)
        touch?.forget(window)
    }

    /// The connection broke: end whatever input is open so the app is left clean.
    func connectionLost() {
        pointer?.end()
        keyboard?.end()
        touch?.end()
    }

    fileprivate func setCapabilities(_ raw: UInt32) {
        let wantsPointer = raw & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let wantsKeyboard = raw & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        let wantsTouch = raw & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        if wantsPointer, pointer == nil, let p = wl_seat_get_pointer(proxy) {
            // The gestures global is bound before capabilities arrive (they answer the seat's bind).
            let capabilities: InputDevice.Capabilities = display.pointerGestures == nil ? .pointer : [.pointer, .touchpadGestures]
            pointer = WaylandPointer(seat: self, proxy: p, id: added("pointer", capabilities))
            pointerGesturesChanged()
        } else if !wantsPointer, let old = pointer {
            pointer = nil
            old.release()
            removed(old.id)
        }
        if wantsKeyboard, keyboard == nil, let k = wl_seat_get_keyboard(proxy) {
            keyboard = WaylandKeyboard(seat: self, proxy: k, id: added("keyboard", .keyboard))
        } else if !wantsKeyboard, let old = keyboard {
            keyboard = nil
            old.release()
            removed(old.id)
        }
        if wantsTouch, touch == nil, let t = wl_seat_get_touch(proxy) {
            touch = WaylandTouch(seat: self, proxy: t, id: added("touch", .touch))
        } else if !wantsTouch, let old = touch {
            touch = nil
            old.release()
            removed(old.id)
        }
    }

    /// Gives the pointer its gesture objects when the display has `zwp_pointer_gestures_v1`, or
    /// releases them when it no longer has.
    func pointerGesturesChanged() {
        guard let pointer else { return }
        pointer.gestures?.release()
        pointer.gestures = nil
        if let manager = display.pointerGestures {
            pointer.gestures = WaylandPointerGestures(manager: manager, version: display.pointerGesturesVersion, pointer: pointer)
        }
    }

    fileprivate func setName(_ text: String) { name = text }

    private func added(_ kind: String, _ capability: InputDevice.Capabilities) -> InputDeviceID {
        let id = display.makeDeviceID()
        let device = InputDevice(id: id, name: "\(name) \(kind)", capabilities: capability)
        display.deliver(InputEvent(.deviceAdded(device), timestamp: display.application.clock.now, device: id))
        return id
    }

    private func removed(_ id: InputDeviceID) {
        display.deliver(InputEvent(.deviceRemoved(id), timestamp: display.application.clock.now, device: id))
    }
}

private let seatListener = ListenerTable(
    wl_seat_listener(
        capabilities: { data, _, caps in
            guard let data else { return }
            let seat = Unmanaged<WaylandSeat>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { seat.setCapabilities(caps) }
        },
        name: { data, _, name in
            guard let data, let name else { return }
            let seat = Unmanaged<WaylandSeat>.fromOpaque(data).takeUnretainedValue()
            let text = String(cString: name)
            MainActor.assumeIsolated { seat.setName(text) }
        }))
