/// One normalized piece of input, the only thing that crosses from a source (libinput, a Wayland
/// seat, a recording, a test) into the core. Sources translate their C events into these values and
/// hand them to `Application.handle(_:)`; nothing else reaches the router.
///
/// Coordinates are in the target window's coordinate space (logical points). Times are seconds on
/// the monotonic clock (`CLOCK_MONOTONIC`, the kernel's event time).
public struct InputEvent: Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// A finger went down in `slot`. Touch changes are routed when `touchFrame` arrives.
        case touchDown(slot: Int, location: Point, majorRadius: Double?)
        case touchMotion(slot: Int, location: Point, majorRadius: Double?)
        case touchUp(slot: Int)
        /// The device cancelled one slot, or every open touch of this device when `slot` is nil.
        case touchCancel(slot: Int?)
        /// Ends a group of touch changes: one routed `Event` per frame.
        case touchFrame
        /// The cursor moved to `location` (absolute, in the window). Sources with relative motion
        /// accumulate and clamp before sending.
        case pointerMotion(location: Point)
        /// A pointer button (evdev code, `BTN_LEFT` is 0x110) changed state at the cursor.
        case pointerButton(button: Int, pressed: Bool)
        /// The pointer left the window (Wayland `wl_pointer.leave`).
        case pointerLeave
        case scroll(ScrollInfo)
        /// A key changed state; `key` carries what the keymap made of it. `isRepeat` marks presses
        /// produced by key repeat.
        case key(Key, pressed: Bool, isRepeat: Bool)
        /// Modifier state changed without a key event (Wayland `wl_keyboard.modifiers`).
        case modifiers(KeyModifierFlags)
        /// The keyboard left the window (Wayland `wl_keyboard.leave`): every held key is cancelled.
        case keyboardLeave
        case motion(Event.EventSubtype, phase: MotionPhase)
        case remoteControl(Event.EventSubtype)
        /// A touchpad gesture (pinch, swipe, hold) for recognizers.
        case touchpadGesture(TouchpadGesture)
        /// A system input method's edit (commit, preedit, delete around the caret; Wayland
        /// `zwp_text_input_v3`) for the window's focused `TextInput`. Boxed (`indirect`) so the
        /// strings do not grow every event the routed-move path copies.
        indirect case textInput(TextInputChange)
        case deviceAdded(InputDevice)
        case deviceRemoved(InputDeviceID)
    }

    public enum MotionPhase: Sendable, Equatable { case began, ended, cancelled }

    public var kind: Kind
    /// Seconds on the monotonic clock.
    public var timestamp: Double
    public var device: InputDeviceID
    /// The window the input is for; nil means the key window.
    public var window: Window?

    public init(_ kind: Kind, timestamp: Double, device: InputDeviceID = .main, window: Window? = nil) {
        self.kind = kind
        self.timestamp = timestamp
        self.device = device
        self.window = window
    }

    public var description: String {
        "InputEvent(\(kind) t=\(timestamp) dev=\(device.rawValue))"
    }
}

/// A libinput touchpad gesture, passed on as its own event.
public struct TouchpadGesture: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case swipe, pinch, hold }
    public enum Phase: Sendable, Hashable { case began, changed, ended, cancelled }
    public var kind: Kind
    public var phase: Phase
    public var fingers: Int
    public var dx: Double, dy: Double
    public var scale: Double, rotation: Double
    public init(kind: Kind, phase: Phase, fingers: Int, dx: Double = 0, dy: Double = 0,
                scale: Double = 1, rotation: Double = 0) {
        self.kind = kind; self.phase = phase; self.fingers = fingers
        self.dx = dx; self.dy = dy; self.scale = scale; self.rotation = rotation
    }
}
