/// The pointer devices of an application: where each cursor is and what it hovers or presses
/// (`PointerState`), and the gesture streams its scrolls, touchpad gestures and hovering feed
/// (`PointerGestures`). The application moves the cursor as input arrives and opens the pointer's
/// touch; the window an event lands in reads and advances the streams when it delivers it
/// (`Window.deliverPointerEvent`). Devices are application-wide (a cursor crosses windows), so
/// the tracker is the application's, as UIKit keeps one pointer state per device.
@MainActor
final class PointerTracker {
    /// Each device's cursor.
    var states: [InputDeviceID: PointerState] = [:]
    /// Each device's gesture streams, made at its first hover, scroll or touchpad event.
    private var streamsByDevice: [InputDeviceID: PointerGestures] = [:]

    /// The streams of `device`, made on first use.
    /// - Complexity: O(1) (a dictionary lookup); allocates once per device.
    func streams(of device: InputDeviceID) -> PointerGestures {
        if let existing = streamsByDevice[device] { return existing }
        let created = PointerGestures()
        streamsByDevice[device] = created
        return created
    }

    /// A scroll stream ended on its quiet timer: the device stops feeding it.
    func streamEnded(_ session: IndirectGestureSession, device: InputDeviceID) {
        if streamsByDevice[device]?.scroll === session { streamsByDevice[device]?.scroll = nil }
    }

    /// True while a pointer button holds a touch or a scroll or touchpad stream is going.
    var hasOpenInput: Bool {
        if states.values.contains(where: { $0.touchSlot != nil }) { return true }
        return streamsByDevice.values.contains { $0.scroll != nil || $0.touchpad != nil }
    }

    /// The device went away: its streams end as cancelled (in one gesture pass of `arena`), its
    /// hovering ends.
    func endStreams(of device: InputDeviceID, arena: GestureArena, time: Double) {
        guard let gestures = streamsByDevice.removeValue(forKey: device) else { return }
        arena.pass {
            if let scroll = gestures.scroll { scroll.finish(cancelled: true, time: time) }
            if let touchpad = gestures.touchpad { touchpad.finish(cancelled: true, time: time) }
            for recognizer in gestures.hovering {
                guard let session = recognizer.indirectSession else { continue }
                recognizer.indirectEnded(cancelled: true, at: time)
                session.close()
            }
        }
    }
}
