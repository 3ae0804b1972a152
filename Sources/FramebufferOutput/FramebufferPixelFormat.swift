import CLinux

/// How a framebuffer stores one pixel: its size and where each colour channel sits, as the
/// driver reports it in `fb_var_screeninfo` (`bits_per_pixel`, `red`/`green`/`blue`/`transp`).
public struct FramebufferPixelFormat: Equatable, Sendable, CustomStringConvertible {
    /// One channel's bits: `offset` from the least significant bit, `length` bits (0: absent).
    public struct Channel: Equatable, Sendable {
        /// The channel's lowest bit, counted from the pixel's least significant bit.
        public var offset: Int
        /// The channel's width in bits (0: the pixel has no such channel).
        public var length: Int
        /// A channel of `length` bits starting `offset` bits from the least significant bit.
        public init(offset: Int, length: Int) { self.offset = offset; self.length = length }
    }

    /// The size of one pixel in bits (`bits_per_pixel`).
    public var bitsPerPixel: Int
    /// Where red sits (`fb_var_screeninfo.red`).
    public var red: Channel
    /// Where green sits (`fb_var_screeninfo.green`).
    public var green: Channel
    /// Where blue sits (`fb_var_screeninfo.blue`).
    public var blue: Channel
    /// `transp` in the kernel's words; length 0 when the pixel has none (XRGB).
    public var alpha: Channel

