import FramebufferOutput

/// The scan-out formats the output writes, as DRM fourcc codes (`drm_fourcc.h`), chosen from the
/// primary plane's list (`drmModeGetPlane`'s `formats`).
public enum DRMPixelFormat: UInt32, Sendable, CaseIterable, CustomStringConvertible {
    /// `DRM_FORMAT_XRGB8888` ('XR24'): the renderer's own layout, copied row by row.
    case xrgb8888 = 0x3432_5258
    /// `DRM_FORMAT_RGB565` ('RG16'): cheap SPI and MIPI panels; packed on the way into the buffer.
    case rgb565 = 0x3631_4752

    /// The first of XRGB8888 and RGB565 that `offered` (the plane's fourcc codes) contains, in
    /// that order; nil when it has neither.
    /// - Complexity: O(offered).
    public static func choose(from offered: [UInt32]) -> DRMPixelFormat? {
        allCases.first { offered.contains($0.rawValue) }
    }

    /// Bits per pixel of a dumb buffer in this format.
    public var bitsPerPixel: Int { self == .xrgb8888 ? 32 : 16 }

    /// The same layout as the framebuffer output's pixel packer knows it.
    var framebufferFormat: FramebufferPixelFormat { self == .xrgb8888 ? .xrgb8888 : .rgb565 }

    /// "XRGB8888" or "RGB565".
    public var description: String { self == .xrgb8888 ? "XRGB8888" : "RGB565" }

    /// A fourcc code's four letters ("XR24"), for messages about formats the output cannot use.
    public static func fourcc(_ code: UInt32) -> String {
        String((0..<4).map { Character(Unicode.Scalar(UInt8((code >> ($0 * 8)) & 0xFF))) })
    }
}
