/// A bitmap (UIKit's `UIImage`): premultiplied ARGB, one `UInt32` per pixel with alpha in the top
/// byte — Cairo's `CAIRO_FORMAT_ARGB32` — rows top to bottom, no padding. `size` is in points
/// (pixels divided by `scale`).
@MainActor
public final class Image {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Pixels per point.
    public let scale: Double
    /// `width * height` premultiplied ARGB32 values.
    public let pixels: [UInt32]

    /// The size in points (pixels divided by `scale`).
    public var size: Size { Size(width: Double(width) / scale, height: Double(height) / scale) }

    /// An image over `pixels` (premultiplied ARGB32, `width * height` of them); nil when the
    /// counts disagree or a side is not positive.
    public init?(width: Int, height: Int, pixels: [UInt32], scale: Double = 1) {
        guard width > 0, height > 0, pixels.count == width * height, scale.isFinite, scale > 0 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
        self.scale = scale
    }

    /// Decodes a PNG file with the installed decoder (`Rendering` installs Cairo's). Nil, with a
    /// diagnostic naming the file and the reason, when it is missing, unreadable or not a PNG.
    public convenience init?(contentsOfFile path: String) {
        guard let decoder = Drawing.imageDecoder else {
            ResponderDiagnostics.report(.drawing("Image(contentsOfFile: \(path)): no image decoder installed; call Rendering.install() (every host does)"))
            return nil
        }
        do {
            let image = try decoder.decodeImage(contentsOfFile: path)
            self.init(width: image.width, height: image.height, pixels: image.pixels, scale: image.scale)
        } catch {
            ResponderDiagnostics.report(.drawing("Image(contentsOfFile: \(path)): \(error)"))
            return nil
        }
    }

    /// The premultiplied ARGB32 value at (x, y); 0 (transparent) outside the image.
    /// - Complexity: O(1).
    public func argb(x: Int, y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return pixels[y * width + x]
    }

    /// The colour at (x, y), un-premultiplied, components in 0…1.
    /// - Complexity: O(1).
    public func color(x: Int, y: Int) -> Color {
        let p = argb(x: x, y: y)
        let a = Double(p >> 24) / 255
        guard a > 0 else { return .clear }
        func channel(_ shift: UInt32) -> Double { min(1, Double((p >> shift) & 0xFF) / 255 / a) }
        return Color(red: channel(16), green: channel(8), blue: channel(0), alpha: a)
    }
}
