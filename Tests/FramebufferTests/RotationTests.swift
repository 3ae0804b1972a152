import FakeFramebuffer
import FramebufferOutput
import Rendering
import ResponderKit
import Testing

extension FramebufferSuite {
    /// The picture turns exactly as `DisplayRotation.map` turns touches: every panel pixel shows
    /// the logical pixel a finger on it would touch.
    @MainActor
    @Suite struct Rotation {
        /// A different colour for every logical pixel (its coordinates), so any misplacement shows.
        static func colour(_ x: Int, _ y: Int) -> UInt32 { 0xFF00_0000 | UInt32(x) << 16 | UInt32(y) << 8 | 0x5A }

        @Test func everyPanelPixelShowsWhatATouchThereHits() throws {
            // A non-square panel, so a swapped width and height cannot pass.
            try ShimChild.run([FakeFramebuffer(width: 6, height: 4)], suite: "Rotation") { fake in
                for rotation in DisplayRotation.allCases {
                    let output = try FramebufferOutput(options: FramebufferSuite.options(fake, rotation: rotation))
                    defer { output.close() }
                    let turned = rotation == .clockwise90 || rotation == .clockwise270
                    #expect(output.size == Size(width: turned ? 4 : 6, height: turned ? 6 : 4), "\(rotation)")
                    Frames.presentAll(output, Self.colour)
                    let bytes = try fake.bytes()
                    for py in 0..<fake.height {
                        for px in 0..<fake.width {
                            let hit = Frames.touched(
                                rotation, panelX: px, panelY: py, panelWidth: fake.width, panelHeight: fake.height,
                                window: output.size)
                            #expect(fake.pixel(bytes, x: px, y: py) == Self.colour(hit.x, hit.y), "\(rotation): panel \(px),\(py)")
                        }
                    }
                }
            }
        }

        @Test func theWindowsTopLeftCornerTurnsClockwise() throws {
            try ShimChild.run([FakeFramebuffer(width: 6, height: 4)], suite: "Rotation") { fake in
                // Four corners of the window in four colours; where the top-left one lands on the panel.
                let red: UInt32 = 0xFF_FF0000, green: UInt32 = 0xFF_00FF00, blue: UInt32 = 0xFF_0000FF, white: UInt32 = 0xFF_FFFFFF
                let expected: [DisplayRotation: (topLeft: (Int, Int), topRight: (Int, Int))] = [
                    .none: ((0, 0), (5, 0)),
                    .clockwise90: ((5, 0), (5, 3)),  // the UI's top-left at the panel's top-right
                    .upsideDown: ((5, 3), (0, 3)),
                    .clockwise270: ((0, 3), (0, 0))
                ]
                for rotation in DisplayRotation.allCases {
                    let output = try FramebufferOutput(options: FramebufferSuite.options(fake, rotation: rotation))
                    defer { output.close() }
                    let width = Int(output.size.width), height = Int(output.size.height)
                    Frames.presentAll(output) { x, y in
                        x < width / 2 ? (y < height / 2 ? red : blue) : (y < height / 2 ? green : white)
                    }
                    let bytes = try fake.bytes()
                    let corners = expected[rotation]!
                    #expect(fake.pixel(bytes, x: corners.topLeft.0, y: corners.topLeft.1) == red, "\(rotation)")
                    #expect(fake.pixel(bytes, x: corners.topRight.0, y: corners.topRight.1) == green, "\(rotation)")
                }
            }
        }
    }
}
