/// Decides between an application's gesture recognizers (UIKit's gesture environment; Flutter's
/// arena). The rule in one sentence: the first recognizer to begin or recognize wins the touches it
/// shares with others — each other undecided recognizer on them fails unless either side allows
/// simultaneous recognition — and a recognizer that requires another to fail waits, holding its
/// recognition, until that one fails (then it proceeds) or recognizes (then it fails).
///
/// Data flows one way. Recognizers only *request* states (`state = .began` from a hook or a
/// timer); the arena changes stages, all through `GestureRecognizer.transition(to:)`, fires targets,
/// and reports what concerns views as `GestureDecisions`, which the touch delivery applies. It
/// never calls into views or the touch table.
@MainActor
final class GestureArena {
    /// The fields every routed frame reads (`isIdle`, `hasWork`, the delivery's depth), in one
    /// value so that one field skips Swift's dynamic exclusivity check for all of them (measured
    /// with the other routing fields, see `Touch`).
    private struct Hot {
        var members: [GestureRecognizer] = []
        var queue: [GestureRecognizer] = []
        var depth = 0
        var hierarchyChanged = false
    }
    /// Invariant (the unchecked exclusivity below): touched only on the main actor (the class is
    /// `@MainActor`; `Application.handle` asserts it in debug builds) and never accessed
    /// overlappingly — private, reached only through the accessors below; the arena's loops index
    /// the lists afresh on each step or iterate over a copy, so no access is open while a
    /// recognizer or target runs.
    @exclusivity(unchecked) private var hot = Hot()

    /// Recognizers taking part: from their first input until their reset.
    private(set) var members: [GestureRecognizer] {
        get { hot.members }
        _modify { yield &hot.members }
    }
    /// Recognizers with requests (or to abandon), in the order they asked.
    private var queue: [GestureRecognizer] {
        get { hot.queue }
        _modify { yield &hot.queue }
    }
    /// Greater than zero while a pass runs (a frame's delivery, a timer, an app change): requests
    /// made meanwhile wait for that pass to settle them.
    var depth: Int {
        get { hot.depth }
        set { hot.depth = newValue }
    }
    private var hierarchyChanged: Bool {
        get { hot.hierarchyChanged }
        set { hot.hierarchyChanged = newValue }
    }
    private var decisions = GestureDecisions()
    /// Scratch list for failure requirements.
    private var required: [GestureRecognizer] = []

    init() {}

    /// Nobody takes part and nothing was asked: the routing fast path skips the arena.
    var isIdle: Bool { members.isEmpty && queue.isEmpty }
    /// Something waits to be settled.
    var hasWork: Bool { !queue.isEmpty || hierarchyChanged }

    // MARK: Entry points

    func join(_ recognizer: GestureRecognizer) {
        guard !recognizer.isInArena else { return }
        recognizer.isInArena = true
        recognizer.arena = self
        members.append(recognizer)
    }

    /// A recognizer asked for `state` (already checked against the transition table).
    func request(_ state: GestureRecognizer.State, from recognizer: GestureRecognizer) {
        join(recognizer)
        recognizer.pendingStates.append(state)
        enqueue(recognizer)
        if depth == 0 { settlePass() }
    }

    /// A recognizer was disabled or removed from its view: cancel or fail it.
    func abandon(_ recognizer: GestureRecognizer) {
        guard recognizer.isInArena else { return }
        recognizer.needsAbandon = true
        enqueue(recognizer)
        if depth == 0 { settlePass() }
    }

    /// Views left a window: recognizers whose view went with them are abandoned.
    func noteHierarchyChanged() {
        guard !members.isEmpty else { return }
        hierarchyChanged = true
        if depth == 0 { settlePass() }
    }

    private func enqueue(_ recognizer: GestureRecognizer) {
        guard !recognizer.isQueued else { return }
        recognizer.isQueued = true
        queue.append(recognizer)
    }

    /// Hands over what was decided since the last call.
    func takeDecisions() -> GestureDecisions {
        let taken = decisions
        decisions = GestureDecisions()
        return taken
    }

