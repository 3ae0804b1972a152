/// Pointer semantics, as UIKit has them on iPad: the primary button becomes a touch of type
/// `.indirectPointer` at the cursor (hit-tested once, keeps its view, follows the cursor, ends on
/// release); motion with no button held is hover over the view under the cursor; scroll goes to
/// the view under the cursor. Hover and scroll walk `next` like touches.
extension Application {
    /// The slot pointer touches use, out of the range devices use for fingers.
    static let pointerTouchSlot = -1

    func pointerWindow(_ input: InputEvent) -> Window? {
        input.window ?? pointers[input.device]?.window ?? keyWindow
    }

    func pointerMoved(device: InputDeviceID, to location: Point, in window: Window, time: Double) {
        var state = pointers[device] ?? PointerState()
        if let previous = state.window, previous !== window { hoverExit(&state, time: time) }
        state.location = location
        state.window = window
        pointers[device] = state
        if let slot = state.touchSlot {
            let id = TouchIdentifier(device: device, slot: slot)
            window.touchRouter.stage(id, .move(location, majorRadius: nil), time: time)
            window.touchRouter.commit(time: time)
            return
        }
        let hit = window.hitTest(location, with: nil)
        if hit !== state.hoveredView {
            hoverExit(&state, time: time)
            state.hoveredView = hit
            pointers[device] = state
            if let hit { sendHover(.entered, to: hit, at: location, in: window, time: time) }
        } else if let hit {
            sendHover(.moved, to: hit, at: location, in: window, time: time)
        }
    }

    func pointerButton(device: InputDeviceID, button: Int, pressed: Bool, in window: Window, time: Double) {
        var state = pointers[device] ?? PointerState()
        if state.window == nil { state.window = window }
        if pressed { state.pressedButtons.insert(button) } else { state.pressedButtons.remove(button) }
        let target = state.window ?? window
        if button == PointerButton.left {
            if pressed, state.touchSlot == nil {
                state.touchSlot = Application.pointerTouchSlot
                pointers[device] = state
                let id = TouchIdentifier(device: device, slot: Application.pointerTouchSlot)
                target.touchRouter.stage(id, .down(state.location, majorRadius: 0, type: .indirectPointer), time: time)
                target.touchRouter.commit(time: time)
                return
            }
            if !pressed, let slot = state.touchSlot {
                state.touchSlot = nil
                pointers[device] = state
                target.touchRouter.stage(TouchIdentifier(device: device, slot: slot), .up, time: time)
                target.touchRouter.commit(time: time)
                return
            }
        }
        pointers[device] = state
    }

    func pointerScrolled(device: InputDeviceID, _ info: ScrollInfo, in window: Window, time: Double) {
        let state = pointers[device] ?? PointerState()
        let location = state.window === window ? state.location : info.locationInWindow
        guard let hit = window.hitTest(location, with: nil) else { return }
        var info = info
        info.locationInWindow = location
        let event = Event(type: .scroll, timestamp: time)
        event.window = window
        event.scroll = info
        event.pointerTarget = hit
        sendEvent(event)
    }

    func pointerLeft(device: InputDeviceID, time: Double) {
        guard var state = pointers[device] else { return }
        hoverExit(&state, time: time)
        pointers[device] = state
    }

    func pointerRemoved(device: InputDeviceID, time: Double) {
        guard var state = pointers[device] else { return }
        hoverExit(&state, time: time)
        pointers[device] = nil
        _ = state
    }

    private func hoverExit(_ state: inout PointerState, time: Double) {
        guard let old = state.hoveredView, let window = state.window ?? old.window else {
            state.hoveredView = nil
            return
        }
        state.hoveredView = nil
        sendHover(.exited, to: old, at: state.location, in: window, time: time)
    }

    private func sendHover(_ phase: HoverInfo.Phase, to view: View, at location: Point, in window: Window, time: Double) {
        let event = Event(type: .hover, timestamp: time)
        event.window = window
        event.hover = HoverInfo(phase: phase, locationInWindow: location)
        event.pointerTarget = view
        sendEvent(event)
    }

    /// `Window.sendEvent` for hover and scroll: the target view, walking `next` from there.
    func deliverPointerEvent(_ event: Event, in window: Window) {
        guard let view = event.pointerTarget else { return }
        ChainWalk.begin(at: view) {
            if let hover = event.hover { view.hoverChanged(hover, with: event) }
            if let scroll = event.scroll { view.scrollWheel(scroll, with: event) }
        }
    }
}
