/// A window's touch table and its delivery: touch changes are staged as they arrive and routed as
/// one `Event` per frame. Hit testing runs once, at touch-down; the touch keeps its view for life.
///
/// Delivery order for a frame (seed 001, "Hit-testing decides where the chain starts"): gesture
/// recognizers on the hit view and its ancestors first, then the views, phase by phase (began,
/// moved, ended, cancelled), one `touches…` call per view with that view's touches of the phase.
/// Each call starts a fresh walk along `next` (the defaults forward; see `ChainWalk`).
///
/// Steady state allocates nothing per routed move: the `Event` and the per-call `Set<Touch>` are
/// reused (the set keeps its storage unless a handler keeps a copy). `open`, `order`, `staged`,
/// `group` and `cancelledByCore` skip Swift's dynamic exclusivity check: `hitbench
/// --dispatch-only` under cachegrind measured 80–790 instructions per routed move for each check;
/// the other fields showed no difference and keep it. Invariant of those five: touched only on
/// the main actor (asserted by `Application.handle` in debug builds) and never accessed
/// overlappingly — no `inout` access spans a call into app code (delivery iterates by index and
/// hands handlers copies).
@MainActor
final class TouchRouter {
    /// Invariant (unowned(unsafe)): the window that owns this router (`Window.touchRouter`, a
    /// `let`); the router is never handed out, so it cannot outlive the window. Checked at each
    /// commit and delivery in debug builds.
    unowned(unsafe) var window: Window!

    enum Change {
        case down(Point, majorRadius: Double, type: Touch.TouchType)
        case move(Point, majorRadius: Double?)
        case up
        case cancel
    }

    private struct Staged {
        var id: TouchIdentifier
        var change: Change
    }

    /// Open touches by identifier, and in the order they went down.
    @exclusivity(unchecked) private(set) var open: [TouchIdentifier: Touch] = [:]
    @exclusivity(unchecked) private(set) var order: [Touch] = []
    @exclusivity(unchecked) private var staged: [Staged] = []
    private var stagedTime: Double = 0
    private lazy var event: Event = {
        let e = Event(type: .touches, timestamp: 0)
        e.windowRef = window
        isEventMade = true
        return e
    }()
    private var isEventMade = false
    /// The set handed to one `touches…` call, reused between calls.
    @exclusivity(unchecked) private var group: Set<Touch> = []
    private var frameNumber: UInt64 = 0
    private var isDelivering = false
    private var detachedCheckPending = false

    /// Touches the core cancelled while the device still holds them (until their up arrives).
    @exclusivity(unchecked) private var cancelledByCore: Set<TouchIdentifier> = []

    /// The last completed tap, for `tapCount`.
    private var lastTap: (view: ObjectIdentifier, location: Point, time: Double, count: Int)?

    func owns(_ id: TouchIdentifier) -> Bool { open[id] != nil || staged.contains { $0.id == id } }
    var hasOpenTouches: Bool { !order.isEmpty }
    var hasStagedChanges: Bool { !staged.isEmpty }
    var openTouches: [Touch] { order }

    // MARK: Staging

    /// Adds a change to the frame being collected. A second change to the same touch that cannot
    /// merge with the first (a down then an up: a tap inside one frame) routes the frame first, so
    /// a touch never begins and ends in one event.
    func stage(_ id: TouchIdentifier, _ change: Change, time: Double) {
        var found: Int?
        var j = 0
        while j < staged.count {
            if staged[j].id == id { found = j; break }
            j += 1
        }
        if let i = found {
            switch (staged[i].change, change) {
            case let (.down(_, r, t), .move(p, radius)):
                staged[i].change = .down(p, majorRadius: radius ?? r, type: t)
                stagedTime = max(stagedTime, time)
                return
            case let (.move(_, r), .move(p, radius)):
                staged[i].change = .move(p, majorRadius: radius ?? r)
                stagedTime = max(stagedTime, time)
                return
            default:
                commit(time: stagedTime)
            }
        }
        if cancelledByCore.contains(id), open[id] == nil {
            // The core cancelled this touch (its view left, its window closed); the device still
            // reports it until the finger lifts. Its motion and up are expected: drop them quietly.
            switch change {
            case .down: cancelledByCore.remove(id)
            case .up, .cancel: cancelledByCore.remove(id); return
            case .move: return
            }
        }
        if case .down = change, open[id] != nil {
            // The device reused an id that never went up: end the old touch first.
            ResponderDiagnostics.report(.droppedInput("touch \(id.slot) went down again while open; the old touch ends first"))
            stage(id, .up, time: time)
            commit(time: time)
        }
        if open[id] == nil, !(staged.contains { $0.id == id }) {
            switch change {
            case .down: break
            case .move: return ResponderDiagnostics.report(.droppedInput("motion for touch \(id.slot), which is not down"))
            case .up: return ResponderDiagnostics.report(.droppedInput("touch \(id.slot) ended twice or never began"))
            case .cancel: return
            }
        }
        if staged.isEmpty { stagedTime = time } else { stagedTime = max(stagedTime, time) }
        staged.append(Staged(id: id, change: change))
    }

