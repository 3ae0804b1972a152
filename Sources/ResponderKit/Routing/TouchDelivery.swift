/// Delivers a window's touch frames (UIKit's `UIWindow.sendEvent` for touches): gesture recognizers
/// on the hit view and all its ancestors first, then the views, phase by phase (began, moved,
/// ended, cancelled), one `touches…` call per view with that view's touches of the phase. Each
/// call starts a fresh walk along `next` (the defaults forward; see `ChainWalk`).
///
/// A frame runs one way: the recognizers' hooks (the arena settles after each, so a winner's
/// rivals fail before their own hook), then the arena's decisions (touches a winner took), then
/// the views get what they are owed and what the recognizers allow: `delaysTouchesBegan` holds a
/// touch's began and moves while such a recognizer is undecided, `delaysTouchesEnded` holds its
/// ended; a touch whose view is still owed a phase when it ends stays here (`held`) until the
/// recognizers decide — on a later frame or a timer.
///
/// The fields read per routed move (`router`, `held`, `group`, `deliveryDepth`, `lastFrame`) are
/// one value that skips Swift's dynamic exclusivity check; its invariant is stated where declared.
@MainActor
final class TouchDelivery {
    /// Invariant (unowned(unsafe)): the window that owns this delivery (`Window.touchDelivery`, a
    /// `let`); never handed out, so it cannot outlive the window.
    unowned(unsafe) var window: Window!
    /// The fields read per routed move, in one value so that one field skips Swift's dynamic
    /// exclusivity check for all of them (measured with the other routing fields, see `Touch`).
    private struct Hot {
        /// The window's touch table (read only here), held without a reference count: the window
        /// owns both, and the routing path reads it per touch. Invariant (unowned(unsafe)): set
        /// once by the window that owns both, so it never outlives the table.
        unowned(unsafe) var router: TouchRouter?
        var held: [Touch] = []
        var group: Set<Touch> = []
        var deliveryDepth = 0
        var lastFrame: UInt64 = 0
    }
    /// Invariant (the unchecked exclusivity below): touched only on the main actor (`Application.handle`
    /// asserts it in debug builds) and never accessed overlappingly — private, reached only
    /// through the accessors below; delivery iterates by index or over copies, and no `inout`
    /// access spans a call into app code (a handler may start a nested frame).
    @exclusivity(unchecked) private var hot = Hot()

    /// The window's touch table (read only here).
    var router: TouchRouter! {
        get { hot.router }
        set { hot.router = newValue }
    }
    /// Finished touches whose view is still owed a phase.
    private(set) var held: [Touch] {
        get { hot.held }
        _modify { yield &hot.held }
    }
    /// The set handed to one `touches…` call, reused between calls (it keeps its storage unless a
    /// handler keeps a copy).
    private var group: Set<Touch> {
        get { hot.group }
        _modify { yield &hot.group }
    }
    private var hookSet: Set<Touch> = []
    /// Nesting depth of `deliver` (a handler can close the window's scene, which cancels inside).
    private(set) var deliveryDepth: Int {
        get { hot.deliveryDepth }
        set { hot.deliveryDepth = newValue }
    }
    /// The last frame `deliver` saw (the application sweeps frames an override swallowed).
    private var lastFrame: UInt64 {
        get { hot.lastFrame }
        set { hot.lastFrame = newValue }
    }

    private static let phases: [Touch.Phase] = [.began, .moved, .ended, .cancelled]
    var isDelivering: Bool { deliveryDepth > 0 }

    // MARK: A frame

    /// Delivers the frame the touch table just applied.
    /// - Complexity: O(open touches) per phase plus the recognizers and responders called; with no
    ///   recognizer involved a routed move allocates nothing.
    func deliver(_ event: Event) {
        let application = event.application ?? window.application
        let arena = application.gestureArena
        let frame = router.frameNumber
        lastFrame = max(lastFrame, frame)
        deliveryDepth += 1
        arena.depth += 1
        defer {
            arena.depth -= 1
            deliveryDepth -= 1
        }
        if router.downsInFrame > 0 { assignRecognizers(frame: frame, arena: arena) }
        if !arena.isIdle {
            runRecognizerHooks(event, frame: frame, arena: arena)
            arena.apply(arena.takeDecisions())
        }
        flush()
        if router.endsInFrame > 0 { endFrame(frame) }
        if !arena.isIdle || arena.hasWork {
            arena.runRounds()
            flush()
        }
    }

