import FakeFramebuffer
import FramebufferOutput
import Rendering
import ResponderKit
import Testing

extension FramebufferSuite {
    /// A frame writes only the pixels its damage covers, in every rotation and format.
    @MainActor
    @Suite struct Damage {
        static let sentinel: UInt8 = 0xA5

        @Test func onlyTheDamagedPixelsAreWritten() throws {
            let fakes = [FakeFramebuffer(width: 10, height: 7), FakeFramebuffer(width: 10, height: 7, bitsPerPixel: 16)]
            try ShimChild.run(fakes, suite: "Damage") { fake in
                for rotation in DisplayRotation.allCases {
                    let output = try FramebufferOutput(options: FramebufferSuite.options(fake, rotation: rotation))
                    defer { output.close() }
                    let window = Rect(x: 0, y: 0, width: output.size.width, height: output.size.height)
                    // The first frame repaints everything, whatever the damage.
                    let first = Frames.present(output, damage: Frames.region(Rect(x: 1, y: 1, width: 1, height: 1))) { _, _ in 0xFF_102030 }
                    #expect(first?.bounds == window, "\(rotation)")

                    // Two separate rectangles, one with fractional edges; the renderer's buffer changes
                    // everywhere, but only the damage may reach the framebuffer.
                    try fake.fill(Self.sentinel)
                    let damage = Frames.region(Rect(x: 2.5, y: 1.25, width: 3, height: 2), Rect(x: 0, y: 5, width: 1, height: 1))
                    let repaint = Frames.present(output, damage: damage, everywhere: true) { _, _ in 0xFF_FFFFFF }
                    #expect(repaint == damage, "\(rotation): later frames repaint just the damage")
                    // Covered pixels, by hand: x 2..<6 × y 1..<4 (edges rounded outwards) and 0,5.
                    func covered(_ x: Int, _ y: Int) -> Bool { ((2..<6).contains(x) && (1..<4).contains(y)) || (x == 0 && y == 5) }

                    let bytes = try fake.bytes()
                    var written = 0
                    for py in 0..<fake.height {
                        for px in 0..<fake.width {
                            let hit = Frames.touched(
                                rotation, panelX: px, panelY: py, panelWidth: fake.width, panelHeight: fake.height,
                                window: output.size)
                            let at = py * fake.resolvedLineLength + px * fake.bytesPerPixel
                            let pixel = bytes[at..<at + fake.bytesPerPixel]
                            if covered(hit.x, hit.y) {
                                written += 1
                                #expect(pixel.allSatisfy { $0 == 0xFF }, "\(rotation): panel \(px),\(py) shows damaged \(hit)")
                            } else {
                                #expect(pixel.allSatisfy { $0 == Self.sentinel }, "\(rotation): panel \(px),\(py) was not damaged")
                            }
                        }
                    }
                    #expect(written == 13, "\(rotation)")
                    #expect(bytes[(fake.height * fake.resolvedLineLength)...].allSatisfy { $0 == Self.sentinel })
                }
            }
        }

        @Test func damageOutsideTheWindowIsClippedNotWritten() throws {
            try ShimChild.run([FakeFramebuffer(width: 10, height: 7)], suite: "Damage") { fake in
                let output = try FramebufferOutput(options: FramebufferSuite.options(fake, rotation: .clockwise90))
                defer { output.close() }
                Frames.presentAll(output) { _, _ in 0xFF_000000 }
                try fake.fill(Self.sentinel)
                // Far outside, huge, and touching the edge from outside: nothing but the window's own
                // pixels may be written, and nothing may crash.
                let damage = Frames.region(
                    Rect(x: -1e12, y: -1e12, width: 1e12 + 1, height: 1e12 + 1),
                    Rect(x: 50, y: 50, width: 5, height: 5), Rect(x: 4, y: -3, width: 3, height: 3),
                    Rect(x: 0, y: 0, width: Double.nan, height: 1))
                Frames.present(output, damage: damage) { _, _ in 0xFF_FFFFFF }
                output.endFrame(repainted: Frames.region(Rect(x: 1e300, y: 1e300, width: 1e300, height: 1e300)))
                let bytes = try fake.bytes()
                let changed = stride(from: 0, to: bytes.count, by: 4).filter { bytes[$0] != Self.sentinel }
                // Only the window's top-left pixel (0,0) was damaged: on a 90° panel, the top-right pixel.
                #expect(changed == [(fake.width - 1) * 4])
            }
        }
    }
}
