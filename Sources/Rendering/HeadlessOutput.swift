import ResponderKit

/// An output with no screen: a window of a chosen size whose frames stay in memory (one buffer
/// that keeps the last frame, so damage-only frames work as on a real output). The headless host
/// target writes PNGs of it on request; tests read its pixels. It is always ready for a frame,
/// and it has no frame clock: its driver steps frames (`ScriptPlayer`'s `wait`, a test calling
/// `WindowPresenter.update()` after moving a manual clock), so animations arm no timer.
@MainActor
public final class HeadlessOutput: Output {
    /// The window size in points (rounded so that it covers whole pixels).
    public let size: Size
    /// Pixels per point (clamped to 0 < scale ≤ 8; 1 when invalid).
    public let scale: Double
    /// Always true: the buffer is never busy.
    public var isReadyForFrame: Bool { true }
    /// Never called by this output (it is always ready and never resized); kept for `Output`.
    public var onFrameReady: (@MainActor () -> Void)?
    /// Nil: frames are stepped by the driver (see the type's documentation).
    public var animationFrameInterval: Double? { nil }
    /// Frames presented so far.
    public private(set) var presentedFrames = 0
    /// What the last frame repainted, in window points.
    public private(set) var lastRepainted = DamageRegion()

    private let width: Int
    private let height: Int
    private let pixels: UnsafeMutablePointer<UInt32>

    /// A `size` window (points) at `scale` pixels per point, initially transparent black.
    public init(size: Size, scale: Double = 1) {
        let safeScale = scale.isFinite && scale > 0 ? min(scale, 8) : 1
        // Clamped before converting: a huge finite size would trap `Int(_:)`.
        let w = size.width.isFinite ? Int(max(1, min(16384, (size.width * safeScale).rounded()))) : 1
        let h = size.height.isFinite ? Int(max(1, min(16384, (size.height * safeScale).rounded()))) : 1
        self.size = Size(width: Double(w) / safeScale, height: Double(h) / safeScale)
        self.scale = safeScale
        width = w
        height = h
        pixels = .allocate(capacity: w * h)
        pixels.initialize(repeating: 0, count: w * h)
    }

    isolated deinit { pixels.deallocate() }

    /// The single buffer; it holds the previous frame, so only `damage` is repainted.
    public func beginFrame(damage: DamageRegion) -> (target: RenderTarget, repaint: DamageRegion)? {
        (RenderTarget(base: UnsafeMutableRawPointer(pixels), width: width, height: height, stride: width * 4, scale: scale), damage)
    }

    /// Counts the frame and keeps `repainted` as `lastRepainted`; the pixels stay in the buffer.
    public func endFrame(repainted: DamageRegion) {
        presentedFrames += 1
        lastRepainted = repainted
    }

    /// A copy of the last frame.
    /// - Complexity: O(pixels).
    public func image() -> Image {
        Image(width: width, height: height, pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height)), scale: scale)!
    }
}
