/// What shows a window on an output and runs its frames — the host's frame, once per main-loop
/// wake-up: the animation tick, the layout pass, then drawing and presenting what is damaged.
/// The core draws nothing itself; the host's session (`Kiosk.KioskSession`) or a bare
/// `Rendering.WindowPresenter` registers itself as `Window.display`, so code outside the host's
/// loop (`InputDriver`, before each event) runs the very frame the host runs.
@MainActor
public protocol WindowDisplay: AnyObject {
    /// Runs one frame now, exactly as the host does at the end of a wake-up.
    func displayFrame()
}

extension Application {
    /// Runs a frame outside a host's loop, as the host would have run one since the last input:
    /// every shown window of the connected scenes, and `window` (the window an event is for, in
    /// a scene or not), runs its display's frame when it has a display and layout waits
    /// (animations, layout, drawing), else its layout pass (`layoutIfNeeded()`, Auto Layout
    /// included). `InputDriver`
    /// calls it before it hands each event to `handle(_:)`, so touches meet laid-out views.
    /// - Complexity: O(windows) plus the frames' work; allocates nothing when nothing changed.
    public func runFrame(including window: Window? = nil) {
        var ranForWindow = window == nil
        for scene in connectedScenes {
            for shown in scene.windows where !shown.isHidden || shown === window {
                runFrame(of: shown)
                if shown === window { ranForWindow = true }
            }
        }
        if !ranForWindow, let window { runFrame(of: window) }
    }

    /// A window with a display runs its whole frame when layout waits, and so draws what that
    /// layout changed; any other window runs its layout pass. Damage alone (an overlay's timer, a
    /// blinking caret) is left to the frames of whoever owns the display — the host's loop, the
    /// script player, a test that steps `update()` itself — as are animation ticks, which the
    /// caller's clock owns (`InputDriver.advance(by:)`).
    private func runFrame(of window: Window) {
        if let display = window.display {
            if window.layoutPassRequested { display.displayFrame() }
        } else {
            window.layoutIfNeeded()
        }
    }
}
