import ResponderKit
import ResponderKitTesting
import Testing

@testable import Rendering

#if canImport(Glibc)
import Glibc
#endif

/// PNG writing and reading through Cairo, and their error messages.
@MainActor
@Suite("PNG files")
struct PNGTests {
    @Test func writeThenReadRoundTrips() throws {
        Rendering.install()
        var pixels: [UInt32] = []
        for y in 0..<7 {
            for x in 0..<9 {
                let a = (x * 31 + y * 7) % 256
                // Premultiplied: colour components never exceed alpha.
                pixels.append(argb(a * x / 9, a * y / 7, a / 2, a))
            }
        }
        let image = Image(width: 9, height: 7, pixels: pixels)!
        let path = "\(scratchFolder)/round-trip.png"
        try image.writePNG(to: path)
        let read = try Image.loadPNG(contentsOfFile: path)
        #expect(read.width == 9 && read.height == 7)
        for y in 0..<7 {
            for x in 0..<9 {
                // Un-premultiplying for PNG and back loses a little at low alpha.
                let a = channels(image.argb(x: x, y: y))[0]
                #expect(
                    close(read.argb(x: x, y: y), image.argb(x: x, y: y), tolerance: a < 16 ? 8 : 1),
                    "(\(x), \(y)): \(hex(read.argb(x: x, y: y))) vs \(hex(image.argb(x: x, y: y)))")
            }
        }
        // Through the core's API as well.
        let viaCore = Image(contentsOfFile: path)
        #expect(viaCore?.pixels == read.pixels)
        let snapshot = makeWindow(40, 30, background: .red).snapshot()
        try snapshot.writePNG(to: path)
        #expect(try Image.loadPNG(contentsOfFile: path).pixels == snapshot.pixels, "opaque images round-trip exactly")
    }

    @Test func readErrorsNameThePathAndTheReason() throws {
        func reason(_ path: String) -> String {
            do { _ = try Image.loadPNG(contentsOfFile: path); return "no error" } catch { return "\(error)" }
        }
        let missing = "\(scratchFolder)/missing.png"
        #expect(reason(missing) == "cannot read PNG '\(missing)': No such file or directory")
        #expect(reason(scratchFolder) == "cannot read PNG '\(scratchFolder)': it is a directory")
        let text = "\(scratchFolder)/not-a-png.png"
        try TextFile.write("hello", to: text)
        #expect(reason(text) == "cannot read PNG '\(text)': not a PNG file (no PNG signature)")
        let truncated = "\(scratchFolder)/truncated.png"
        // The signature and the start of a chunk, then nothing.
        let file = fopen(truncated, "wb")!
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        fwrite(bytes, 1, bytes.count, file)
        fclose(file)
        #expect(reason(truncated).hasPrefix("cannot read PNG '\(truncated)': the PNG data cannot be decoded"))
        #expect(reason("").contains("empty"))

        // The core's initializer reports and returns nil.
        Rendering.install()
        var reported: [String] = []
        let saved = ResponderDiagnostics.handler
        ResponderDiagnostics.handler = { reported.append("\($0)") }
        defer { ResponderDiagnostics.handler = saved }
        #expect(Image(contentsOfFile: missing) == nil)
        #expect(reported.count == 1 && reported[0].contains(missing) && reported[0].contains("No such file"))
    }

    @Test func writeErrorsNameThePathAndTheReason() {
        let image = Image(width: 2, height: 2, pixels: [UInt32](repeating: 0xFF00_00FF, count: 4))!
        func reason(_ path: String) -> String {
            do { try image.writePNG(to: path); return "no error" } catch { return "\(error)" }
        }
        let noFolder = "\(scratchFolder)/no-such-folder/out.png"
        #expect(reason(noFolder).hasPrefix("cannot write PNG '\(noFolder)': No such file or directory"))
        #expect(reason(scratchFolder).hasPrefix("cannot write PNG '\(scratchFolder)': Is a directory"))
        // /dev/full fails every write with ENOSPC: a full disk.
        if access("/dev/full", W_OK) == 0 {
            #expect(reason("/dev/full").hasPrefix("cannot write PNG '/dev/full': No space left on device"))
        }
    }
}
