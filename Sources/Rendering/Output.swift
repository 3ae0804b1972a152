import ResponderKit

/// Where a window's pixels go: a Wayland surface, the Linux framebuffer or memory (headless).
/// An output gives the renderer a buffer, takes the damage it repainted and says when the next
/// frame may be drawn — the frame clock that animations and scroll deceleration step on.
///
/// A display pass (the host runs it once per main-loop wake-up while the window has damage):
/// `isReadyForFrame` → `beginFrame(damage:)` → the renderer repaints the returned area into the
/// target → `endFrame(repainted:)` presents it.
@MainActor
public protocol Output: AnyObject {
    /// The window size the app lays out in, in points (after any rotation the output applies).
    var size: Size { get }
    /// Pixels per point.
    var scale: Double { get }
    /// False while the previous frame is still being presented (a Wayland frame callback pending).
    var isReadyForFrame: Bool { get }
    /// Called when a frame may be drawn again after `isReadyForFrame` was false (the presenter
    /// then runs a display pass) and when `size` or `scale` changed — by an output whose news does
    /// not wake the host's main loop by itself. An output whose frame clock arrives on a source the
    /// loop watches (Wayland's frame callback) never calls it: the host's frame at the end of that
    /// wake-up draws.
    var onFrameReady: (@MainActor () -> Void)? { get set }
    /// The buffer for the next frame and the area (in window points) to repaint in it: `damage`
    /// plus whatever this buffer missed since it was last drawn (for double buffering). Nil when
    /// no buffer is free; the host retries at the next `onFrameReady`.
    func beginFrame(damage: DamageRegion) -> (target: RenderTarget, repaint: DamageRegion)?
    /// Presents the frame drawn into the target `beginFrame` gave; `repainted` is what changed.
    func endFrame(repainted: DamageRegion)
    /// How the next animation frame comes while animations run (`Application.animator`): after
    /// a presented frame an output that paces frames itself calls `onFrameReady` (Wayland's frame
    /// callback); when none is in flight (nothing was drawn, or the output has no frame clock,
    /// like the framebuffer) the presenter wakes the main loop this many seconds later with a
    /// timer on `Application.timers`. Nil: whoever drives the output steps the frames itself
    /// (headless scripts and tests), so no timer is armed. Once nothing animates, no timer is
    /// armed at all: an idle kiosk sleeps without wake-ups. The default is 1/60 s.
    var animationFrameInterval: Double? { get }
    /// When the output last showed a frame, on the input clock (`CLOCK_MONOTONIC` seconds), for
    /// the latency overlay's input → pixels figure; nil when the output cannot tell (the
    /// default: headless outputs present nothing to a person).
    var lastPresentationTime: Double? { get }
    /// Whether the output needs the whole window drawn at the next update, though the window has
    /// no damage there: it lost what it showed or must answer its server with a new buffer (a new
    /// buffer scale, a compositor's configure of a new size, a mode set). Reading it clears it;
    /// the presenter then damages the whole window. The default: never.
    /// - Complexity: O(1); called once per update.
    func takeFullRepaintRequest() -> Bool
    /// Prepares, in idle time, what the next frame would otherwise allocate and fill while the
    /// user waits (a Wayland output's second buffer), so that the first frame after an
    /// interaction costs what later ones do; the host's warm-up calls it once
    /// (`KioskSession.warmUp()`). It draws nothing new and shows nothing. Returns whether it
    /// prepared anything. The default: nothing to prepare.
    func prepareNextFrame() -> Bool
}

extension Output {
    /// The default frame interval: 1/60 s, a 60 Hz screen.
    public var animationFrameInterval: Double? { 1.0 / 60 }
    /// The default: nil, the output cannot tell when a frame was shown.
    public var lastPresentationTime: Double? { nil }
    /// The default: an output whose buffers keep what was drawn never asks for a whole frame.
    public func takeFullRepaintRequest() -> Bool { false }
    /// The default: an output with one buffer, or one that allocates nothing per frame.
    public func prepareNextFrame() -> Bool { false }
}
