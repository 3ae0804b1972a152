/// Which of a scene's windows an event lands in. The hosts name the window their output shows
/// (the scene's main window); the scene's other shown windows stack below and over it by
/// `windowLevel` and get what lands on them, as in UIKit:
/// - a touch-down and the cursor go to the frontmost window whose `hitTest` answers at that point,
///   so an overlay window that answers nil (a pass-through HUD) lets them fall through, and a
///   named window that answers nil (hidden, or not taking touches) lets them reach the windows
///   below it;
/// - keys and text input go to the scene's key window.
extension Application {
    /// The window a touch-down or the cursor at `point` (in `named`'s coordinates) lands in, with
    /// the point in that window's coordinates: the frontmost window of `named`'s scene whose
    /// `hitTest(_:with:)` answers, tried front to back over its shown windows and `named` at its
    /// place; `named` itself when none does (or it is the scene's only window). `named` is hit
    /// tested only when a shown window lies below it; otherwise it takes the point unasked.
    /// - Complexity: O(1) for a scene of one window; else O(w²) comparisons for its w windows (a
    ///   kiosk has one to three) and one hit test per window tried. No allocation.
    func frontWindow(at point: Point, over named: Window) -> (window: Window, point: Point) {
        guard let scene = named.windowScene else { return (named, point) }
        let windows = scene.windows
        guard windows.count > 1 else { return (named, point) }
        var ceiling: Window?
        while true {
            var next: Window?
            for window in windows
            where (window === named || !window.isHidden)
                && (ceiling.map { window !== $0 && $0.isStacked(above: window) } ?? true)
            {
                if let best = next, !window.isStacked(above: best) { continue }
                next = window
            }
            guard let candidate = next else { return (named, point) }
            if candidate === named {
                let hasWindowBelow = windows.contains { $0 !== named && !$0.isHidden && named.isStacked(above: $0) }
                if !hasWindowBelow || named.hitTest(point, with: nil) != nil { return (named, point) }
            } else {
                let local = Application.convert(point, from: named, to: candidate)
                if candidate.hitTest(local, with: nil) != nil { return (candidate, local) }
            }
            ceiling = candidate
        }
    }

    /// The window keys and text input go to: the window the event names, unless its scene's key
    /// window is another shown window stacked above it (an overlay window made key), which then
    /// takes them, as UIKit sends keys to the key window. An event naming no window goes to the
    /// application's key window (`targetWindow`).
    /// - Complexity: O(1).
    func keyTargetWindow(_ input: InputEvent) -> Window? {
        guard let window = targetWindow(input) else { return nil }
        if input.window != nil, let key = window.windowScene?.keyWindow, key !== window, !key.isHidden,
            key.isStacked(above: window)
        {
            return key
        }
        return window
    }
}
