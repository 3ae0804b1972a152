import FakeFramebuffer
import FramebufferOutput
import Rendering
import ResponderKit
import Testing

extension FramebufferSuite {
    /// Rows start `line_length` bytes apart and the visible screen at (`xoffset`, `yoffset`) of the
    /// virtual one; padding and the rest of the virtual screen are never written.
    @MainActor
    @Suite struct Geometry {
        static let sentinel: UInt8 = 0x3C

        @Test func paddedLinesAndPanOffsetsAreRespected() throws {
            // 32 bpp: rows of 9 pixels plus 8 bytes of padding; 16 bpp: a line length that is not a
            // multiple of 4. Both show a 5-wide screen at an offset inside a larger virtual one.
            let fakes = [
                FakeFramebuffer(width: 5, height: 4, virtualWidth: 9, virtualHeight: 7, xOffset: 3, yOffset: 2, lineLength: 9 * 4 + 8),
                FakeFramebuffer(
                    width: 5, height: 3, virtualWidth: 7, virtualHeight: 5, xOffset: 1, yOffset: 1, bitsPerPixel: 16,
                    lineLength: 7 * 2 + 4)
            ]
            try ShimChild.run(fakes, suite: "Geometry") { fake in
                try fake.fill(Self.sentinel)
                let output = try FramebufferOutput(options: FramebufferSuite.options(fake))
                defer { output.close() }
                #expect(output.panel.pages == 1)
                #expect(output.panel.lineLength == fake.resolvedLineLength)
                #expect(output.size == Size(width: Double(fake.width), height: Double(fake.height)))
                Frames.presentAll(output) { _, _ in 0xFF_FFFFFF }
                let bytes = try fake.bytes()
                for (index, byte) in bytes.enumerated() {
                    let row = index / fake.resolvedLineLength, column = (index % fake.resolvedLineLength) / fake.bytesPerPixel
                    let visible =
                        (fake.yOffset..<fake.yOffset + fake.height).contains(row)
                        && (fake.xOffset..<fake.xOffset + fake.width).contains(column)
                    #expect(byte == (visible ? 0xFF : Self.sentinel), "byte \(index): row \(row), pixel column \(column)")
                }
            }
        }
    }
}
