/// The events a control reports to its targets (UIKit's `UIControl.Event`). A top-level type: a
/// nested `Control.Event` would shadow `Event` inside every control subclass.
public struct ControlEvents: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// A touch went down in the control.
    public static let touchDown = ControlEvents(rawValue: 1 << 0)
    /// A second (or later) touch went down in quick succession: `tapCount` > 1.
    public static let touchDownRepeat = ControlEvents(rawValue: 1 << 1)
    /// The tracked touch moved within the control's tolerance area.
    public static let touchDragInside = ControlEvents(rawValue: 1 << 2)
    /// The tracked touch moved outside the tolerance area.
    public static let touchDragOutside = ControlEvents(rawValue: 1 << 3)
    /// The tracked touch moved back into the tolerance area.
    public static let touchDragEnter = ControlEvents(rawValue: 1 << 4)
    /// The tracked touch left the tolerance area.
    public static let touchDragExit = ControlEvents(rawValue: 1 << 5)
    /// The touch lifted inside the tolerance area: the usual "pressed" event of a button.
    public static let touchUpInside = ControlEvents(rawValue: 1 << 6)
    /// The touch lifted outside the tolerance area.
    public static let touchUpOutside = ControlEvents(rawValue: 1 << 7)
    /// Tracking was cancelled (a recognizer took the touch, the view left the window).
    public static let touchCancel = ControlEvents(rawValue: 1 << 8)
    /// The control's value changed (a switch, slider, stepper or segmented control).
    public static let valueChanged = ControlEvents(rawValue: 1 << 12)
    /// The control's primary action: a button's tap, Return in a text field.
    public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 13)
    /// A text field became first responder.
    public static let editingDidBegin = ControlEvents(rawValue: 1 << 16)
    /// A text field's text changed by editing.
    public static let editingChanged = ControlEvents(rawValue: 1 << 17)
    /// A text field resigned first responder.
    public static let editingDidEnd = ControlEvents(rawValue: 1 << 18)
    /// Return ended editing in a text field.
    public static let editingDidEndOnExit = ControlEvents(rawValue: 1 << 19)

    /// Every touch event.
    public static let allTouchEvents = ControlEvents(rawValue: 0x0FFF)
    /// Every editing event of a text field.
    public static let allEditingEvents = ControlEvents(rawValue: 0x000F_0000)
    /// Every event.
    public static let allEvents = ControlEvents(rawValue: 0xFFFF_FFFF)
}

/// The states a control draws differently (UIKit's `UIControl.State`).
public struct ControlState: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// No flag: enabled, not highlighted, not selected.
    public static let normal: ControlState = []
    /// A touch is down inside the control.
    public static let highlighted = ControlState(rawValue: 1 << 0)
    /// The control is disabled.
    public static let disabled = ControlState(rawValue: 1 << 1)
    /// The control is selected.
    public static let selected = ControlState(rawValue: 1 << 2)
    /// The control has keyboard focus.
    public static let focused = ControlState(rawValue: 1 << 3)
}
