/// Debug builds only: which views and scenes are alive, so assertions can check the
/// `unowned(unsafe)` references between them (superview, window, scene, a space's root, a touch
/// event's window) at every read in the test suite. Those references skip reference counting on
/// the routing and hit-testing paths; their invariant is that the owner clears them before the
/// referent goes away. A freed referent is caught at its next read by the assertion instead of
/// being used. Release builds keep no registry and the checks compile out.
@MainActor
enum LiveObjects {
    #if DEBUG
    private static var live: Set<ObjectIdentifier> = []
    #endif

    /// Records a new view or scene (called by their initializers).
    @inline(__always)
    static func born(_ object: AnyObject) {
        #if DEBUG
        live.insert(ObjectIdentifier(object))
        #endif
    }

    /// Forgets a view or scene (called at the end of their deinitializers).
    @inline(__always)
    static func died(_ object: AnyObject) {
        #if DEBUG
        live.remove(ObjectIdentifier(object))
        #endif
    }

    /// Traps unless this runs on the main actor; true otherwise. For `assert` only (inside an
    /// `assert` it costs nothing in release builds; `MainActor.assertIsolated` alone still does).
    nonisolated static func onMainActor() -> Bool {
        MainActor.assertIsolated("the core runs on the main actor only")
        return true
    }

    /// True when `object` is nil or alive; always true in release builds. For `assert` only.
    static func isLive(_ object: AnyObject?) -> Bool {
        #if DEBUG
        guard let object else { return true }
        return live.contains(ObjectIdentifier(object))
        #else
        return true
        #endif
    }
}
