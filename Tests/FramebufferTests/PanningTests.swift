import FakeFramebuffer
import FramebufferOutput
import Rendering
import ResponderKit
import Testing

extension FramebufferSuite {
    /// With two pages in the virtual screen, frames are drawn off screen and shown with
    /// `FBIOPAN_DISPLAY`, alternating pages, and both pages stay coherent.
    @MainActor
    @Suite struct Panning {
        /// The image of `width` × `height` pixels at row `top` of the virtual screen.
        static func page(_ fake: FakeFramebuffer, _ bytes: [UInt8], top: Int) -> [UInt32] {
            (0..<fake.height).flatMap { y in (0..<fake.width).map { x in fake.pixel(bytes, x: x, y: top + y) } }
        }

        @Test func framesAlternatePagesAndBothStayCoherent() throws {
            try ShimChild.run([FakeFramebuffer(width: 8, height: 6, virtualHeight: 12)], suite: "Panning") { fake in
                let output = try FramebufferOutput(options: FramebufferSuite.options(fake))
                #expect(output.panel.pages == 2)
                var image = [UInt32](repeating: 0xFF_000000, count: fake.width * fake.height)
                var previous = image
                var random = TestRandom(seed: 8)
                for frame in 0..<9 {
                    // A random rectangle of a random colour (the whole window first).
                    let x = frame == 0 ? 0 : random.next(fake.width), y = frame == 0 ? 0 : random.next(fake.height)
                    let w = frame == 0 ? fake.width : 1 + random.next(fake.width - x), h = frame == 0 ? fake.height : 1 + random.next(fake.height - y)
                    let colour = 0xFF00_0000 | UInt32(random.next(0xFF_FFFF))
                    previous = image
                    for j in y..<y + h { for i in x..<x + w { image[j * fake.width + i] = colour } }
                    Frames.present(output, damage: Frames.region(Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h)))) { _, _ in colour }

                    // Shown: the page the last pan went to, alternating 6, 0, 6, … (page 0 was on screen).
                    let shownTop = frame % 2 == 0 ? fake.height : 0
                    #expect(fake.log().last == "pan 0 \(shownTop)", "frame \(frame)")
                    let bytes = try fake.bytes()
                    #expect(Self.page(fake, bytes, top: shownTop) == image, "frame \(frame): the shown page is the frame")
                    if frame > 0 {
                        #expect(
                            Self.page(fake, bytes, top: fake.height - shownTop) == previous,
                            "frame \(frame): the hidden page is the frame before")
                    }
                }
                #expect(fake.log() == ["blank 0"] + (0..<9).map { "pan 0 \($0 % 2 == 0 ? fake.height : 0)" })
                output.close()
                // The original offset is put back.
                #expect(fake.log().last == "put 0 0")
            }
        }

        @Test func aDriverThatRefusesToPanGetsOnePage() throws {
            try ShimChild.run([FakeFramebuffer(width: 8, height: 6, virtualHeight: 12, panFails: true)], suite: "Panning") { fake in
                let output = try FramebufferOutput(options: FramebufferSuite.options(fake))
                defer { output.close() }
                #expect(output.panel.pages == 2)
                Frames.presentAll(output) { x, _ in 0xFF00_0000 | UInt32(x) }
                // The pan failed: the frame is completed on the page on screen, which is used from now on.
                #expect(output.panel.pages == 1)
                var bytes = try fake.bytes()
                #expect(Self.page(fake, bytes, top: 0) == (0..<6).flatMap { _ in (0..<8).map { 0xFF00_0000 | UInt32($0) } })
                Frames.present(output, damage: Frames.region(Rect(x: 2, y: 3, width: 1, height: 1))) { _, _ in 0xFF_ABCDEF }
                bytes = try fake.bytes()
                #expect(fake.pixel(bytes, x: 2, y: 3) == 0xFF_ABCDEF)
                #expect(!fake.log().contains { $0.hasPrefix("pan") })
            }
        }

        @Test func panningOffDrawsIntoThePageOnScreen() throws {
            // The console left the second page on screen; with panning off, that page is drawn into.
            try ShimChild.run([FakeFramebuffer(width: 8, height: 6, virtualHeight: 12, yOffset: 6)], suite: "Panning") { fake in
                try fake.fill(0x11)
                let output = try FramebufferOutput(options: FramebufferSuite.options(fake, panning: .off))
                #expect(output.panel.pages == 1)
                Frames.presentAll(output) { _, _ in 0xFF_FFFFFF }
                output.close()
                let bytes = try fake.bytes()
                #expect(Self.page(fake, bytes, top: 6).allSatisfy { $0 == 0xFF_FFFFFF })
                #expect(Self.page(fake, bytes, top: 0).allSatisfy { $0 == 0x1111_1111 })
                // Nothing panned, so nothing to put back.
                #expect(fake.log() == ["blank 0"])
            }
        }
        @Test func askingForVSyncFromADriverWithoutItStillShowsFrames() throws {
            // FBIO_WAITFORVSYNC reaches the real ioctl (ENOTTY on the file): the output stops asking.
            try ShimChild.run([FakeFramebuffer(width: 8, height: 6, virtualHeight: 12)], suite: "Panning") { fake in
                var options = FramebufferSuite.options(fake)
                options.waitForVSync = true
                let output = try FramebufferOutput(options: options)
                defer { output.close() }
                for frame in 0..<3 {
                    let colour = 0xFF00_0000 | UInt32(frame + 1)
                    Frames.presentAll(output) { _, _ in colour }
                    let top = frame % 2 == 0 ? fake.height : 0
                    #expect(Self.page(fake, try fake.bytes(), top: top).allSatisfy { $0 == colour }, "frame \(frame)")
                }
                #expect(fake.log() == ["blank 0", "pan 0 6", "pan 0 0", "pan 0 6"])
            }
        }
    }
}