    /// A layout from its channels; without `alpha` the pixel has none.
    public init(bitsPerPixel: Int, red: Channel, green: Channel, blue: Channel, alpha: Channel = Channel(offset: 0, length: 0)) {
        self.bitsPerPixel = bitsPerPixel
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// 32 bits, padding in the top byte, then red, green, blue: the renderer's own layout.
    public static let xrgb8888 = FramebufferPixelFormat(
        bitsPerPixel: 32, red: Channel(offset: 16, length: 8),
        green: Channel(offset: 8, length: 8), blue: Channel(offset: 0, length: 8))
    /// 32 bits, padding in the top byte, then blue, green, red.
    public static let xbgr8888 = FramebufferPixelFormat(
        bitsPerPixel: 32, red: Channel(offset: 0, length: 8),
        green: Channel(offset: 8, length: 8), blue: Channel(offset: 16, length: 8))
    /// 32 bits, alpha in the top byte, then blue, green, red.
    public static let abgr8888 = FramebufferPixelFormat(
        bitsPerPixel: 32, red: Channel(offset: 0, length: 8),
        green: Channel(offset: 8, length: 8), blue: Channel(offset: 16, length: 8),
        alpha: Channel(offset: 24, length: 8))
    /// 16 bits: 5 of red, 6 of green, 5 of blue (most to least significant).
    public static let rgb565 = FramebufferPixelFormat(
        bitsPerPixel: 16, red: Channel(offset: 11, length: 5),
        green: Channel(offset: 5, length: 6), blue: Channel(offset: 0, length: 5))

    /// Bytes per pixel (`bitsPerPixel / 8`).
    public var bytesPerPixel: Int { bitsPerPixel / 8 }

    /// True when the layout is the renderer's own ARGB32 (alpha or padding in the top byte), so
    /// pixels are copied unchanged.
    public var isRendererLayout: Bool {
        bitsPerPixel == 32 && red == Channel(offset: 16, length: 8) && green == Channel(offset: 8, length: 8)
            && blue == Channel(offset: 0, length: 8) && (alpha.length == 0 || alpha == Channel(offset: 24, length: 8))
    }

    /// DRM-style name, most significant bits first: "XRGB8888", "ABGR8888", "RGB565"; X is padding.
    public var description: String {
        var parts: [(letter: Character, length: Int)] = []
        var bit = bitsPerPixel
        let present = [("A", alpha), ("R", red), ("G", green), ("B", blue)].filter { $0.1.length > 0 }
        for (letter, channel) in present.sorted(by: { $0.1.offset > $1.1.offset }) {
            let top = channel.offset + channel.length
            if top < bit { parts.append(("X", bit - top)) }
            parts.append((Character(letter), channel.length))
            bit = min(bit, channel.offset)
        }
        if bit > 0 { parts.append(("X", bit)) }
        return String(parts.map(\.letter)) + parts.map { String($0.length) }.joined()
    }

    /// Why this output cannot write the format, or nil when it can: 16 or 32 bits per pixel,
    /// channels of 1…8 bits (alpha 0…8) inside the pixel, not overlapping, most significant bit left.
    var unsupportedReason: String? {
        guard bitsPerPixel == 16 || bitsPerPixel == 32 else { return "\(bitsPerPixel) bits per pixel" }
        let colours = [red, green, blue]
        if let bad = colours.first(where: { !(1...8).contains($0.length) }) {
            return "\(bitsPerPixel) bpp with a \(bad.length)-bit colour channel (\(channelText))"
        }
        guard (0...8).contains(alpha.length) else { return "\(bitsPerPixel) bpp with \(alpha.length) alpha bits (\(channelText))" }
        var used: UInt64 = 0
        for channel in colours + [alpha] where channel.length > 0 {
            guard channel.offset >= 0, channel.offset + channel.length <= bitsPerPixel else {
                return "\(bitsPerPixel) bpp with a channel outside the pixel (\(channelText))"
            }
            let bits = ((UInt64(1) << UInt64(channel.length)) - 1) << UInt64(channel.offset)
            guard used & bits == 0 else { return "\(bitsPerPixel) bpp with overlapping channels (\(channelText))" }
            used |= bits
        }
        return nil
    }

    var channelText: String {
        "red \(red.offset)/\(red.length), green \(green.offset)/\(green.length), blue \(blue.offset)/\(blue.length), alpha \(alpha.offset)/\(alpha.length)"
    }
}

extension FramebufferPixelFormat {
    /// The format in `info`, or the reason it is not one we write (type, visual, bpp and channels
    /// named, for `FramebufferError.unsupportedFormat`).
    static func parse(variable info: fb_var_screeninfo, fixed: fb_fix_screeninfo) -> Result<FramebufferPixelFormat, UnsupportedFormat> {
        func channel(_ field: fb_bitfield) -> Channel { Channel(offset: Int(field.offset), length: Int(field.length)) }
        let format = FramebufferPixelFormat(
            bitsPerPixel: Int(info.bits_per_pixel), red: channel(info.red), green: channel(info.green),
            blue: channel(info.blue), alpha: channel(info.transp))
        let summary = "\(info.bits_per_pixel) bits per pixel, type \(typeName(fixed.type)), visual \(visualName(fixed.visual)) (\(format.channelText))"
        if fixed.type != UInt32(FB_TYPE_PACKED_PIXELS) || fixed.visual != UInt32(FB_VISUAL_TRUECOLOR) {
            return .failure(UnsupportedFormat(text: summary))
        }
        if info.grayscale != 0 { return .failure(UnsupportedFormat(text: summary + ", grayscale/FOURCC \(info.grayscale)")) }
        if info.nonstd != 0 { return .failure(UnsupportedFormat(text: summary + ", non-standard format \(info.nonstd)")) }
        if [info.red, info.green, info.blue, info.transp].contains(where: { $0.msb_right != 0 }) {
            return .failure(UnsupportedFormat(text: summary + ", most significant bit on the right"))
        }
        if let reason = format.unsupportedReason { return .failure(UnsupportedFormat(text: "\(reason); \(summary)")) }
        return .success(format)
    }

    struct UnsupportedFormat: Error { let text: String }

    /// `FB_TYPE_*` from linux/fb.h.
    static func typeName(_ type: UInt32) -> String {
        let names = ["packed pixels", "planes", "interleaved planes", "text", "VGA planes", "FOURCC"]
        return type < names.count ? names[Int(type)] : "\(type)"
    }

    /// `FB_VISUAL_*` from linux/fb.h.
    static func visualName(_ visual: UInt32) -> String {
        let names = ["mono01", "mono10", "truecolor", "pseudocolor", "directcolor", "static pseudocolor", "FOURCC"]
        return visual < names.count ? names[Int(visual)] : "\(visual)"
    }
}
