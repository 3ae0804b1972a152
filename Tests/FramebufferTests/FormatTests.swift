import FakeFramebuffer
import FramebufferOutput
import Rendering
import ResponderKit
import Testing

extension FramebufferSuite {
    /// The renderer's ARGB32 pixels arrive in the framebuffer's own layout, exactly.
    @MainActor
    @Suite struct Formats {
        /// Premultiplied ARGB32 test colours: primaries, white, two odd ones, half-transparent, clear.
        static let colours: [UInt32] = [0xFF_FF0000, 0xFF_00FF00, 0xFF_0000FF, 0xFF_FFFFFF, 0xFF_FF8040, 0xFF_123456, 0x80_402010, 0x00_000000]

        static func colour(_ x: Int, _ y: Int) -> UInt32 { colours[(x + 3 * y) % colours.count] }

        /// Presents one full frame of `colour` and checks every visible pixel against `expected`.
        static func check(_ fake: FakeFramebuffer, name: String, _ expected: (UInt32) -> UInt32) throws {
            let output = try FramebufferOutput(options: FramebufferSuite.options(fake))
            defer { output.close() }
            #expect(output.panel.format.description == name)
            #expect(Frames.presentAll(output, colour) != nil)
            let bytes = try fake.bytes()
            for y in 0..<fake.height {
                for x in 0..<fake.width {
                    #expect(fake.pixel(bytes, x: x, y: y) == expected(colour(x, y)), "pixel \(x),\(y) of \(name)")
                }
            }
        }

        @Test func xrgb8888TakesTheRenderersPixelsUnchanged() throws {
            try ShimChild.run([FakeFramebuffer()], suite: "Formats") { fake in
                // The layout is the renderer's: a straight copy, the X byte carrying alpha.
                try Self.check(fake, name: "XRGB8888") { $0 }
            }
        }

        @Test func bgrOrderSwapsRedAndBlue() throws {
            let xbgr = FakeFramebuffer(channels: "0/8,8/8,16/8,0/0")
            let abgr = FakeFramebuffer(channels: "0/8,8/8,16/8,24/8")
            try ShimChild.run([xbgr, abgr], suite: "Formats") { fake in
                if fake.index == 0 {
                    #expect(FramebufferPixelFormat.xbgr8888.description == "XBGR8888")
                    try Self.check(fake, name: "XBGR8888") { c in
                        let known: [UInt32: UInt32] = [0xFF_FF0000: 0x0000FF, 0xFF_0000FF: 0xFF0000, 0xFF_123456: 0x563412, 0x80_402010: 0x102040]
                        return known[c] ?? ((c & 0xFF) << 16 | (c & 0xFF00) | (c >> 16 & 0xFF))
                    }
                } else {
                    try Self.check(fake, name: "ABGR8888") { c in
                        let known: [UInt32: UInt32] = [0xFF_123456: 0xFF_563412, 0x80_402010: 0x80_102040, 0: 0]
                        return known[c] ?? (c & 0xFF00_0000 | (c & 0xFF) << 16 | (c & 0xFF00) | (c >> 16 & 0xFF))
                    }
                }
            }
        }

        @Test func rgb565KeepsTheTopBitsOfEachChannel() throws {
            try ShimChild.run([FakeFramebuffer(bitsPerPixel: 16)], suite: "Formats") { fake in
                // Worked by hand: r >> 3 at bit 11, g >> 2 at bit 5, b >> 3 at bit 0.
                let exact: [UInt32: UInt32] = [
                    0xFF_FF0000: 0xF800, 0xFF_00FF00: 0x07E0, 0xFF_0000FF: 0x001F, 0xFF_FFFFFF: 0xFFFF,
                    0xFF_FF8040: 0xFC08, 0xFF_123456: 0x11AA, 0x80_402010: 0x4102, 0x00_000000: 0x0000
                ]
                #expect(Set(exact.keys) == Set(Self.colours))
                try Self.check(fake, name: "RGB565") { exact[$0] ?? 0xDEAD_BEEF }
            }
        }
        @Test func otherLayoutsKeepTheTopBitsAtTheDriversOffsets() throws {
            // Layouts without a dedicated converter: BGR565, RGBX8888 and ARGB1555, worked by hand.
            let fakes = [
                FakeFramebuffer(bitsPerPixel: 16, channels: "0/5,5/6,11/5,0/0"),
                FakeFramebuffer(channels: "24/8,16/8,8/8,0/0"),
                FakeFramebuffer(bitsPerPixel: 16, channels: "10/5,5/5,0/5,15/1")
            ]
            let expected: [(String, [UInt32])] = [
                ("BGR565", [0x001F, 0x07E0, 0xF800, 0xFFFF, 0x441F, 0x51A2, 0x1108, 0x0000]),
                ("RGBX8888", [0xFF00_0000, 0x00FF_0000, 0x0000_FF00, 0xFFFF_FF00, 0xFF80_4000, 0x1234_5600, 0x4020_1000, 0]),
                ("ARGB1555", [0xFC00, 0x83E0, 0x801F, 0xFFFF, 0xFE08, 0x88CA, 0xA082, 0x0000])
            ]
            try ShimChild.run(fakes, suite: "Formats") { fake in
                let (name, values) = expected[fake.index]
                let table = Dictionary(uniqueKeysWithValues: zip(Self.colours, values))
                try Self.check(fake, name: name) { table[$0] ?? 0xDEAD_BEEF }
            }
        }
    }
}
