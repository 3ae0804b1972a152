/// One finger (or a pointer's button) for its whole life on the glass (UIKit's `UITouch`). Its view is
/// the hit-tested view at touch-down and never changes; moves never hit-test again.
@MainActor
public final class Touch: Hashable, @MainActor CustomStringConvertible {
    /// Where a touch is in its life.
    public enum Phase: Sendable, Equatable, CustomStringConvertible {
        /// The finger went down, moved, stayed still while another finger changed, lifted, or was cancelled.
        case began, moved, stationary, ended, cancelled
        public var description: String {
            switch self {
            case .began: "began"
            case .moved: "moved"
            case .stationary: "stationary"
            case .ended: "ended"
            case .cancelled: "cancelled"
            }
        }
    }

    /// What made the touch.
    public enum TouchType: Sendable, Equatable {
        /// A finger on a touchscreen.
        case direct
        /// A touch not on the screen (UIKit's indirect remote touches).
        case indirect
        /// A mouse or touchpad click, placed at the cursor (iPadOS pointer semantics).
        case indirectPointer
    }

    /// The device and slot that reported this touch.
    public let identifier: TouchIdentifier
    /// The fields the routing reads or writes per routed move, in one value so that one field
    /// skips Swift's dynamic exclusivity check for all of them: with a check per access a routed
    /// move costs ~1,800 more instructions (`valgrind --tool=callgrind` on `hitbench
    /// --dispatch-only`, app-5k; the touch's fields are ~8 of the ~18 checks per move). The public
    /// properties below are computed and forward here, so no public property is unchecked.
    struct Routed {
        var phase: Phase
        var timestamp: TimeInterval
        var view: View?
        var gestureRecognizers: [GestureRecognizer] = []
        var locationInWindow: Point
        var previousLocationInWindow: Point
        var deliversToView = true
        var isBlocked = false
        var changedInFrame: UInt64 = 0
        var owed: ViewPhases = []
    }
    /// Invariant (the unchecked exclusivity below): touched only on the main actor (the class is
    /// `@MainActor`; `Application.handle` and `HitSpace.query` assert it in debug builds) and never
    /// accessed overlappingly — it is internal, no `inout` access to it spans a call out of the core
    /// (loops copy the arrays, delivery works on copies), and app code reaches it only through the
    /// computed properties' getters.
    @exclusivity(unchecked) var routed: Routed

    /// The touch's phase in the event being delivered.
    public internal(set) var phase: Phase {
        get { routed.phase }
        set { routed.phase = newValue }
    }
    /// When the touch last changed, in seconds of the application's clock.
    public internal(set) var timestamp: TimeInterval {
        get { routed.timestamp }
        set { routed.timestamp = newValue }
    }
    /// How many times in quick succession the finger tapped near here (1 for a single tap).
    public internal(set) var tapCount: Int
    /// A finger on a touchscreen (`.direct`) or a mouse or touchpad click (`.indirectPointer`).
    public let type: TouchType
    /// The contact's major axis in points, when the device reports it.
    public internal(set) var majorRadius: Double
    /// The hit-tested view; fixed for the touch's life (nil when nothing was hit).
    public internal(set) var view: View? {
        get { routed.view }
        set { routed.view = newValue }
    }
    /// Kept strongly (not `weak`, see `WindowRef`): a touch is short-lived, and an open touch
    /// keeping its window alive until it ends is what UIKit does too.
    public internal(set) var window: Window?
    /// Recognizers that receive this touch (those on the hit view and its ancestors).
    public internal(set) var gestureRecognizers: [GestureRecognizer] {
        get { routed.gestureRecognizers }
        _modify { yield &routed.gestureRecognizers }
    }

    var locationInWindow: Point {
        get { routed.locationInWindow }
        set { routed.locationInWindow = newValue }
    }
    var previousLocationInWindow: Point {
        get { routed.previousLocationInWindow }
        set { routed.previousLocationInWindow = newValue }
    }
    /// Whether the view (not only recognizers) receives this touch's phases; false once a
    /// recognizer took the touch (`cancelsTouchesInView`).
    var deliversToView: Bool {
        get { routed.deliversToView }
        set { routed.deliversToView = newValue }
    }
    /// Blocked by `isMultipleTouchEnabled`/`isExclusiveTouch`: tracked, delivered to nobody.
    var isBlocked: Bool {
        get { routed.isBlocked }
        set { routed.isBlocked = newValue }
    }
    /// The last frame that changed this touch.
    var changedInFrame: UInt64 {
        get { routed.changedInFrame }
        set { routed.changedInFrame = newValue }
    }
    /// The phases its view is owed and has not been given yet (a recognizer may be delaying them).
    var owed: ViewPhases {
        get { routed.owed }
        set { routed.owed = newValue }
    }
    /// Its view was given `touchesBegan` (so a later take or cancel reaches it as `touchesCancelled`).
    var viewBegan = false
    /// It ended while its view was still owed a phase; the delivery keeps it until paid.
    var isLingering = false
    /// Where the touch went down, for tap counting.
    let downLocation: Point
    /// It ended or was cancelled; the table drops it once the frame that finished it is delivered
    /// (until then a frame nested in that delivery gives it nothing more).
    var isFinishing: Bool { phase == .ended || phase == .cancelled }

    init(
        identifier: TouchIdentifier, type: TouchType, location: Point, timestamp: Double,
        window: Window, view: View?, tapCount: Int, majorRadius: Double
    ) {
        self.identifier = identifier
        self.type = type
        self.routed = Routed(
            phase: .began, timestamp: timestamp, view: view, locationInWindow: location,
            previousLocationInWindow: location)
        self.downLocation = location
        self.window = window
        self.tapCount = tapCount
        self.majorRadius = majorRadius
    }

    /// The touch's location in `view`'s coordinates, or in its window's when `view` is nil.
    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: window)
    }

    /// The location before the latest move, in `view`'s coordinates (window's when nil).
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: window)
    }

    nonisolated public static func == (a: Touch, b: Touch) -> Bool { a === b }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        "Touch(\(identifier.slot) \(phase) at \(locationInWindow) taps \(tapCount))"
    }
}

/// Which device and slot a touch came from; ids are only unique per device.
public struct TouchIdentifier: Hashable, Sendable {
    /// The device of the finger.
    public var device: InputDeviceID
    /// The device's touch slot.
    public var slot: Int
    /// Makes an identifier.
    public init(device: InputDeviceID, slot: Int) {
        self.device = device
        self.slot = slot
    }
}
