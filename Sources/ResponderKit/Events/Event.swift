/// One delivery of input (UIKit's `UIEvent`). The touch event of a window is one object reused for
/// every frame, as UIKit does, so routing a touch move allocates nothing.
@MainActor
public class Event {
    /// What kind of input an event carries.
    public enum EventType: Sendable, Equatable {
        /// `.transform` carries a touchpad pinch, rotation or multi-finger swipe (UIKit's
        /// `.transform` events, which drive pinch and rotation recognizers from a trackpad).
        case touches, motion, presses, remoteControl, hover, scroll, transform
    }

    /// The detail of a motion or remote-control event.
    public enum EventSubtype: Sendable, Equatable {
        /// No subtype (touches, presses, hover, scroll).
        case none
        /// The device was shaken (a motion event).
        case motionShake
        /// Media keys: play, pause, stop, toggle play/pause.
        case remoteControlPlay, remoteControlPause, remoteControlStop, remoteControlTogglePlayPause
        /// Media keys: next and previous track.
        case remoteControlNextTrack, remoteControlPreviousTrack
        /// Media keys: seeking backward begins and ends.
        case remoteControlBeginSeekingBackward, remoteControlEndSeekingBackward
        /// Media keys: seeking forward begins and ends.
        case remoteControlBeginSeekingForward, remoteControlEndSeekingForward
    }

    /// The kind of input.
    public let type: EventType
    /// The motion or remote-control detail, `.none` for other events.
    public internal(set) var subtype: EventSubtype
    /// Seconds on the monotonic clock of the input that made this event. Set per routed frame.
    public internal(set) var timestamp: TimeInterval {
        get { timestampStorage }
        set { timestampStorage = newValue }
    }
    /// `timestamp`'s storage, exempt from the exclusivity check: set and read per routed frame,
    /// ~85 instructions a move with the check (`hitbench --dispatch-only` under callgrind).
    /// Invariant: touched only on the main actor (the class is `@MainActor`) and never accessed
    /// overlappingly (plain loads and stores; app code reads it only through `timestamp`).
    @exclusivity(unchecked) var timestampStorage: TimeInterval

    /// The modifier keys held as the event is delivered (UIKit's `UIEvent.modifierFlags`, for a
    /// shift-tap or a command-click): the application's state from every keyboard
    /// (`Application.modifierFlags`); empty for an event routed to no window.
    /// - Complexity: O(1).
    public var modifierFlags: KeyModifierFlags { windowRef?.application.modifierFlags ?? [] }

    /// For `.motion` events: whether the motion began, ended or was cancelled.
    var motionPhase: InputEvent.MotionPhase = .began
    /// For `.hover` and `.scroll` events: the pointer details.
    public internal(set) var hover: HoverInfo?
    /// For `.scroll` events: the scroll step.
    public internal(set) var scroll: ScrollInfo?
    /// For `.hover` and `.scroll` events: the view under the cursor.
    weak var pointerTarget: View?
    /// The window the event is routed to. A window's reused touch event refers to it without a
    /// count (the window owns that event); every other event keeps its window for its life.
    var window: Window? {
        get {
            assert(LiveObjects.isLive(windowRef), "an event's window was freed while the event referred to it")
            return windowRef
        }
        set {
            windowRef = newValue
            keptWindow = newValue
        }
    }
    /// Invariant (unowned(unsafe)): nil; or the window `keptWindow` retains; or, for a window's
    /// reused touch event, the window that owns it (through its `TouchRouter`), which clears it
    /// in its deinit — so an event a handler kept answers nil instead of a freed window.
    unowned(unsafe) var windowRef: Window?
    private var keptWindow: Window?

    /// The touches of a `.touches` event: every open touch of the window, changed or stationary.
    var touchSet: Set<Touch> = []
    /// The application sending this event (a window that just left its scene reports another).
    /// Set for each frame right before it is sent, read during that delivery only; no reference
    /// count, so a routed move costs no atomic operation for it.
    /// Exempt from the exclusivity check: set and read per routed frame (see `Touch` for the
    /// measurement); the invariant above holds (main actor, never accessed overlappingly).
    @exclusivity(unchecked) unowned(unsafe) var application: Application?
    /// The device a hover, scroll or transform event came from (its gesture stream is per device).
    var device: InputDeviceID = .main
    /// For `.transform` events: the touchpad gesture (pinch, rotation, swipe) it carries.
    public internal(set) var touchpadGesture: TouchpadGesture?
    /// For `.transform` events: the pointer's location in the window.
    var pointerLocation: Point = .zero
    /// For `.hover` events with phase `.exited`: the view the pointer moved onto (nil when it left
    /// every view), so hover recognizers on both views' common ancestors keep hovering.
    weak var hoverSuccessor: View?

    init(type: EventType, subtype: EventSubtype = .none, timestamp: Double) {
        self.type = type
        self.subtype = subtype
        self.timestampStorage = timestamp
    }

    /// Every touch of this event; nil for events that carry none.
    public var allTouches: Set<Touch>? { type == .touches ? touchSet : nil }

    /// The touches whose hit-tested view is `view`.
    public func touches(for view: View) -> Set<Touch>? {
        guard type == .touches else { return nil }
        return touchSet.filter { $0.view === view }
    }

    /// The touches that belong to `window`.
    public func touches(for window: Window) -> Set<Touch>? {
        guard type == .touches else { return nil }
        return touchSet.filter { $0.window === window }
    }

    /// The touches delivered to `gestureRecognizer`.
    public func touches(for gestureRecognizer: GestureRecognizer) -> Set<Touch>? {
        guard type == .touches else { return nil }
        return touchSet.filter { touch in touch.gestureRecognizers.contains { $0 === gestureRecognizer } }
    }
}