    /// For a frame that `Window.sendEvent` did not pass on (an override filtered it): views are
    /// not owed what the app filtered out, and finished touches still leave their recognizers, so
    /// nothing waits on them.
    func sweepIfUndelivered(frame: UInt64) {
        // Frame numbers only grow, and a frame nested in this one's delivery has a larger number.
        guard lastFrame < frame else { return }
        lastFrame = frame
        for touch in router.order where touch.changedInFrame == frame { touch.owed.remove(ViewPhases(touch.phase)) }
        endFrame(frame)
        let application = window.application
        if !application.gestureArena.isIdle { application.gestureArena.settlePass() }
    }

    /// Touches that went down this frame get the enabled recognizers of their view and its
    /// ancestors, deepest first, that are undecided (waiting on a requirement included: it shares
    /// the new touch, so a winner on it excludes the waiting one) or in progress, and that their
    /// delegate lets receive the touch. A touch joining a gesture in progress that cancels
    /// touches in view is taken from its view at once.
    private func assignRecognizers(frame: UInt64, arena: GestureArena) {
        var i = 0
        while i < router.order.count {
            let touch = router.order[i]
            i += 1
            guard touch.changedInFrame == frame, touch.phase == .began, !touch.isBlocked else { continue }
            var current = touch.view
            while let view = current {
                if let recognizers = view.gestureRecognizers {
                    for recognizer in recognizers
                    where recognizer.isEnabled
                        && (recognizer.stage.isUndecided || recognizer.stage.isActive)
                    {
                        if recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) == false { continue }
                        touch.gestureRecognizers.append(recognizer)
                        recognizer.trackedTouches.append(touch)
                        recognizer.inputWindow = window
                        arena.join(recognizer)
                        if recognizer.stage.isActive, recognizer.cancelsTouchesInView {
                            touch.deliversToView = false
                            touch.owed = []
                        }
                    }
                }
                current = view.superview
            }
        }
    }

    /// Each recognizer gets one call per phase with its touches of that phase; the arena settles
    /// after every call.
    private func runRecognizerHooks(_ event: Event, frame: UInt64, arena: GestureArena) {
        for phase in TouchDelivery.phases {
            var i = 0
            while i < router.order.count {
                let touch = router.order[i]
                i += 1
                guard touch.changedInFrame == frame, touch.phase == phase, !touch.gestureRecognizers.isEmpty else { continue }
                var k = 0
                while k < touch.gestureRecognizers.count {
                    let recognizer = touch.gestureRecognizers[k]
                    k += 1
                    guard recognizer.isEnabled, recognizer.stage.isUndecided || recognizer.stage.isActive,
                        recognizer.hookFrame != frame || recognizer.hookPhase != phase,
                        recognizer.tracks(touch)
                    else { continue }
                    recognizer.hookFrame = frame
                    recognizer.hookPhase = phase
                    hookSet.removeAll(keepingCapacity: true)
                    var j = i - 1
                    while j < router.order.count {
                        let other = router.order[j]
                        if other.changedInFrame == frame, other.phase == phase, recognizer.tracks(other) { hookSet.insert(other) }
                        j += 1
                    }
                    let touches = hookSet
                    switch phase {
                    case .began: recognizer.touchesBegan(touches, with: event)
                    case .moved: recognizer.touchesMoved(touches, with: event)
                    case .ended: recognizer.touchesEnded(touches, with: event)
                    case .cancelled: recognizer.touchesCancelled(touches, with: event)
                    case .stationary: break
                    }
                    arena.settle()
                }
            }
        }
        hookSet.removeAll(keepingCapacity: true)
    }

    /// Touches that ended or were cancelled this frame leave their recognizers; those whose view
    /// is still owed a phase are held.
    private func endFrame(_ frame: UInt64) {
        var i = 0
        while i < router.order.count {
            let touch = router.order[i]
            i += 1
            guard touch.changedInFrame == frame, touch.phase == .ended || touch.phase == .cancelled else { continue }
            var k = 0
            while k < touch.gestureRecognizers.count {
                touch.gestureRecognizers[k].forget(touch)
                k += 1
            }
            if !touch.owed.isEmpty, !touch.isLingering {
                touch.isLingering = true
                held.append(touch)
            }
        }
    }

    // MARK: Decisions

    /// A recognizer took `touch`: its view hears `touchesCancelled` if it saw the touch begin,
    /// and nothing more.
    func take(_ touch: Touch) {
        guard touch.deliversToView else { return }
        touch.deliversToView = false
        touch.owed = touch.viewBegan ? .cancelled : []
    }

    /// Held touches whose delivery `recognizer` was delaying go with it when it takes its touches.
    func takeHeld(of recognizer: GestureRecognizer) {
        for touch in held where touch.gestureRecognizers.containsIdentical(recognizer) { take(touch) }
    }

    /// Held touches whose view left the window: a view that saw the touch begin hears it was
    /// cancelled, and nothing else is owed.
    func releaseDetachedHeld() {
        guard !held.isEmpty else { return }
        for touch in held where touch.view?.window !== window {
            touch.owed = touch.viewBegan && !touch.owed.isEmpty ? .cancelled : []
        }
        flush()
    }

    // MARK: Views

    /// Gives views every phase they are owed and may have now, open touches first, then held ones.
    /// - Complexity: O(open + held touches) per phase.
    func flush() {
        let event = router.event
        let holding = !held.isEmpty
        if holding {
            if !isDelivering { event.timestamp = max(event.timestamp, window.application.clock.now) }
            for touch in held { event.touchSet.insert(touch) }
        }
        // A snapshot: handlers may end touches (a nested frame) while this one is delivered; the
        // owed bits say what is still due either way. It allocates only when touches are held.
        let touches = holding ? router.order + held : router.order
        var due: ViewPhases = []
        for touch in touches { due.formUnion(touch.owed) }
        if due.contains(.began) { deliverOwed(.began, among: touches, event: event) }
        if due.contains(.moved) { deliverOwed(.moved, among: touches, event: event) }
        if due.contains(.ended) { deliverOwed(.ended, among: touches, event: event) }
        if due.contains(.cancelled) { deliverOwed(.cancelled, among: touches, event: event) }
        if holding {
            for touch in held { event.touchSet.remove(touch) }
            held.removeAll { touch in
                if touch.owed.isEmpty || touch.view == nil {
                    touch.isLingering = false
                    return true
                }
                return false
            }
        }
    }

    /// One `touches…` call per view, with every touch of that view the phase is due for.
    private func deliverOwed(_ phase: Touch.Phase, among touches: [Touch], event: Event) {
        let bit = ViewPhases(phase)
        let n = touches.count
        var i = 0
        while i < n {
            let first = touches[i]
            i += 1
            guard first.owed.contains(bit), let view = first.view, mayDeliver(phase, of: first) else { continue }
            group.removeAll(keepingCapacity: true)
            var j = i - 1
            while j < n {
                let t = touches[j]
                if t.owed.contains(bit), t.view === view, mayDeliver(phase, of: t) {
                    t.owed.remove(bit)
                    if phase == .began { t.viewBegan = true }
                    group.insert(t)
                }
                j += 1
            }
            send(phase, to: view, event: event)
        }
        group.removeAll(keepingCapacity: true)
    }

    /// Whether the view may have this phase of the touch now: phases go in order, and an
    /// undecided recognizer that delays touches holds them. Once a handler closed the window in
    /// this frame (`TouchRouter.cancelAllPending`), no touch begins any more: the cancel that
    /// follows the frame then skips the views that never saw one begin.
    @inline(__always)
    private func mayDeliver(_ phase: Touch.Phase, of touch: Touch) -> Bool {
        switch phase {
        case .began:
            return !router.cancelAllPending && !isDelayed(touch, endedToo: false)
        case .moved:
            return !touch.owed.contains(.began) && !isDelayed(touch, endedToo: false)
        case .ended:
            return !touch.owed.contains(.began) && !touch.owed.contains(.moved) && !isDelayed(touch, endedToo: true)
        case .cancelled:
            return !touch.owed.contains(.began)
        case .stationary:
            return false
        }
    }

    /// An undecided recognizer of the touch delays its began (and so everything after it), or,
    /// with `endedToo`, its ended.
    @inline(__always)
    private func isDelayed(_ touch: Touch, endedToo: Bool) -> Bool {
        if touch.gestureRecognizers.isEmpty { return false }
        for recognizer in touch.gestureRecognizers where recognizer.isUndecided {
            if recognizer.delaysTouchesBegan || (endedToo && recognizer.delaysTouchesEnded) { return true }
        }
        return false
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
}
