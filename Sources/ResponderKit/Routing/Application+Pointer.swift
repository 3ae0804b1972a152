/// Pointer semantics, as UIKit has them on iPad: the primary button becomes a touch of type
/// `.indirectPointer` at the cursor (hit-tested once, keeps its view, follows the cursor, ends on
/// release); motion with no button held is hover over the view under the cursor; scroll goes to
/// the view under the cursor. Hover and scroll walk `next` like touches, after the recognizers that
/// follow them; the window delivers them (see `Window+PointerGestures.swift`).
extension Application {
    /// The slot pointer touches use, out of the range devices use for fingers.
    static let pointerTouchSlot = -1

    /// The window a button or scroll is for: the one the cursor is in when the event names no
    /// window or one of the same scene (the cursor may be in a window stacked over the named one,
    /// see `frontWindow`), else the one the event names, else the key window — only while it is in
    /// a connected scene (see `targetWindow`).
    func pointerWindow(_ input: InputEvent) -> Window? {
        if let window = pointerTracker.states[input.device]?.window, window.isInConnectedScene(of: self),
            input.window == nil || input.window === window || (window.windowScene === input.window?.windowScene && !window.isHidden)
        {
            return window
        }
        return targetWindow(input)
    }

    func pointerMoved(device: InputDeviceID, to location: Point, in window: Window, time: Double) {
        var state = pointerTracker.states[device] ?? PointerState()
        if let previous = state.window, previous !== window { hoverExit(&state, device: device, successor: nil, time: time) }
        state.location = location
        state.window = window
        pointerTracker.states[device] = state
        if let slot = state.touchSlot {
            let id = TouchIdentifier(device: device, slot: slot)
            let owner = state.touchWindow ?? window
            stageTouch(owner, id, .move(Application.convert(location, from: window, to: owner), majorRadius: nil), time: time, collect: false)
            commitTouchFrame(owner, time: time)
            return
        }
        let hit = window.hitTest(location, with: nil)
        if hit !== state.hoveredView {
            hoverExit(&state, device: device, successor: hit, time: time)
            state.hoveredView = hit
            pointerTracker.states[device] = state
            if let hit { sendHover(.entered, to: hit, at: location, in: window, device: device, time: time) }
        } else if let hit {
            sendHover(.moved, to: hit, at: location, in: window, device: device, time: time)
        }
    }

    func pointerButton(device: InputDeviceID, button: Int, pressed: Bool, in window: Window, time: Double) {
        var state = pointerTracker.states[device] ?? PointerState()
        if state.window == nil { state.window = window }
        if pressed { state.pressedButtons.insert(button) } else { state.pressedButtons.remove(button) }
        let target = state.window ?? window
        if button == PointerButton.left {
            if pressed, state.touchSlot == nil {
                state.touchSlot = Application.pointerTouchSlot
                state.touchWindow = target
                pointerTracker.states[device] = state
                let id = TouchIdentifier(device: device, slot: Application.pointerTouchSlot)
                stageTouch(target, id, .down(state.location, majorRadius: 0, type: .indirectPointer), time: time, collect: false)
                commitTouchFrame(target, time: time)
                return
            }
            if !pressed, let slot = state.touchSlot {
                let owner = state.touchWindow ?? target
                state.touchSlot = nil
                state.touchWindow = nil
                pointerTracker.states[device] = state
                stageTouch(owner, TouchIdentifier(device: device, slot: slot), .up, time: time, collect: false)
                commitTouchFrame(owner, time: time)
                return
            }
        }
        pointerTracker.states[device] = state
    }

    func pointerScrolled(device: InputDeviceID, _ info: ScrollInfo, in window: Window, time: Double) {
        let state = pointerTracker.states[device] ?? PointerState()
        var window = window, location = info.locationInWindow
        if state.window === window {
            location = state.location
        } else {
            (window, location) = frontWindow(at: location, over: window)
        }
        guard let hit = window.hitTest(location, with: nil) else { return }
        var info = info
        info.locationInWindow = location
        let event = Event(type: .scroll, timestamp: time)
        event.window = window
        event.scroll = info
        event.pointerTarget = hit
        event.device = device
        sendEvent(event)
    }

    /// A touchpad pinch, rotation or swipe: a `.transform` event for the recognizers of the view
    /// under the cursor (hit-tested when the gesture begins).
    func pointerGesture(device: InputDeviceID, _ gesture: TouchpadGesture, in window: Window, time: Double) {
        let state = pointerTracker.states[device] ?? PointerState()
        let location = state.window === window ? state.location : Point(x: window.bounds.midX, y: window.bounds.midY)
        let event = Event(type: .transform, timestamp: time)
        event.window = window
        event.touchpadGesture = gesture
        event.pointerLocation = location
        event.device = device
        if gesture.phase == .began { event.pointerTarget = window.hitTest(location, with: nil) }
        sendEvent(event)
    }

    /// A window's point in another window of the same scene (windows share the scene's screen
    /// coordinates through their frames); unchanged across scenes, which share no space.
    static func convert(_ p: Point, from source: Window, to target: Window) -> Point {
        guard source !== target, source.windowScene != nil, source.windowScene === target.windowScene else { return p }
        return Point(x: p.x + source.frame.minX - target.frame.minX, y: p.y + source.frame.minY - target.frame.minY)
    }

    func pointerLeft(device: InputDeviceID, time: Double) {
        guard var state = pointerTracker.states[device] else { return }
        hoverExit(&state, device: device, successor: nil, time: time)
        pointerTracker.states[device] = state
    }

    func pointerRemoved(device: InputDeviceID, time: Double) {
        if var state = pointerTracker.states[device] {
            hoverExit(&state, device: device, successor: nil, time: time)
            pointerTracker.states[device] = nil
        }
        pointerTracker.endStreams(of: device, arena: gestureArena, time: time)
    }

    /// The cursor left the view it hovered, for `successor` (nil: for no view at all).
    private func hoverExit(_ state: inout PointerState, device: InputDeviceID, successor: View?, time: Double) {
        guard let old = state.hoveredView, let window = state.window ?? old.window else {
            state.hoveredView = nil
            return
        }
        state.hoveredView = nil
        sendHover(.exited, to: old, at: state.location, in: window, device: device, successor: successor, time: time)
    }

    private func sendHover(
        _ phase: HoverInfo.Phase, to view: View, at location: Point, in window: Window,
        device: InputDeviceID, successor: View? = nil, time: Double
    ) {
        let event = Event(type: .hover, timestamp: time)
        event.window = window
        event.hover = HoverInfo(phase: phase, locationInWindow: location)
        event.pointerTarget = view
        event.hoverSuccessor = successor
        event.device = device
        sendEvent(event)
    }
}
