/// A window's touch table: touch changes are staged as they arrive and applied as one frame when
/// the application commits it (`Application.commitTouchFrame`). Hit testing runs once, at
/// touch-down; the touch keeps its view for life. The table only holds and updates touches: it
/// never delivers (that is `TouchDelivery`, reached through `Application.sendEvent` →
/// `Window.sendEvent`) and never calls back into the application — when a change cannot join the
/// frame being collected, `stage` says so and the application commits first.
///
/// Applying a frame marks on each changed touch what its view is owed (`Touch.owed`); delivery
/// pays that out, possibly later when a recognizer delays it.
///
/// Steady state allocates nothing per routed move: the `Event` is reused, the staging buffer keeps
/// its capacity. The fields read per event are one value with unchecked exclusivity (main-actor
/// confined; the runtime checks cost more than the routing).
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

    /// What `stage` did with a change.
    enum StageResult {
        /// Staged in the current frame.
        case staged
        /// Dropped (reported, or an expected leftover of a touch the core cancelled).
        case dropped
        /// It cannot merge with the change already staged for that touch (a down then an up: a
        /// tap inside one frame): commit the frame, then stage it again.
        case commitFirst
        /// A down for an id that is still open (the device reused it): end the open touch in a
        /// frame of its own, then stage the down again.
        case endOpenTouchFirst
    }

    private struct Staged {
        var id: TouchIdentifier
        var change: Change
    }

    /// The table's fields, read per routed move, in one value so that one field skips Swift's
    /// dynamic exclusivity check for all of them (with a check per access a routed move costs ~700
    /// more instructions: `valgrind --tool=callgrind` on `hitbench --dispatch-only`, app-5k).
    private struct Table {
        var open: [TouchIdentifier: Touch] = [:]
        var order: [Touch] = []
        var staged: [Staged] = []
        var stagedTime: Double = 0
        var frameNumber: UInt64 = 0
        var downsInFrame = 0
        var endsInFrame = 0
        var detachedCheckPending = false
        var cancelledByCore: Set<TouchIdentifier> = []
    }
    /// Invariant (the unchecked exclusivity below): touched only on the main actor (the class is
    /// `@MainActor`; `Application.handle` asserts it in debug builds) and never accessed
    /// overlappingly — private, reached only through the accessors below, and no `inout` access to
    /// it spans a call out of the table (loops index the arrays afresh or iterate over copies).
    @exclusivity(unchecked) private var hot = Table()

    /// Open touches by identifier, and in the order they went down.
    private(set) var open: [TouchIdentifier: Touch] {
        get { hot.open }
        _modify { yield &hot.open }
    }
    private(set) var order: [Touch] {
        get { hot.order }
        _modify { yield &hot.order }
    }
    private var staged: [Staged] {
        get { hot.staged }
        _modify { yield &hot.staged }
    }
    /// The latest timestamp among the staged changes.
    private(set) var stagedTime: Double {
        get { hot.stagedTime }
        set { hot.stagedTime = newValue }
    }
    /// The window's touch event, reused for every frame (as UIKit reuses its touches event).
    private(set) lazy var event: Event = {
        let e = Event(type: .touches, timestamp: 0)
        e.windowRef = window
        isEventMade = true
        return e
    }()
    private var isEventMade = false
    /// Counts applied frames; a touch's `changedInFrame` says which frame changed it last.
    private(set) var frameNumber: UInt64 {
        get { hot.frameNumber }
        set { hot.frameNumber = newValue }
    }
    /// Touches that went down, and that ended or were cancelled, in the current frame.
    private(set) var downsInFrame: Int {
        get { hot.downsInFrame }
        set { hot.downsInFrame = newValue }
    }
    private(set) var endsInFrame: Int {
        get { hot.endsInFrame }
        set { hot.endsInFrame = newValue }
    }
    /// Views left the window while a frame was being delivered: check for orphaned touches after.
    var detachedCheckPending: Bool {
        get { hot.detachedCheckPending }
        set { hot.detachedCheckPending = newValue }
    }
    /// The window closed (left its scene, or the scene disconnected) while one of its frames was
    /// being delivered: every open touch is cancelled once that delivery ends
    /// (`Application.cancelAllTouches`), not in the middle of a handler that may still forward.
    var cancelAllPending = false

    /// Touches the core cancelled while the device still holds them (until their up arrives).
    private var cancelledByCore: Set<TouchIdentifier> {
        get { hot.cancelledByCore }
        _modify { yield &hot.cancelledByCore }
    }

    /// The last completed tap, for `tapCount`.
    private var lastTap: (view: ObjectIdentifier, location: Point, time: Double, count: Int)?

    /// Whether the touch `id` is open or staged here. Asked once per routed move (the window that
    /// owns a touch gets its changes): a scan of the few open touches costs less than hashing the
    /// identifier for `open` (cachegrind: ~250 instructions per move saved).
    /// - Complexity: O(open + staged touches), a handful.
    func owns(_ id: TouchIdentifier) -> Bool {
        for touch in order where touch.identifier == id { return true }
        return staged.contains { $0.id == id }
    }
    var hasOpenTouches: Bool { !order.isEmpty }
    var hasStagedChanges: Bool { !staged.isEmpty }
    var openTouches: [Touch] { order }

    // MARK: Staging

    /// Adds a change to the frame being collected, or says what must happen first.
    /// - Complexity: O(staged changes), a handful per frame.
    func stage(_ id: TouchIdentifier, _ change: Change, time: Double) -> StageResult {
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
                return .staged
            case let (.move(_, r), .move(p, radius)):
                staged[i].change = .move(p, majorRadius: radius ?? r)
                stagedTime = max(stagedTime, time)
                return .staged
            default:
                return .commitFirst
            }
        }
        if cancelledByCore.contains(id), open[id] == nil {
            // The core cancelled this touch (its view left, its window closed); the device still
            // reports it until the finger lifts. Its motion and up are expected: drop them quietly.
            switch change {
            case .down: cancelledByCore.remove(id)
            case .up, .cancel: cancelledByCore.remove(id); return .dropped
            case .move: return .dropped
            }
        }
        if case .down = change, let touch = open[id], !touch.isFinishing {
            ResponderDiagnostics.report(.droppedInput("touch \(id.slot) went down again while open; the old touch ends first"))
            return .endOpenTouchFirst
        }
        if open[id] == nil {
            switch change {
            case .down:
                // Checked here, after any commit a caller made first: its handlers may have
                // closed the window.
                guard let scene = window.windowScene, window.isInConnectedScene(of: scene.application) else {
                    ResponderDiagnostics.report(.droppedInput("touch \(id.slot) down in a window that is not in a connected scene"))
                    return .dropped
                }
            case .move:
                ResponderDiagnostics.report(.droppedInput("motion for touch \(id.slot), which is not down"))
                return .dropped
            case .up:
                ResponderDiagnostics.report(.droppedInput("touch \(id.slot) ended twice or never began"))
                return .dropped
            case .cancel: return .dropped
            }
        }
        if staged.isEmpty { stagedTime = time } else { stagedTime = max(stagedTime, time) }
        staged.append(Staged(id: id, change: change))
        return .staged
    }

    /// Remembers that the core cancelled `id`: the device's later motion and up are dropped quietly.
    func markCancelledByCore(_ id: TouchIdentifier) { cancelledByCore.insert(id) }

    /// The window is going away: the reused event (a handler may have kept it) lets go of it.
    func windowWillGo() {
        if isEventMade { event.windowRef = nil }
    }

    // MARK: Frames

    /// Applies the staged changes to the touches and returns the window's touch event for them,
    /// or nil when nothing was staged.
    /// - Complexity: O(changes + open touches), plus one hit test per touch-down; no allocation
    ///   for moves.
    func applyStaged(time: Double) -> Event? {
        guard !staged.isEmpty else { return nil }
        assert(LiveObjects.isLive(window), "a touch router outlived its window")
        frameNumber &+= 1
        downsInFrame = 0
        endsInFrame = 0
        // Index loop, then clear in place: the buffer is reused, so a frame allocates nothing.
        var i = 0
        while i < staged.count {
            apply(staged[i], time: time)
            i += 1
        }
        staged.removeAll(keepingCapacity: true)
        // A frame nested in another's delivery leaves the outer frame's finishing touches alone.
        for touch in order where touch.changedInFrame != frameNumber && !touch.isFinishing {
            touch.phase = .stationary
        }
        event.timestamp = time
        return event
    }

    private func apply(_ item: Staged, time: Double) {
        switch item.change {
        case let .down(location, radius, type):
            let view: View?
            if let monitor = window.application.latencyMonitor {
                let start = MonotonicClock.currentTime()
                view = window.hitTest(location, with: event)
                monitor.recordHitTest(MonotonicClock.currentTime() - start)
            } else {
                view = window.hitTest(location, with: event)
            }
            let touch = Touch(
                identifier: item.id, type: type, location: location, timestamp: time,
                window: window, view: view, tapCount: tapCount(for: view, at: location, time: time),
                majorRadius: radius)
            touch.changedInFrame = frameNumber
            touch.isBlocked = isBlocked(view)
            if !touch.isBlocked {
                event.touchSet.insert(touch)
            }
            // A touch that hit nothing has no view to owe anything to.
            if view == nil { touch.deliversToView = false } else if !touch.isBlocked { touch.owed = .began }
            open[item.id] = touch
            order.append(touch)
            downsInFrame += 1
        case let .move(location, radius):
            guard let touch = open[item.id], !touch.isFinishing else { return }
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = location
            if let radius { touch.majorRadius = radius }
            touch.timestamp = time
            touch.phase = .moved
            touch.changedInFrame = frameNumber
            if touch.deliversToView, !touch.isBlocked { touch.owed.insert(.moved) }
        case .up:
            guard let touch = open[item.id], !touch.isFinishing else { return }
            touch.timestamp = time
            touch.phase = .ended
            touch.changedInFrame = frameNumber
            endsInFrame += 1
            if touch.deliversToView, !touch.isBlocked { touch.owed.insert(.ended) }
        case .cancel:
            // A touch that ended or was cancelled in a frame still being delivered (a handler
            // closed the window meanwhile) is finishing: it gets nothing more.
            guard let touch = open[item.id], !touch.isFinishing else { return }
            touch.timestamp = time
            touch.phase = .cancelled
            touch.changedInFrame = frameNumber
            endsInFrame += 1
            // A view that saw the touch begin hears it was cancelled; one that did not (its
            // began is still delayed) never hears of it.
            if touch.deliversToView, !touch.isBlocked { touch.owed = touch.viewBegan ? .cancelled : [] }
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
            location.distance(to: last.location) <= app.multiTapDistance
        else { return 1 }
        return last.count + 1
    }

    /// Removes the touches that ended or were cancelled in `frame`, just delivered (a frame nested
    /// in its delivery leaves them to it, so their recognizers hear of their end).
    /// - Complexity: O(open touches).
    func finishFrame(_ frame: UInt64, time: Double) {
        var i = 0
        while i < order.count {
            let touch = order[i]
            if touch.isFinishing, touch.changedInFrame == frame {
                if touch.phase == .ended, let view = touch.view, !touch.isBlocked {
                    lastTap = (ObjectIdentifier(view), touch.locationInWindow, time, touch.tapCount)
                } else if touch.phase == .cancelled {
                    lastTap = nil
                }
                // A down that reused the id in a nested frame may have taken its place already.
                if open[touch.identifier] === touch { open[touch.identifier] = nil }
                event.touchSet.remove(touch)
                order.remove(at: i)
            } else {
                i += 1
            }
        }
    }

    /// Open touches whose view is no longer in this window.
    func touchesOnDetachedViews() -> [Touch] {
        order.filter { $0.view != nil && $0.view!.window !== window }
    }
}
