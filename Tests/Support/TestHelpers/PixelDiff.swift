/// How two pictures of the same size differ, pixel by pixel: the tests' one pixel comparison.
///
/// Why: the rendering goldens, the inbox goldens, the compositor screenshots and the fake panel's
/// pages each counted differing pixels with their own loop. Each caller now says only how to
/// read a pixel pair (premultiplied ARGB32 from an `Image`, packed RGB from a screenshot, a
/// panel's truncated channels) and how far a channel may move; the counting, the largest
/// difference and the examples are computed once.
public struct PixelDiff: CustomStringConvertible, Sendable {
    /// A pixel that differs by more than the tolerance: where, and the two values.
    public struct Sample: Sendable {
        /// The column.
        public let x: Int
        /// The row.
        public let y: Int
        /// The pixel under test, as `0xAARRGGBB` (alpha 0xFF when the source has none).
        public let actual: UInt32
        /// The pixel it must match, in the same form.
        public let expected: UInt32
    }

    /// How many pixels differ by more than the tolerance in some channel.
    public private(set) var differing = 0
    /// The largest channel difference seen, over every compared pixel.
    public private(set) var largest = 0
    /// The first few differing pixels, in row order.
    public private(set) var samples: [Sample] = []
    /// The compared size.
    public let width: Int
    /// The compared size.
    public let height: Int
    /// The tolerance per channel.
    public let tolerance: Int

    /// Compares the `width` × `height` pixels that `pixel(x, y)` returns as (actual, expected)
    /// `0xAARRGGBB` values, channel by channel; pixels where `skip(x, y)` is true (a cursor the
    /// compositor draws, say) are not compared. Keeps `sampleLimit` examples.
    /// - Complexity: O(width × height).
    public init(
        width: Int, height: Int, tolerance: Int, sampleLimit: Int = 5,
        skip: (Int, Int) -> Bool = { _, _ in false },
        pixel: (Int, Int) -> (actual: UInt32, expected: UInt32)
    ) {
        self.width = width
        self.height = height
        self.tolerance = tolerance
        for y in 0..<height {
            for x in 0..<width where !skip(x, y) {
                let (actual, expected) = pixel(x, y)
                guard actual != expected else { continue }
                let delta = PixelDiff.channelDifference(actual, expected)
                largest = max(largest, delta)
                guard delta > tolerance else { continue }
                differing += 1
                if samples.count < sampleLimit { samples.append(Sample(x: x, y: y, actual: actual, expected: expected)) }
            }
        }
    }

    /// A comparison that failed before any pixel was read (the sizes differ): every pixel of the
    /// larger picture counts as differing.
    public init(mismatchedSize actual: (width: Int, height: Int), expected: (width: Int, height: Int), tolerance: Int) {
        width = actual.width
        height = actual.height
        self.tolerance = tolerance
        differing = max(actual.width * actual.height, expected.width * expected.height)
        largest = 255
        sizeMismatch = "sizes differ: \(actual.width)×\(actual.height) vs \(expected.width)×\(expected.height)"
    }

    private var sizeMismatch: String?

    /// True when no pixel differs by more than the tolerance (and the sizes agree).
    public var matches: Bool { differing == 0 }

    /// The largest difference between two `0xAARRGGBB` pixels over their four channels.
    public static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var largest = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            largest = max(largest, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
        }
        return largest
    }

    /// `0xAARRGGBB` with eight hex digits.
    public static func hex(_ pixel: UInt32) -> String {
        let digits = String(pixel, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    /// "N of W×H pixels differ by more than T (largest channel difference L); first at (x, y): A vs E".
    public var description: String {
        if let sizeMismatch { return sizeMismatch }
        var text = "\(differing) of \(width)×\(height) pixels differ by more than \(tolerance) (largest channel difference \(largest))"
        if !samples.isEmpty {
            text += "; e.g. " + samples.map { "(\($0.x), \($0.y)): \(PixelDiff.hex($0.actual)) vs \(PixelDiff.hex($0.expected))" }.joined(separator: ", ")
        }
        return text
    }
}