    // MARK: Settling

    /// Applies every pending request, then the consequences until nothing changes: abandoned
    /// recognizers, waiting ones whose requirements were decided, undecided ones left with no input
    /// and no timer (they fail, so nothing waits forever), and resets of finished ones whose input
    /// is gone. View-side consequences accumulate for `takeDecisions()`.
    /// - Complexity: O(m²) per round for m members (a handful in practice); nothing when idle.
    func settle() {
        guard !isIdle else { return }
        var rounds = 0
        var progress = true
        while progress {
            rounds += 1
            if rounds > 1_000 {
                ResponderDiagnostics.report(.gesture("recognizers kept changing each other's state; settling stopped"))
                break
            }
            progress = processQueue()
            if hierarchyChanged {
                hierarchyChanged = false
                if abandonDetached() { progress = true }
            }
            if resolveWaiting() { progress = true }
            if failStranded() { progress = true }
        }
        resetFinished()
    }

    private func processQueue() -> Bool {
        guard !queue.isEmpty else { return false }
        var i = 0
        while i < queue.count {
            let recognizer = queue[i]
            i += 1
            recognizer.isQueued = false
            if recognizer.needsAbandon || !recognizer.isEnabled || isDetached(recognizer) {
                recognizer.pendingStates.removeAll()
                abandonNow(recognizer)
                continue
            }
            // Taken out first: actions fired while applying must read the state being applied,
            // and requests they make queue the recognizer again.
            let states = recognizer.pendingStates
            recognizer.pendingStates.removeAll()
            for state in states { apply(state, to: recognizer) }
        }
        queue.removeAll(keepingCapacity: true)
        return true
    }

    /// One request, against the stage the arena has for the recognizer now. A request the arena
    /// overtook (the recognizer failed meanwhile, or waits) is moot and dropped.
    private func apply(_ state: GestureRecognizer.State, to recognizer: GestureRecognizer) {
        switch (recognizer.stage, state) {
        case (.possible, .began): admit(recognizer, to: .began)
        case (.possible, .ended): admit(recognizer, to: .ended)
        case (.possible, .failed), (.waitingToBegin, .failed), (.waitingToRecognize, .failed):
            fail(recognizer)
        case (.waitingToBegin, .ended):
            recognizer.transition(to: .waitingToRecognize)
        case (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
            (.began, .cancelled), (.changed, .cancelled):
            progress(recognizer, to: state.stage)
        default:
            break
        }
    }

    // MARK: Decisions about one recognizer

    /// Leaving `.possible`: wait for failure requirements, or fail because one recognized, or go.
    private func admit(_ recognizer: GestureRecognizer, to target: GestureStage) {
        switch requirementStatus(of: recognizer) {
        case .blocked:
            recognizer.transition(to: target == .began ? .waitingToBegin : .waitingToRecognize)
        case .requirementRecognized:
            fail(recognizer)
        case .clear:
            release(recognizer, to: target)
        }
    }

    /// Its requirements are out of the way: the delegate may still refuse, and a recognizer in
    /// progress on the same touches prevents it unless they may recognize simultaneously.
    private func release(_ recognizer: GestureRecognizer, to target: GestureStage) {
        if !viewsAllowBeginning(recognizer) || recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) == false
            || isPrevented(recognizer)
        {
            return fail(recognizer)
        }
        guard recognizer.transition(to: target) else { return }
        if target == .ended { recognizer.cancelTimers() }
        decisions.noteDecided(recognizer)
        excludeOthers(recognizer)
        if recognizer.cancelsTouchesInView { decisions.take(recognizer) }
        recognizer.fireActions()
    }

