/// What was opened: for the host's log line and for diagnostics.
public struct FramebufferPanel: Sendable, Equatable, CustomStringConvertible {
    /// The device node that was opened (e.g. `/dev/fb0`).
    public let node: String
    /// The driver's name (`fb_fix_screeninfo.id`, e.g. "simple", "EFI VGA").
    public let driver: String
    /// The panel's native resolution (`xres` × `yres`), before rotation.
    public let width: Int, height: Int
    /// Bytes per row in the framebuffer memory (`line_length`).
    public let lineLength: Int
    /// How the panel stores a pixel.
    public let format: FramebufferPixelFormat
    /// 2 when frames flip between two pages with `FBIOPAN_DISPLAY`, else 1.
    public let pages: Int

    /// One line for the log: node, resolution, format, driver, row length and paging.
    public var description: String {
        "\(node): \(width)x\(height) \(format) (\(driver.isEmpty ? "unnamed driver" : driver)), \(lineLength) bytes/line, \(pages == 2 ? "2 pages, panning" : "1 page")"
    }
}
