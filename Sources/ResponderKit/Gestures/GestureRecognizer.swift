/// Turns a touch sequence into a gesture (UIKit's `UIGestureRecognizer`). Recognizers on the hit
/// view and its ancestors see each touch before the view does; when one recognizes (state `.began`
/// or `.ended`) and `cancelsTouchesInView` is true, the view's delivery of its touches ends with
/// `touchesCancelled` (seed 001: "If one recognizes, it can cancel delivery to the view entirely").
///
/// Subclasses override the `touches…` methods and set `state`, as UIKit's subclass header allows.
/// This base covers delivery, states, targets, the delegate and exclusivity; the concrete
/// recognizers beyond `TapGestureRecognizer` arrive with the gestures issue.
@MainActor
open class GestureRecognizer {
    public enum State: Sendable, Equatable, CustomStringConvertible {
        case possible, began, changed, ended, cancelled, failed
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

    /// Setting the state fires the targets on `.began`, `.changed`, `.ended` and `.cancelled`.
    public var state: State = .possible {
        didSet {
            guard state != oldValue else { return }
            stateLog.append(state)
            switch state {
            case .began, .changed, .ended, .cancelled:
                if oldValue == .possible, delegate?.gestureRecognizerShouldBegin(self) == false {
                    state = .failed
                    return
                }
                if state == .began || state == .ended { GestureArena.didRecognize(self) }
                fireTargets()
            default: break
            }
        }
    }

    public internal(set) weak var view: View?
    public var isEnabled = true {
        didSet { if !isEnabled, state != .possible { state = (state == .began || state == .changed) ? .cancelled : .failed } }
    }
    public var cancelsTouchesInView = true
    public var delaysTouchesBegan = false
    public var delaysTouchesEnded = true
    public weak var delegate: GestureRecognizerDelegate?
    /// Every state this recognizer went through since the last reset (for tests and tracing).
    public private(set) var stateLog: [State] = []

    private var targets: [(target: Weak, action: Selector)] = []
    private var handlers: [@MainActor (GestureRecognizer) -> Void] = []
    /// The touches this recognizer is tracking.
    public internal(set) var trackedTouches: [Touch] = []
    private var failureRequirements: [Weak] = []

    private final class Weak { weak var object: AnyObject?; init(_ o: AnyObject?) { object = o } }

    public init(target: AnyObject?, action: Selector?) {
        if let action { targets.append((Weak(target), action)) }
    }

    /// A recognizer that calls `handler` on each state change that fires targets.
    public init(handler: @escaping @MainActor (GestureRecognizer) -> Void) {
        handlers.append(handler)
    }

    public convenience init() { self.init(target: nil, action: nil) }

    public func addTarget(_ target: AnyObject, action: Selector) { targets.append((Weak(target), action)) }
    public func removeTarget(_ target: AnyObject?, action: Selector?) {
        targets.removeAll { (target == nil || $0.target.object === target) && (action == nil || $0.action == action) }
    }

    /// This recognizer recognizes only after `other` failed (recorded; enforced by the arena).
    public func require(toFail other: GestureRecognizer) { failureRequirements.append(Weak(other)) }
    var requiredToFail: [GestureRecognizer] { failureRequirements.compactMap { $0.object as? GestureRecognizer } }

    private func fireTargets() {
        for handler in handlers { handler(self) }
        for (target, action) in targets {
            guard let object = target.object as? ActionTarget else { continue }
            object.perform(action, with: self)
        }
    }

    // MARK: Subclass hooks

    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        if state == .began || state == .changed { state = .cancelled } else if state == .possible { state = .failed }
    }

    /// Called after the recognizer finished (ended, cancelled or failed) and its touches are gone.
    open func reset() {}

    // MARK: Location

    public var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the tracked touches in `view`'s coordinates (the window's when nil).
    public func location(in view: View?) -> Point {
        guard !trackedTouches.isEmpty else { return lastLocation.map { view?.convert($0, from: nil) ?? $0 } ?? .zero }
        var x = 0.0, y = 0.0
        for touch in trackedTouches { let p = touch.location(in: view); x += p.x; y += p.y }
        return Point(x: x / Double(trackedTouches.count), y: y / Double(trackedTouches.count))
    }

    public func location(ofTouch index: Int, in view: View?) -> Point {
        guard trackedTouches.indices.contains(index) else { return .zero }
        return trackedTouches[index].location(in: view)
    }

    var lastLocation: Point?

    // MARK: Arena bookkeeping

    func touchDidFinish(_ touch: Touch) {
        lastLocation = touch.locationInWindow
        trackedTouches.removeAll { $0 === touch }
        if trackedTouches.isEmpty {
            switch state {
            case .possible: state = .failed
            case .began, .changed: break
            default: break
            }
            if state == .ended || state == .cancelled || state == .failed { resetNow() }
        }
    }

    func resetNow() {
        reset()
        stateLog.removeAll()
        state = .possible
        stateLog.removeAll()
    }

    func detachedFromView() {
        if state == .began || state == .changed { state = .cancelled }
        trackedTouches.removeAll()
        resetNow()
    }
}

/// Questions a recognizer asks its delegate (UIKit's `UIGestureRecognizerDelegate`).
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
}