    /// Cancels every open touch (a device cancel, a window closing), routing one event.
    func cancelAll(timestamp: Double) {
        guard !order.isEmpty || !staged.isEmpty else { return }
        commit(time: timestamp)
        for touch in order {
            stage(touch.identifier, .cancel, time: timestamp)
            cancelledByCore.insert(touch.identifier)
        }
        commit(time: timestamp)
    }

    /// Cancels the open touches of one device.
    func cancel(device: InputDeviceID, timestamp: Double) {
        commit(time: timestamp)
        for touch in order where touch.identifier.device == device { stage(touch.identifier, .cancel, time: timestamp) }
        commit(time: timestamp)
    }

    // MARK: Frames

    /// Applies the staged changes and routes them as one event through the application.
    func commit(time: Double) {
        guard !staged.isEmpty else { return }
        assert(LiveObjects.isLive(window), "a touch router outlived its window")
        frameNumber &+= 1
        // Index loop, then clear in place: the buffer is reused, so a frame allocates nothing.
        var i = 0
        while i < staged.count {
            apply(staged[i], time: time)
            i += 1
        }
        staged.removeAll(keepingCapacity: true)
        for touch in order where touch.changedInFrame != frameNumber {
            touch.phase = .stationary
        }
        event.timestamp = time
        window.application.sendEvent(event)
        finishFrame(time: time)
    }

    private func apply(_ item: Staged, time: Double) {
        switch item.change {
        case let .down(location, radius, type):
            let view = window.hitTest(location, with: event)
            let touch = Touch(identifier: item.id, type: type, location: location, timestamp: time,
                              window: window, view: view, tapCount: tapCount(for: view, at: location, time: time),
                              majorRadius: radius)
            touch.changedInFrame = frameNumber
            touch.isBlocked = isBlocked(view)
            if !touch.isBlocked { touch.gestureRecognizers = GestureArena.recognizers(for: view, touch: touch) }
            open[item.id] = touch
            order.append(touch)
            if !touch.isBlocked { event.touchSet.insert(touch) }
        case let .move(location, radius):
            guard let touch = open[item.id] else { return }
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = location
            if let radius { touch.majorRadius = radius }
            touch.timestamp = time
            touch.phase = .moved
            touch.changedInFrame = frameNumber
        case .up:
            guard let touch = open[item.id] else { return }
            touch.timestamp = time
            touch.phase = .ended
            touch.changedInFrame = frameNumber
        case .cancel:
            guard let touch = open[item.id] else { return }
            touch.timestamp = time
            touch.phase = .cancelled
            touch.changedInFrame = frameNumber
        }
    }

    /// `isMultipleTouchEnabled` and `isExclusiveTouch`: a second touch on a view that takes one
    /// touch, a touch while an exclusive view is touched, or a touch on an exclusive view while
    /// others are touched, reaches nobody (it stays tracked until it ends).
    private func isBlocked(_ view: View?) -> Bool {
        guard let view else { return false }
        for other in order where !other.isBlocked {
            guard let otherView = other.view else { continue }
            if otherView === view {
                if !view.isMultipleTouchEnabled { return true }
            } else if otherView.isExclusiveTouch || view.isExclusiveTouch {
                return true
            }
        }
        return false
    }

