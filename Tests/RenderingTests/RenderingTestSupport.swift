import ResponderKit
import ResponderKitTesting
import TestHelpers
import Testing

@testable import Rendering

#if canImport(Glibc)
import Glibc
#endif

/// The golden images: `Golden/` next to this file.
let goldens = GoldenImages(besideSourceFile: #filePath)

/// A scratch folder for files a test writes (PNG round trips), one per test process.
let scratchFolder: String = (try? TemporaryFolder.make("rendering-tests")) ?? P_tmpdir

/// A visible window of `size` with a `background` (nil: none, so the base is black).
@MainActor
func makeWindow(_ width: Double, _ height: Double, background: Color? = .white) -> Window {
    Rendering.install()
    let window = Window(frame: Rect(x: 0, y: 0, width: width, height: height))
    window.backgroundColor = background
    window.isHidden = false
    return window
}

@MainActor
@discardableResult
func addView(_ parent: View, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: Color?) -> View {
    let view = View(frame: Rect(x: x, y: y, width: w, height: h))
    view.backgroundColor = color
    parent.addSubview(view)
    return view
}

/// Premultiplied ARGB32 of an opaque colour given as 0…255 components.
func argb(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) -> UInt32 {
    UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
}

func channels(_ p: UInt32) -> [Int] { [Int(p >> 24), Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)] }

/// Whether two pixels agree within `tolerance` per channel.
func close(_ a: UInt32, _ b: UInt32, tolerance: Int = 2) -> Bool { PixelDiff.channelDifference(a, b) <= tolerance }

func hex(_ p: UInt32) -> String { PixelDiff.hex(p) }

/// Expects the pixel at (x, y) to be `expected` within `tolerance` per channel.
@MainActor
func expectPixel(
    _ image: Image, _ x: Int, _ y: Int, _ expected: UInt32, tolerance: Int = 2,
    _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = image.argb(x: x, y: y)
    #expect(
        close(actual, expected, tolerance: tolerance),
        "pixel (\(x), \(y)) is \(hex(actual)), expected \(hex(expected)) \(comment)", sourceLocation: sourceLocation)
}

/// The bounding box (in pixels) of the pixels that differ from `background` by more than
/// `threshold` in any channel; nil when none do.
@MainActor
func inkBox(_ image: Image, background: UInt32, threshold: Int = 8, in region: PixelRect? = nil) -> PixelRect? {
    let area = region ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height)
    var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
    for y in area.y..<area.maxY {
        for x in area.x..<area.maxX where !close(image.argb(x: x, y: y), background, tolerance: threshold) {
            x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
        }
    }
    return x0 == .max ? nil : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
}

/// Compares `image` with `Golden/<name>.png` within `tolerance` per channel (`GoldenImages`: a
/// missing golden is written under `RK_UPDATE_GOLDEN=1` and fails otherwise; a mismatch fails
/// with the differing pixels and writes the render to a temporary folder).
@MainActor
func expectGolden(_ image: Image, _ name: String, tolerance: Int = 3, sourceLocation: SourceLocation = #_sourceLocation) {
    goldens.expect(image, name, tolerance: tolerance, sourceLocation: sourceLocation)
}

/// A frame buffer filled with a sentinel, for damage tests: what a render leaves untouched.
@MainActor
final class SentinelBuffer {
    static let sentinel: UInt32 = 0x1234_5678
    let width: Int, height: Int, scale: Double
    var pixels: [UInt32]

    init(width: Int, height: Int, scale: Double = 1) {
        self.width = width; self.height = height; self.scale = scale
        pixels = [UInt32](repeating: SentinelBuffer.sentinel, count: width * height)
    }

    func fill() { for i in pixels.indices { pixels[i] = SentinelBuffer.sentinel } }

    func render(_ window: Window, _ renderer: Renderer, repaint: DamageRegion) {
        pixels.withUnsafeMutableBytes { raw in
            renderer.render(
                window, into: RenderTarget(base: raw.baseAddress!, width: width, height: height, stride: width * 4, scale: scale),
                repaint: repaint)
        }
    }

    subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }
}

/// A region holding one rect.
func region(_ rects: Rect...) -> DamageRegion {
    var r = DamageRegion()
    for rect in rects { r.add(rect) }
    return r
}

extension Rect {
    init(_ x: Double, _ y: Double, _ w: Double, _ h: Double) { self.init(x: x, y: y, width: w, height: h) }
}
