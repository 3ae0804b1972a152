import ResponderKit

/// What each responder was told about each touch, checked as it happens: the core must give the
/// touch's own view `touchesBegan`, then any number of moves, then exactly one `touchesEnded` or
/// `touchesCancelled`, and nothing after; a responder reached by forwarding along `next` must get
/// nothing for a touch after it was told the touch ended. (Forwarded responders may miss a began:
/// the chain can change while a touch is down, as in UIKit.)
///
/// Touches are kept (strongly) until `reset`, so a finished touch's identity is never reused by a
/// new one while the ledger still remembers it.
@MainActor
public final class TouchLedger {
    private enum State { case open, closed }
    private struct Key: Hashable {
        let responder: ObjectIdentifier
        let touch: ObjectIdentifier
    }

    private var direct: [Key: State] = [:]
    private var forwarded: Set<Key> = []  // forwarded responders that saw the end
    private var touches: [Touch] = []
    private var responders: [ObjectIdentifier: String] = [:]
    /// The first broken rule, if any.
    public private(set) var violation: String?

    public init() {}

    /// Records one `touches…` call on `responder` for `touch`.
    public func record(_ phase: Touch.Phase, _ touch: Touch, at responder: Responder) {
        let key = Key(responder: ObjectIdentifier(responder), touch: ObjectIdentifier(touch))
        responders[key.responder] = "\(type(of: responder))"
        if touch.view === responder {
            switch (phase, direct[key]) {
            case (.began, nil):
                direct[key] = .open
                touches.append(touch)
            case (.began, _):
                fail("touchesBegan twice for one touch on \(type(of: responder)) (\(touch))")
            case (.moved, .open?), (.stationary, .open?):
                break
            case (.ended, .open?), (.cancelled, .open?):
                direct[key] = .closed
            case (_, .closed?):
                fail("\(TouchLedger.method(phase)) after the touch ended on its view \(type(of: responder)) (\(touch))")
            case (_, nil):
                fail("\(TouchLedger.method(phase)) on its view \(type(of: responder)) without touchesBegan (\(touch))")
            }
        } else {
            if forwarded.contains(key) {
                fail("forwarded \(TouchLedger.method(phase)) reached \(type(of: responder)) after that touch ended there (\(touch))")
            }
            if phase == .ended || phase == .cancelled { forwarded.insert(key) }
        }
    }

    /// Touches whose view saw a began but neither an end nor a cancel.
    public var openTouches: Int { direct.values.filter { $0 == .open }.count }

    /// Forgets everything (after the end-of-run checks, before the leak check).
    public func reset() {
        direct.removeAll()
        forwarded.removeAll()
        touches.removeAll()
        responders.removeAll()
    }

    static func method(_ phase: Touch.Phase) -> String {
        switch phase {
        case .began: "touchesBegan"
        case .moved: "touchesMoved"
        case .stationary: "touches(stationary)"
        case .ended: "touchesEnded"
        case .cancelled: "touchesCancelled"
        }
    }

    private func fail(_ message: String) {
        if violation == nil { violation = message }
    }
}
