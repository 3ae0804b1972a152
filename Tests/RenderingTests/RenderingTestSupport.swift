import ResponderKit
import ResponderKitTesting
import Testing

@testable import Rendering

#if canImport(Glibc)
import Glibc
#endif

/// Where the golden images live: next to this file, in `Golden/`.
let goldenFolder: String = {
    let file = "\(#filePath)"
    return String(file[..<file.lastIndex(of: "/")!]) + "/Golden"
}()

/// A scratch folder for files a test writes (PNG round trips, mismatching renders).
let scratchFolder: String = {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    let folder = base + "/rendering-tests-\(getpid())"
    mkdir(folder, 0o755)
    return folder
}()

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
func close(_ a: UInt32, _ b: UInt32, tolerance: Int = 2) -> Bool {
    zip(channels(a), channels(b)).allSatisfy { abs($0 - $1) <= tolerance }
}

func hex(_ p: UInt32) -> String {
    let digits = String(p, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}

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

/// Compares `image` with `Golden/<name>.png` within `tolerance` per channel. A missing golden
/// is written when `RK_UPDATE_GOLDEN=1` is set and fails the test otherwise, naming the path; a
/// mismatch fails with the first differing pixel and writes the render to the scratch folder.
@MainActor
func expectGolden(_ image: Image, _ name: String, tolerance: Int = 3, sourceLocation: SourceLocation = #_sourceLocation) {
    let path = "\(goldenFolder)/\(name).png"
    guard TextFile.exists(path) else {
        if let flag = getenv("RK_UPDATE_GOLDEN"), String(cString: flag) == "1" {
            do { try image.writePNG(to: path) } catch { Issue.record("writing golden: \(error)", sourceLocation: sourceLocation) }
        } else {
            Issue.record("missing golden image \(path) (run with RK_UPDATE_GOLDEN=1 to write it)", sourceLocation: sourceLocation)
        }
        return
    }
    let golden: Image
    do { golden = try Image.loadPNG(contentsOfFile: path) } catch {
        Issue.record("golden \(path): \(error)", sourceLocation: sourceLocation)
        return
    }
    guard golden.width == image.width, golden.height == image.height else {
        Issue.record("\(name): rendered \(image.width)×\(image.height), golden \(path) is \(golden.width)×\(golden.height)", sourceLocation: sourceLocation)
        return
    }
    var mismatches = 0
    var first: (Int, Int)?
    for y in 0..<image.height {
        for x in 0..<image.width where !close(image.argb(x: x, y: y), golden.argb(x: x, y: y), tolerance: tolerance) {
            mismatches += 1
            if first == nil { first = (x, y) }
        }
    }
    if let (x, y) = first {
        let actualPath = "\(scratchFolder)/\(name).actual.png"
        try? image.writePNG(to: actualPath)
        Issue.record(
            "\(name): \(mismatches) pixels differ from \(path) by more than \(tolerance); first at (\(x), \(y)): \(hex(image.argb(x: x, y: y))) vs \(hex(golden.argb(x: x, y: y))); render written to \(actualPath)",
            sourceLocation: sourceLocation)
    }
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
