/// Turns one renderer pixel (premultiplied ARGB32, alpha in the top byte) into one framebuffer
/// pixel. Generic so each layout gets its own specialized copy loop.
protocol PixelPacker {
    associatedtype Pixel: FixedWidthInteger & UnsignedInteger
    func pack(_ argb: UInt32) -> Pixel
}

/// The framebuffer's layout is the renderer's own (XRGB8888/ARGB8888): the value as is. The X
/// byte of XRGB then carries the renderer's alpha, which the hardware ignores.
struct CopyPacker: PixelPacker {
    @inline(__always) func pack(_ argb: UInt32) -> UInt32 { argb }
}

/// XBGR8888/ABGR8888 (red in the low byte, as many ARM display controllers): red and blue
/// trade places with constant shifts; alpha is kept when the format has it at the top.
struct SwapRedBluePacker: PixelPacker {
    private let keep: UInt32

    init(keepsAlpha: Bool) { keep = keepsAlpha ? 0xFF00_FF00 : 0x0000_FF00 }

    @inline(__always) func pack(_ argb: UInt32) -> UInt32 {
        (argb & keep) | (argb &>> 16 & 0xFF) | (argb & 0xFF) &<< 16
    }
}

/// RGB565 with constant shifts (the common case of `ChannelPacker<UInt16>`).
struct RGB565Packer: PixelPacker {
    @inline(__always) func pack(_ argb: UInt32) -> UInt16 {
        UInt16(truncatingIfNeeded: (argb &>> 8 & 0xF800) | (argb &>> 5 & 0x07E0) | (argb &>> 3 & 0x001F))
    }
}

/// Any layout of 16 or 32 bits with channels of up to 8 bits (BGR orders, RGB565, BGR565…):
/// each channel keeps its top `length` bits (truncation, as pixman and Cairo convert) and moves to
/// its `offset`. Bits no channel covers are zero. Shifts by amounts known only at run time cost
/// several times a straight copy per pixel (fbbench), hence the constant-shift packers above for
/// the common layouts.
struct ChannelPacker<Pixel: FixedWidthInteger & UnsignedInteger>: PixelPacker {
    // Per channel (alpha, red, green, blue): shift down from ARGB32, mask, shift up into place.
    private let down: (UInt32, UInt32, UInt32, UInt32)
    private let mask: (UInt32, UInt32, UInt32, UInt32)
    private let up: (UInt32, UInt32, UInt32, UInt32)

    init(_ format: FramebufferPixelFormat) {
        func parts(_ channel: FramebufferPixelFormat.Channel, from shift: Int) -> (UInt32, UInt32, UInt32) {
            guard channel.length > 0 else { return (0, 0, 0) }
            return (UInt32(shift + 8 - channel.length), (UInt32(1) << UInt32(channel.length)) - 1, UInt32(channel.offset))
        }
        let a = parts(format.alpha, from: 24), r = parts(format.red, from: 16)
        let g = parts(format.green, from: 8), b = parts(format.blue, from: 0)
        down = (a.0, r.0, g.0, b.0)
        mask = (a.1, r.1, g.1, b.1)
        up = (a.2, r.2, g.2, b.2)
    }

    @inline(__always) func pack(_ argb: UInt32) -> Pixel {
        let a = ((argb &>> down.0) & mask.0) &<< up.0
        let r = ((argb &>> down.1) & mask.1) &<< up.1
        let g = ((argb &>> down.2) & mask.2) &<< up.2
        let b = ((argb &>> down.3) & mask.3) &<< up.3
        return Pixel(truncatingIfNeeded: a | r | g | b)
    }
}
