import ResponderKit

/// The core's `ImageDecoder` (what `Image(contentsOfFile:)` uses once `Rendering.install()` ran):
/// PNG files through Cairo's reader, `Image.loadPNG(contentsOfFile:)`.
@MainActor
public final class CairoImageDecoder: ImageDecoder {
    /// The decoder `Rendering.install()` installs.
    public static let shared = CairoImageDecoder()

    /// A decoder; `shared` is the one `Rendering.install()` installs.
    public init() {}

    /// - Complexity: O(pixels).
    public func decodeImage(contentsOfFile path: String) throws -> Image {
        try Image.loadPNG(contentsOfFile: path)
    }
}
