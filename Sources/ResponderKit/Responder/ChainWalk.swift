/// Guards every walk along `next` against cycles made by `next` overrides, without allocating.
///
/// Each walk stamps the responders it passes with a fresh mark; meeting a responder that already
/// carries the walk's mark means `next` looped, so the walk stops there and the cycle is reported
/// through `ResponderDiagnostics`. A step whose `from` is not where the walk last arrived starts a
/// new walk (a handler that calls `target(forAction:)` on some other responder, say); the router's
/// entry points start theirs explicitly with `begin`. A depth backstop ends pathological walks that
/// keep restarting (handlers inside a cycle that start nested walks before forwarding).
@MainActor
enum ChainWalk {
    private static var currentMark: UInt64 = 0
    private static var nextMark: UInt64 = 0
    private static var lastArrival: ObjectIdentifier?
    private static var depth = 0
    /// Far beyond any real hierarchy (the deep benchmark tree is 1,000 levels), far below the stack:
    /// each nested step costs up to ~750 bytes of stack in a debug build (handlers that override and
    /// call super), so 4,096 steps stay near 3 MB of the main thread's 8 MB. (10,000 measured 7.5 MB.)
    static let maxDepth = 4_096

    /// Runs `body` as a fresh walk that starts at `start`, restoring the enclosing walk afterwards.
    static func begin<R>(at start: Responder, _ body: @MainActor () -> R) -> R {
        let savedMark = currentMark, savedArrival = lastArrival
        lastArrival = nil
        if let observer = ChainTrace.observer { observer(.start(start)) }
        defer { currentMark = savedMark; lastArrival = savedArrival }
        return body()
    }

    /// Moves one step from `from` to its `next` and hands that responder to `deliver`, unless there
    /// is none or the step would close a cycle.
    /// - Complexity: O(1) per step, no allocation.
    @inline(__always)
    static func forward(from: Responder, _ deliver: @MainActor (Responder) -> Void) {
        guard let to = from.next, step(from: from, to: to) else { return }
        if let observer = ChainTrace.observer { observer(.forward(from: from, to: to)) }
        depth += 1
        defer { depth -= 1 }
        deliver(to)
    }

    /// Records a step; false (with a diagnostic) when `to` was already visited by this walk.
    static func step(from: Responder, to: Responder) -> Bool {
        if lastArrival != ObjectIdentifier(from) {
            nextMark &+= 1
            currentMark = nextMark
            from.walkMark = currentMark
        }
        if to.walkMark == currentMark || depth >= maxDepth {
            ResponderDiagnostics.report(.cycle(from: from, to: to))
            lastArrival = nil
            return false
        }
        to.walkMark = currentMark
        lastArrival = ObjectIdentifier(to)
        return true
    }
}
