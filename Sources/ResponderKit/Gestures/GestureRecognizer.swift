/// Turns a touch sequence into a gesture (UIKit's `UIGestureRecognizer`). Recognizers on the hit
/// view and all its ancestors (the window too) see each touch before the view does; when one
/// recognizes and `cancelsTouchesInView` is true, the view's delivery of its touches ends with
/// `touchesCancelled` (seed 001: "If one recognizes, it can cancel delivery to the view entirely").
///
/// Subclasses override the `touches…` hooks and set `state`, as UIKit's subclass header allows.
/// Setting `state` is a request: it is checked against `GestureStage.legalTransitions` at once
/// (an illegal one is reported and ignored) and decided by the application's `GestureArena` right
/// after the hook returns — the delegate's `gestureRecognizerShouldBegin`, failure requirements
/// (`require(toFail:)`, which can hold a recognition until the other recognizer fails) and the
/// default exclusion (one recognizer wins its touches unless recognition is simultaneous).
/// Targets fire on every change to `.began`, `.changed`, `.ended` and `.cancelled`; `reset()` runs
/// once the recognizer finished and its touches are gone.
@MainActor
open class GestureRecognizer {
    /// A recognizer's state (UIKit's `UIGestureRecognizer.State`).
    public enum State: Sendable, Equatable, CustomStringConvertible {
        /// `possible` until it decides; a continuous gesture goes `began`, `changed`…, `ended` or `cancelled`; a discrete one goes straight to `ended` (`recognized`); `failed` when it will not recognize.
        case possible, began, changed, ended, cancelled, failed
        /// Discrete recognizers end in `.recognized`, which is `.ended`.
        public static let recognized = State.ended
        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }
    }

    /// UIKit's state. Reading it inside a hook shows the latest request; setting it asks the arena
    /// for the change (see the type's documentation). A recognizer waiting on a failure requirement
    /// reads `.possible`, as in UIKit.
    public var state: State {
        get { pendingStates.last ?? stage.state }
        set { request(newValue) }
    }

    /// The finer lifecycle stage (shows waiting on failure requirements); changed only by the arena
    /// through `transition(to:)`.
    public internal(set) var stage: GestureStage = .possible

    /// The view this recognizer is attached to (`View.addGestureRecognizer`).
    public internal(set) weak var view: View?

    /// A disabled recognizer receives nothing; disabling it mid-gesture cancels a gesture in
    /// progress (targets see `.cancelled`) or fails an undecided one, releasing touches it delayed.
    public var isEnabled = true {
        didSet {
            guard oldValue, !isEnabled, isInArena else { return }
            arena?.abandon(self)
        }
    }

    /// When it recognizes, the view's touches it took are cancelled (UIKit's default, true).
    public var cancelsTouchesInView = true
    /// The view gets no `touchesBegan` (nor moves) until this recognizer fails (default false).
    public var delaysTouchesBegan = false
    /// The view's `touchesEnded` waits until this recognizer decides (default true): delivered if
    /// it fails, turned into `touchesCancelled` if it recognizes.
    public var delaysTouchesEnded = true
    /// Asked whether the recognizer may begin, receive a touch, or recognize with others.
    public weak var delegate: GestureRecognizerDelegate?
    /// A name for logs and look-ups (UIKit's `name`); `GestureTrace` and `displayName` show it.
    public var name: String?
    /// The name this property had before it took UIKit's spelling.
    @available(*, deprecated, renamed: "name")
    public var debugName: String? {
        get { name }
        set { name = newValue }
    }

    /// Every state this recognizer went through since the last reset (for tests and tracing).
    public internal(set) var stateLog: [State] = []

    /// The touches this recognizer is tracking (those it received and that have not ended).
    public internal(set) var trackedTouches: [Touch] = []

    // MARK: Arena bookkeeping (see GestureRecognizer+Input.swift and GestureArena)

    /// State requests made by the subclass that the arena has not looked at yet.
    var pendingStates: [State] = []
    /// The arena this recognizer takes part in, from its first input until its reset.
    weak var arena: GestureArena?
    var isInArena = false
    var isQueued = false
    /// Disabled or detached while in the arena: the arena cancels or fails it next.
    var needsAbandon = false
    /// The indirect stream (scroll, touchpad gesture, hover) it follows, if any.
    var indirectSession: IndirectGestureSession?
    /// The pointer's location (window coordinates) of the indirect stream, latest first.
    var indirectLocation: Point?
    /// Timers it scheduled on the application's clock; cancelled when it finishes.
    var timers: [TimerQueue.Timer] = []
    /// The window its input came from (delayed touches live there).
    weak var inputWindow: Window?
    /// Which frame and phase its touch hook last ran for (one call per phase per frame).
    var hookFrame: UInt64 = 0
    var hookPhase: Touch.Phase = .stationary
    /// The last location of its touches, for `location(in:)` after they ended.
    var lastLocation: Point?
    /// A requirement cycle was reported for it since its last reset.
    var reportedRequirementCycle = false

    private var targets: [(target: WeakObject, action: Selector)] = []
    private var handlers: [@MainActor (GestureRecognizer) -> Void] = []
    private var failureRequirements: [WeakObject] = []

    final class WeakObject {
        weak var object: AnyObject?
        init(_ object: AnyObject?) { self.object = object }
    }

    /// Makes a recognizer that sends `action` to `target` at each state change it reports.
    public init(target: AnyObject?, action: Selector?) {
        if let action { targets.append((WeakObject(target), action)) }
    }

    /// A recognizer that calls `handler` on every change that fires targets.
    public init(handler: @escaping @MainActor (GestureRecognizer) -> Void) {
        handlers.append(handler)
    }

    /// Makes a recognizer with no target; add one with `addTarget(_:action:)`.
    public convenience init() { self.init(target: nil, action: nil) }

    // MARK: Targets

    /// `target` (an `ActionTarget`) performs `action` with this recognizer as the sender on every
    /// change to began, changed, ended or cancelled.
    public func addTarget(_ target: AnyObject, action: Selector) {
        targets.append((WeakObject(target), action))
    }

    /// Removes matching pairs; nil matches any target or any action.
    public func removeTarget(_ target: AnyObject?, action: Selector?) {
        targets.removeAll { (target == nil || $0.target.object === target) && (action == nil || $0.action == action) }
    }

    func fireActions() {
        for handler in handlers { handler(self) }
        for (target, action) in targets {
            guard let object = target.object as? ActionTarget else { continue }
            _ = object.perform(action, with: self)
        }
    }

    // MARK: Failure requirements

    /// This recognizer recognizes only after `other` failed (or never took part); it fails if
    /// `other` recognizes. A requirement on itself, or one that would close a cycle, is refused
    /// with a diagnostic.
    public func require(toFail other: GestureRecognizer) {
        if other === self {
            return ResponderDiagnostics.report(.gesture("\(displayName) cannot require itself to fail; ignored"))
        }
        if other.requiresFailure(of: self) {
            return ResponderDiagnostics.report(
                .gesture(
                    "\(displayName) requiring \(other.displayName) to fail would close a cycle; ignored"))
        }
        failureRequirements.removeAll { $0.object == nil }
        guard !failureRequirements.contains(where: { $0.object === other }) else { return }
        failureRequirements.append(WeakObject(other))
    }

    /// The recognizers given to `require(toFail:)` that are still alive.
    var requiredToFail: [GestureRecognizer] { failureRequirements.compactMap { $0.object as? GestureRecognizer } }

    /// Whether this recognizer, through its `require(toFail:)` chain, waits for `other`.
    func requiresFailure(of other: GestureRecognizer) -> Bool {
        var seen: Set<ObjectIdentifier> = []
        var stack = [self]
        while let current = stack.popLast() {
            guard seen.insert(ObjectIdentifier(current)).inserted else { continue }
            for required in current.requiredToFail {
                if required === other { return true }
                stack.append(required)
            }
        }
        return false
    }

    // MARK: Overridable policy (UIKit's subclass header)

    /// Whether this recognizer, recognizing, may prevent `preventedGestureRecognizer` (default true).
    open func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer`, recognizing, may prevent this one (default true).
    open func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { true }
    /// Return true to wait for `otherGestureRecognizer` to fail, decided while both take part.
    open func shouldRequireFailure(of otherGestureRecognizer: GestureRecognizer) -> Bool { false }
    /// Return true to make `otherGestureRecognizer` wait for this one to fail.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: GestureRecognizer) -> Bool { false }

    // MARK: Subclass hooks

    /// Touches began in the view or its subviews; subclasses decide their state here.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    /// The recognizer's touches moved.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    /// The recognizer's touches lifted.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    /// The default cancels a gesture in progress and fails an undecided one.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .began, .changed: state = .cancelled
        case .possible: state = .failed
        default: break
        }
    }

    /// Called once the recognizer finished (ended, cancelled or failed) and its touches are gone,
    /// before it returns to `.possible`. Subclasses clear their per-gesture state here.
    open func reset() {}

    /// Stops delivering `touch` to this recognizer; it no longer delays the touch for its view.
    public func ignore(_ touch: Touch, for event: Event) {
        forget(touch)
        touch.gestureRecognizers.removeAll { $0 === self }
    }

    // MARK: Indirect input (scroll, touchpad gestures, hover; in the class body so the concrete
    // recognizers can override them)

    /// Whether this recognizer wants an indirect stream of this kind; the concrete recognizers
    /// that UIKit drives from pointers answer true.
    func accepts(_ input: IndirectInput) -> Bool { false }
    /// A stream it accepted started (the first event of it follows through `indirectChanged`).
    func indirectBegan(_ input: IndirectInput, at time: Double) {}
    func indirectChanged(_ input: IndirectInput, at time: Double) {}
    /// The stream ended (or the device cancelled it). The default ends a gesture in progress and
    /// fails an undecided one.
    func indirectEnded(cancelled: Bool, at time: Double) {
        switch state {
        case .began, .changed: state = cancelled ? .cancelled : .ended
        case .possible: state = .failed
        default: break
        }
    }

    // MARK: State requests

    private func request(_ new: State) {
        let current = state
        if new == current, new == .possible || new == .failed { return }
        guard GestureStage.isLegal(from: current.stage, to: new.stage) else {
            ResponderDiagnostics.report(.gesture("\(displayName): state \(current) → \(new) is not a legal transition; ignored"))
            return
        }
        if let arena = arena ?? view?.window?.application.gestureArena {
            arena.request(new, from: self)
        } else {
            // Not in a window: there is nothing to arbitrate with, so the change applies at once.
            guard transition(to: new.stage) else { return }
            if new != .failed { fireActions() }
            if stage.isFinished { _ = transition(to: .possible); stateLog.removeAll() }
        }
    }

    /// The one place a stage changes: checked against `GestureStage.legalTransitions` (an illegal
    /// change is reported and refused), recorded in `stateLog`, and shown to `GestureTrace`.
    @discardableResult
    func transition(to next: GestureStage) -> Bool {
        guard GestureStage.isLegal(from: stage, to: next) else {
            ResponderDiagnostics.report(.gesture("\(displayName): \(stage) → \(next) is not a legal transition; refused"))
            return false
        }
        let previous = stage
        stage = next
        if previous.state != next.state || next == .changed { stateLog.append(next.state) }
        if let observer = GestureTrace.observer { observer(GestureTrace.Transition(recognizer: self, from: previous, to: next)) }
        return true
    }

    /// The name logs use: `name`, else the type name without "GestureRecognizer".
    public var displayName: String {
        if let name { return name }
        let type = "\(Swift.type(of: self))"
        if type.hasSuffix("GestureRecognizer"), type.count > "GestureRecognizer".count {
            return String(type.dropLast("GestureRecognizer".count))
        }
        return type
    }
}
