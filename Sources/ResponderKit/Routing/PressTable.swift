/// A window's held keys (the press table, as `TouchRouter` is its touch table): one `Press` per
/// key down from a device, until its release or cancellation. The application applies key input
/// to it through the window (`Window.keyDown`, `keyUp`, `cancelPresses`), which answers the
/// `PressesEvent` to send; `Window.sendEvent` then delivers that event to the responders. Nothing
/// here calls out: data goes one way.
@MainActor
final class PressTable {
    /// The presses held, in the order they went down.
    private(set) var open: [Press] = []

    /// The held press of `keyCode` from `device`.
    /// - Complexity: O(held presses).
    func press(device: InputDeviceID, keyCode: Int) -> Press? {
        open.first { $0.device == device && $0.key?.keyCode == keyCode }
    }

    /// Whether `device` holds `keyCode` here.
    func holds(device: InputDeviceID, keyCode: Int) -> Bool { press(device: device, keyCode: keyCode) != nil }

    func add(_ press: Press) { open.append(press) }

    func remove(_ press: Press) { open.removeAll { $0 === press } }

    func removeAll(of device: InputDeviceID) { open.removeAll { $0.device == device } }

    /// The event that carries `changed` to the responders: every other held press is stationary,
    /// and presses a key command or an edit menu consumed are not part of it.
    func event(changing changed: [Press], in window: Window, time: Double) -> PressesEvent {
        for press in open where !changed.contains(where: { $0 === press }) { press.phase = .stationary }
        let event = PressesEvent(presses: Set(open.filter { !$0.consumedByKeyCommand }), timestamp: time)
        event.window = window
        event.changedPresses = changed
        return event
    }
}
