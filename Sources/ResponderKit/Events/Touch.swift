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
    // `phase`, `timestamp`, `view` and `gestureRecognizers` skip Swift's dynamic exclusivity check:
    // the router reads them per routed move, and `hitbench --dispatch-only` under cachegrind
    // measured 85–525 instructions per move for each check. The other fields showed no difference.
    // `locationInWindow`, `previousLocationInWindow`, `deliversToView`, `isBlocked`, `changedInFrame`
    // and `owed` are read or written per routed move too: the routing fields the gesture rewrite added, as a group, cost 815 instructions per routed move
    // with the checks on (`valgrind --tool=cachegrind` on `hitbench --dispatch-only`, app-5k: 3.200 G vs
    // 3.037 G instructions for 201,000 moves); the ten of them not on the move path (`Touch.viewBegan`,
    // `isLingering`, `Event.touchSet`, `TouchDelivery.hookSet`, six `GestureRecognizer` fields) cost
    // 12 together — less than one check — and keep Swift's checks.
    //
    // Invariant of every `@exclusivity(unchecked)` field: touched only on the main actor (the class
    // is `@MainActor`; `Application.handle` and `HitSpace.query` assert it in debug builds) and never
    // accessed overlappingly — no `inout` access to it spans a call out of the core (loops copy the
    // array or index it afresh on each step, delivery works on copies).
    /// The touch's phase in the event being delivered.
    @exclusivity(unchecked) public internal(set) var phase: Phase
    /// When the touch last changed, in seconds of the application's clock.
    @exclusivity(unchecked) public internal(set) var timestamp: TimeInterval
    /// How many times in quick succession the finger tapped near here (1 for a single tap).
    public internal(set) var tapCount: Int
    /// A finger on a touchscreen (`.direct`) or a mouse or touchpad click (`.indirectPointer`).
    public let type: TouchType
    /// The contact's major axis in points, when the device reports it.
    public internal(set) var majorRadius: Double
    /// The hit-tested view; fixed for the touch's life (nil when nothing was hit).
    @exclusivity(unchecked) public internal(set) var view: View?
    /// Kept strongly (not `weak`, see `WindowRef`): a touch is short-lived, and an open touch
    /// keeping its window alive until it ends is what UIKit does too.
    public internal(set) var window: Window?
    /// Recognizers that receive this touch (those on the hit view and its ancestors).
    @exclusivity(unchecked) public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    @exclusivity(unchecked) var locationInWindow: Point
    @exclusivity(unchecked) var previousLocationInWindow: Point
    /// Whether the view (not only recognizers) receives this touch's phases; false once a
    /// recognizer took the touch (`cancelsTouchesInView`).
    @exclusivity(unchecked) var deliversToView = true
    /// Blocked by `isMultipleTouchEnabled`/`isExclusiveTouch`: tracked, delivered to nobody.
    @exclusivity(unchecked) var isBlocked = false
    /// The last frame that changed this touch.
    @exclusivity(unchecked) var changedInFrame: UInt64 = 0
    /// The phases its view is owed and has not been given yet (a recognizer may be delaying them).
    @exclusivity(unchecked) var owed: ViewPhases = []
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
        self.phase = .began
        self.timestamp = timestamp
        self.locationInWindow = location
        self.previousLocationInWindow = location
        self.downLocation = location
        self.window = window
        self.view = view
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