    private func tapCount(for view: View?, at location: Point, time: Double) -> Int {
        guard let view, let last = lastTap, last.view == ObjectIdentifier(view) else { return 1 }
        let app = window.application
        guard time - last.time <= app.multiTapInterval + 1e-9, time >= last.time,
              location.distance(to: last.location) <= app.multiTapDistance else { return 1 }
        return last.count + 1
    }

    private func finishFrame(time: Double) {
        var i = 0
        while i < order.count {
            let touch = order[i]
            if touch.phase == .ended || touch.phase == .cancelled {
                if touch.phase == .ended, let view = touch.view, !touch.isBlocked {
                    lastTap = (ObjectIdentifier(view), touch.locationInWindow, time, touch.tapCount)
                } else if touch.phase == .cancelled {
                    lastTap = nil
                }
                open[touch.identifier] = nil
                event.touchSet.remove(touch)
                order.remove(at: i)
                for recognizer in touch.gestureRecognizers { recognizer.touchDidFinish(touch) }
            } else {
                i += 1
            }
        }
        if detachedCheckPending { cancelDetachedTouches(time: time) }
    }

    // MARK: Delivery (Window.sendEvent)

    func deliver(_ event: Event) {
        assert(LiveObjects.isLive(window), "a touch router outlived its window")
        isDelivering = true
        defer { isDelivering = false }
        GestureArena.deliver(order, frame: frameNumber, event: event)
        deliver(phase: .began, event: event)
        deliver(phase: .moved, event: event)
        deliver(phase: .ended, event: event)
        deliver(phase: .cancelled, event: event)
    }

    private func deliver(phase: Touch.Phase, event: Event) {
        let n = order.count
        var i = 0
        while i < n, i < order.count {
            let touch = order[i]
            i += 1
            guard touch.phase == phase, touch.deliveredInFrame != frameNumber, !touch.isBlocked,
                  touch.deliversToView, let view = touch.view else { continue }
            group.removeAll(keepingCapacity: true)
            var j = i - 1
            while j < order.count {
                let t = order[j]
                if t.phase == phase, t.view === view, !t.isBlocked, t.deliversToView, t.deliveredInFrame != frameNumber {
                    t.deliveredInFrame = frameNumber
                    group.insert(t)
                }
                j += 1
            }
            send(phase, to: view, event: event)
        }
        group.removeAll(keepingCapacity: true)
    }

    private func send(_ phase: Touch.Phase, to view: View, event: Event) {
        let touches = group
        ChainWalk.begin(at: view) {
            switch phase {
            case .began: view.touchesBegan(touches, with: event)
            case .moved: view.touchesMoved(touches, with: event)
            case .ended: view.touchesEnded(touches, with: event)
            case .cancelled: view.touchesCancelled(touches, with: event)
            case .stationary: break
            }
        }
    }

    /// A recognizer took a touch: its view gets `touchesCancelled` if it already saw the touch.
    func cancelViewDelivery(of touch: Touch, event: Event) {
        guard touch.deliversToView else { return }
        touch.deliversToView = false
        guard touch.changedInFrame != frameNumber || touch.phase != .began, let view = touch.view else { return }
        let touches: Set<Touch> = [touch]
        ChainWalk.begin(at: view) { view.touchesCancelled(touches, with: event) }
    }

    /// The window is going away: the reused event (a handler may have kept it) lets go of it.
    func windowWillGo() {
        if isEventMade { event.windowRef = nil }
    }

    // MARK: Views leaving the window

    /// Some subtree left the window: touches on views inside are cancelled (now, or after the
    /// current delivery) so none is leaked.
    func viewsDidLeave() {
        if isDelivering || !staged.isEmpty {
            detachedCheckPending = true
        } else {
            cancelDetachedTouches(time: window.application.clock.now)
        }
    }

    private func cancelDetachedTouches(time: Double) {
        detachedCheckPending = false
        var any = false
        for touch in order where touch.view != nil && touch.view!.window !== window {
            stage(touch.identifier, .cancel, time: time)
            cancelledByCore.insert(touch.identifier)
            any = true
        }
        if any { commit(time: time) }
    }
}
