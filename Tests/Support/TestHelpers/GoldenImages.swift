import Rendering
import ResponderKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A folder of reference PNGs ("goldens") that renders are compared with: the tests' one golden
/// helper.
///
/// A missing golden is written when `RK_UPDATE_GOLDEN=1` is set and fails the test otherwise,
/// naming the path; a mismatch fails with the `PixelDiff` (how many pixels, the first ones) and
/// writes the render into a fresh temporary folder, named in the failure, to be inspected.
public struct GoldenImages: Sendable {
    /// The folder holding `<name>.png`.
    public let folder: String

    /// The goldens in `Golden/` beside the source file `filePath` (pass `#filePath`).
    public init(besideSourceFile filePath: String) {
        folder = String(filePath[..<(filePath.lastIndex(of: "/") ?? filePath.startIndex)]) + "/Golden"
    }

    /// The goldens in `folder`.
    public init(folder: String) { self.folder = folder }

    /// True when `RK_UPDATE_GOLDEN=1`: missing goldens are written instead of failing.
    public static var isUpdating: Bool { getenv("RK_UPDATE_GOLDEN").map { String(cString: $0) } == "1" }

    /// Compares `image` with `<folder>/<name>.png` within `tolerance` per channel (alpha included).
    /// - Complexity: O(pixels).
    @MainActor
    public func expect(_ image: Image, _ name: String, tolerance: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = "\(folder)/\(name).png"
        guard access(path, F_OK) == 0 else {
            if GoldenImages.isUpdating {
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
        let diff = PixelDiff(image, golden, tolerance: tolerance)
        guard !diff.matches else { return }
        var written = "the render could not be written"
        if let scratch = try? TemporaryFolder.make("golden") {
            let actual = "\(scratch)/\(name).actual.png"
            if (try? image.writePNG(to: actual)) != nil { written = "render written to \(actual)" }
        }
        Issue.record("\(name) against \(path): \(diff); \(written)", sourceLocation: sourceLocation)
    }
}

extension PixelDiff {
    /// Compares two images pixel by pixel (premultiplied ARGB32, alpha included) within
    /// `tolerance` per channel, except the pixels `skip` names.
    /// - Complexity: O(pixels).
    @MainActor
    public init(_ actual: Image, _ expected: Image, tolerance: Int, skip: (Int, Int) -> Bool = { _, _ in false }) {
        guard actual.width == expected.width, actual.height == expected.height else {
            self.init(
                mismatchedSize: (actual.width, actual.height), expected: (expected.width, expected.height), tolerance: tolerance)
            return
        }
        let width = actual.width
        let (a, e) = (actual.pixels, expected.pixels)
        self.init(width: width, height: actual.height, tolerance: tolerance, skip: skip) { x, y in
            (a[y * width + x], e[y * width + x])
        }
    }
}