    /// UIKit's view hook, `View.gestureRecognizerShouldBegin(_:)`: the recognizer's view, and each
    /// view from a tracked touch's hit view up to the recognizer's view (so a `Control` under an
    /// ancestor's tap recognizer can keep its own tap), may refuse. Asked before the delegate.
    /// - Complexity: O(t·d) for t tracked touches at depth d below the recognizer's view.
    private func viewsAllowBeginning(_ recognizer: GestureRecognizer) -> Bool {
        guard let owner = recognizer.view else { return true }
        if !owner.gestureRecognizerShouldBegin(recognizer) { return false }
        for touch in recognizer.trackedTouches {
            var view = touch.view
            while let current = view, current !== owner {
                if !current.gestureRecognizerShouldBegin(recognizer) { return false }
                view = current.superview
            }
        }
        return true
    }

    private func progress(_ recognizer: GestureRecognizer, to stage: GestureStage) {
        guard recognizer.transition(to: stage) else { return }
        if stage.isFinished {
            recognizer.cancelTimers()
            decisions.noteDecided(recognizer)
        }
        recognizer.fireActions()
    }

    private func fail(_ recognizer: GestureRecognizer) {
        guard recognizer.stage.isUndecided, recognizer.transition(to: .failed) else { return }
        recognizer.cancelTimers()
        decisions.noteDecided(recognizer)
    }

    /// Disabled, removed, or its view left the window: a gesture in progress is cancelled (targets
    /// hear it), an undecided one fails; either way it lets go of its input.
    private func abandonNow(_ recognizer: GestureRecognizer) {
        recognizer.needsAbandon = false
        if recognizer.stage.isActive {
            progress(recognizer, to: .cancelled)
        } else {
            fail(recognizer)
        }
        for touch in recognizer.trackedTouches { recognizer.lastLocation = touch.locationInWindow }
        recognizer.trackedTouches.removeAll()
        recognizer.indirectSession = nil
        recognizer.cancelTimers()
        decisions.noteDecided(recognizer)
    }

    private func isDetached(_ recognizer: GestureRecognizer) -> Bool {
        guard let view = recognizer.view else { return true }
        return view.window == nil
    }

    private func abandonDetached() -> Bool {
        var any = false
        var i = 0
        while i < members.count {
            let recognizer = members[i]
            i += 1
            if isDetached(recognizer), !recognizer.stage.isFinished || recognizer.hasInput {
                abandonNow(recognizer)
                any = true
            }
        }
        return any
    }

    // MARK: Exclusion

    /// Whether two recognizers follow the same input: a shared touch or the same indirect stream.
    /// - Complexity: O(a·b) over their tracked touches.
    func shareInput(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if let session = a.indirectSession, session === b.indirectSession { return true }
        for touch in a.trackedTouches where b.tracks(touch) { return true }
        return false
    }

    func simultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    /// Whether `preventing` recognizing stops `prevented` (UIKit's default exclusion).
    private func prevents(_ preventing: GestureRecognizer, _ prevented: GestureRecognizer) -> Bool {
        shareInput(preventing, prevented) && preventing.canPrevent(prevented)
            && prevented.canBePrevented(by: preventing) && !simultaneous(preventing, prevented)
    }

    /// A gesture already in progress on the same input wins over a newcomer.
    private func isPrevented(_ recognizer: GestureRecognizer) -> Bool {
        for other in members where other !== recognizer && other.isEnabled && other.stage.isActive {
            if prevents(other, recognizer) { return true }
        }
        return false
    }

    /// The winner fails every undecided recognizer it shares input with.
    private func excludeOthers(_ winner: GestureRecognizer) {
        var i = 0
        while i < members.count {
            let other = members[i]
            i += 1
            guard other !== winner, other.isEnabled, other.stage.isUndecided else { continue }
            if prevents(winner, other) { fail(other) }
        }
    }

    // MARK: Failure requirements

    enum RequirementStatus { case clear, blocked, requirementRecognized }

