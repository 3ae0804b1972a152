/// A reference to a window that does not keep it alive and is not a `weak` reference.
///
/// A single `weak` reference gives the window a side table, and from then on every retain and
/// release of it (several per routed event) takes the slow path: that was more than half the cost
/// of routing a touch move. Windows register their serial while alive; a `WindowRef` answers nil
/// once its window is gone.
///
/// Invariant (unowned(unsafe)): `window` is dereferenced only while `serial` is in
/// `Window.liveSerials` (a window removes its serial in deinit; serials are never reused).
@MainActor
struct WindowRef {
    private unowned(unsafe) let window: Window
    private let serial: UInt64

    init(_ window: Window) {
        self.window = window
        self.serial = window.serial
    }

    /// The window, or nil when it has been deallocated.
    /// - Complexity: O(1) (a set lookup).
    var value: Window? {
        guard Window.liveSerials.contains(serial) else { return nil }
        assert(LiveObjects.isLive(window), "a live serial names a freed window")
        return window
    }

    func refers(to other: Window) -> Bool { serial == other.serial }
}
