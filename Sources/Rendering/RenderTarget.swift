/// Memory the renderer draws a frame into: premultiplied ARGB32 pixels, one native-endian
/// `UInt32` each with alpha in the top byte (Cairo's `CAIRO_FORMAT_ARGB32`, Wayland's
/// `WL_SHM_FORMAT_ARGB8888`), `stride` bytes per row. It holds the pixels of the frame that was
/// last drawn into it, so only the damage needs repainting. The memory belongs to the output.
public struct RenderTarget: @unchecked Sendable {
    /// The first pixel (top-left); the memory belongs to the output.
    public let base: UnsafeMutableRawPointer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes per row (at least `4 * width`; Cairo needs a multiple of 4).
    public let stride: Int
    /// Pixels per point.
    public let scale: Double

    /// A target over memory the caller owns and keeps alive while it is drawn into.
    public init(base: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, scale: Double) {
        self.base = base
        self.width = width
        self.height = height
        self.stride = stride
        self.scale = scale
    }

    /// The whole buffer, in pixels.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
}