    /// The recognizers `recognizer` must see fail: its `require(toFail:)` list, and members that
    /// either side's subclass or delegate ties to it.
    private func requirements(of recognizer: GestureRecognizer) -> [GestureRecognizer] {
        required.removeAll(keepingCapacity: true)
        required.append(contentsOf: recognizer.requiredToFail)
        for other in members where other !== recognizer && !required.containsIdentical(other) {
            if recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer)
                || recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
                || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
            {
                required.append(other)
            }
        }
        return required
    }

    /// Clear when every required recognizer failed or takes no part; blocked while one is
    /// undecided; `requirementRecognized` once one began or recognized. A requirement that leads
    /// back to `recognizer` (delegates can build cycles at run time) is reported and skipped.
    private func requirementStatus(of recognizer: GestureRecognizer) -> RequirementStatus {
        var blocked = false
        for other in requirements(of: recognizer) {
            guard other.isInArena, other.isEnabled else { continue }
            if other.stage.hasRecognized { return .requirementRecognized }
            guard other.stage.isUndecided else { continue }
            if other.stage.isWaiting, waits(other, on: recognizer) {
                if !recognizer.reportedRequirementCycle {
                    recognizer.reportedRequirementCycle = true
                    ResponderDiagnostics.report(
                        .gesture(
                            "\(recognizer.displayName) and \(other.displayName) each wait for the other to fail; \(recognizer.displayName) proceeds"))
                }
                continue
            }
            blocked = true
        }
        return blocked ? .blocked : .clear
    }

    /// Whether `waiter` waits, directly or through other waiting recognizers, on `target`.
    private func waits(_ waiter: GestureRecognizer, on target: GestureRecognizer) -> Bool {
        var seen: [GestureRecognizer] = []
        var stack = [waiter]
        while let current = stack.popLast() {
            guard !seen.containsIdentical(current) else { continue }
            seen.append(current)
            for other in Array(requirements(of: current)) where other.isInArena && other.stage.isUndecided {
                if other === target { return true }
                if other.stage.isWaiting { stack.append(other) }
            }
        }
        return false
    }

    /// Waiting recognizers whose requirements were decided proceed or fail.
    private func resolveWaiting() -> Bool {
        var any = false
        var i = 0
        while i < members.count {
            let recognizer = members[i]
            i += 1
            guard recognizer.stage.isWaiting, recognizer.isEnabled else { continue }
            switch requirementStatus(of: recognizer) {
            case .blocked: continue
            case .requirementRecognized: fail(recognizer)
            case .clear: release(recognizer, to: recognizer.stage == .waitingToBegin ? .began : .ended)
            }
            any = true
        }
        return any
    }

    /// A recognizer with no touches, no stream and no timer left can never decide: an undecided
    /// one fails, so nothing holds delayed touches or blocks a requirement forever; a gesture in
    /// progress that did not end with its input (a subclass that never sets `.ended`) is
    /// cancelled, with a diagnostic.
    private func failStranded() -> Bool {
        var any = false
        var i = 0
        while i < members.count {
            let recognizer = members[i]
            i += 1
            guard recognizer.stage == .possible || recognizer.stage.isActive, !recognizer.hasInput,
                !recognizer.hasTimers, recognizer.pendingStates.isEmpty, !recognizer.isQueued
            else { continue }
            if recognizer.stage.isActive {
                ResponderDiagnostics.report(.gesture("\(recognizer.displayName) was still \(recognizer.state) when its input ended; cancelled"))
                progress(recognizer, to: .cancelled)
            } else {
                fail(recognizer)
            }
            any = true
        }
        return any
    }

    /// Finished recognizers whose input is gone reset and leave the arena.
    private func resetFinished() {
        var i = 0
        while i < members.count {
            let recognizer = members[i]
            guard recognizer.stage.isFinished, !recognizer.hasInput, !recognizer.isQueued else {
                i += 1
                continue
            }
            members.remove(at: i)
            recognizer.isInArena = false
            recognizer.arena = nil
            recognizer.cancelTimers()
            recognizer.pendingStates.removeAll()
            recognizer.reset()
            recognizer.transition(to: .possible)
            recognizer.stateLog.removeAll()
            recognizer.reportedRequirementCycle = false
            recognizer.lastLocation = nil
            recognizer.indirectLocation = nil
        }
    }
}
