/// One normalized piece of input, the only thing that crosses from a source (libinput, a Wayland
/// seat, a recording, a test) into the core. Sources translate their C events into these values and
/// hand them to `Application.handle(_:)`; nothing else reaches the router.
///
/// Coordinates are in the target window's coordinate space (logical points). Times are seconds on
/// the monotonic clock (`CLOCK_MONOTONIC`, the kernel's event time).
public struct InputEvent: Sendable, CustomStringConvertible {
    /// What happened: one case per kind of input, with the values a device reports for it.
    public enum Kind: Sendable {
        /// A finger went down in `slot`. Touch changes are routed when `touchFrame` arrives.
        case touchDown(slot: Int, location: Point, majorRadius: Double?)
        /// The finger in `slot` moved to `location`; `majorRadius` is the contact's size when the device reports one.
        case touchMotion(slot: Int, location: Point, majorRadius: Double?)
        /// The finger in `slot` lifted. The touch ends when the frame is routed.
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
        /// A wheel click, a finger scroll on a touchpad or a continuous scroll at the cursor.
        case scroll(ScrollInfo)
        /// A key changed state; `key` carries what the keymap made of it. `isRepeat` marks presses
        /// produced by key repeat.
        case key(Key, pressed: Bool, isRepeat: Bool)
        /// Modifier state changed without a key event (Wayland `wl_keyboard.modifiers`).
        case modifiers(KeyModifierFlags)
        /// The keyboard left the window (Wayland `wl_keyboard.leave`): every held key is cancelled.
        case keyboardLeave
        /// A motion event (`.motionShake`) began, ended or was cancelled; it goes to the first responder.
        case motion(Event.EventSubtype, phase: MotionPhase)
        /// A media key (play, pause, next track…) as a remote-control event for the first responder.
        case remoteControl(Event.EventSubtype)
        /// A touchpad gesture (pinch, swipe, hold) for recognizers.
        case touchpadGesture(TouchpadGesture)
        /// A system input method's edit (commit, preedit, delete around the caret; Wayland
        /// `zwp_text_input_v3`) for the window's focused `TextInput`. Boxed (`indirect`) so the
        /// strings do not grow every event the routed-move path copies.
        indirect case textInput(TextInputChange)
        /// A device appeared (hotplug or start-up), with what it can do.
        case deviceAdded(InputDevice)
        /// A switch changed (evdev `EV_SW`): a headset plugged into the jack
        /// (`SW_HEADPHONE_INSERT`), a lid closed. The screen reader starts on a headset when the
        /// host says so; no window receives it.
        case switchToggled(InputSwitch, isOn: Bool)
        /// A device went away: its open touches are cancelled and its held keys and buttons released.
        case deviceRemoved(InputDeviceID)
    }

    /// Whether a motion (a shake) began, ended or was cancelled.
    public enum MotionPhase: Sendable, Equatable {
        /// The motion started.
        case began
        /// The motion finished normally.
        case ended
        /// The motion was interrupted.
        case cancelled
    }

    /// What happened.
    public var kind: Kind
    /// Seconds on the monotonic clock.
    public var timestamp: Double
    /// The device that produced the input; touch slots and held keys are tracked per device.
    public var device: InputDeviceID
    /// The window the input is for (the one the host's output shows); nil means the key window.
    /// A touch-down or the cursor lands in the frontmost shown window of its scene whose
    /// `hitTest` answers there (one stacked above it, or below it where it answers nil), and keys
    /// go to a window stacked above it when that one is key (`Application+WindowStack`).
    public var window: Window?

    /// Makes an event; `window` nil sends it to the key window.
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

/// A switch a device reports (evdev `EV_SW` codes, from linux/input-event-codes.h).
public struct InputSwitch: RawRepresentable, Hashable, Sendable {
    /// The evdev switch code.
    public var rawValue: Int
    /// Makes a switch from its evdev code.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// `SW_LID`: the lid is shut.
    public static let lid = InputSwitch(rawValue: 0x00)
    /// `SW_TABLET_MODE`: the device is in tablet mode.
    public static let tabletMode = InputSwitch(rawValue: 0x01)
    /// `SW_HEADPHONE_INSERT`: a headset is in the jack (EN 301 549's private listening).
    public static let headphoneInsert = InputSwitch(rawValue: 0x02)
    /// `SW_MICROPHONE_INSERT`: a microphone is in the jack.
    public static let microphoneInsert = InputSwitch(rawValue: 0x04)
    /// `SW_LINEOUT_INSERT`: a line-out plug is in the jack.
    public static let lineoutInsert = InputSwitch(rawValue: 0x06)
}

/// A libinput touchpad gesture, passed on as its own event.
public struct TouchpadGesture: Sendable, Hashable {
    /// Which gesture the fingers make.
    public enum Kind: Sendable, Hashable {
        /// Several fingers moving together (libinput's swipe, Wayland's `zwp_pointer_gesture_swipe_v1`).
        case swipe
        /// Fingers moving apart or together, possibly rotating.
        case pinch
        /// Fingers resting on the touchpad without moving.
        case hold
    }
    /// Where in its life a touchpad gesture is.
    public enum Phase: Sendable, Hashable {
        /// The gesture started.
        case began
        /// The gesture moved; the deltas are since the previous update.
        case changed
        /// The fingers lifted normally.
        case ended
        /// The gesture was interrupted (a finger added or removed, the pointer released).
        case cancelled
    }
    /// Swipe, pinch or hold.
    public var kind: Kind
    /// Where in its life the gesture is.
    public var phase: Phase
    /// How many fingers are on the touchpad.
    public var fingers: Int
    /// The movement of the fingers' centre since the previous update, in points.
    public var dx: Double, dy: Double
    /// Pinch only: the scale since the gesture began (1 at the start) and the rotation since the previous update, in degrees clockwise.
    public var scale: Double, rotation: Double
    /// Makes a gesture update; unused values keep their neutral defaults.
    public init(
        kind: Kind, phase: Phase, fingers: Int, dx: Double = 0, dy: Double = 0,
        scale: Double = 1, rotation: Double = 0
    ) {
        self.kind = kind; self.phase = phase; self.fingers = fingers
        self.dx = dx; self.dy = dy; self.scale = scale; self.rotation = rotation
    }
}
