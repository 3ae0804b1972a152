import EmulatedInput
import Kiosk
import ResponderKit
import ResponderKitTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every text format the project reads accepts Windows line ends (issue 28). Swift compares "\r\n"
/// as one `Character`, so splitting on "\n" never split such a file and each parser rejected it
/// with a misleading message; `TextFile.read`, the one reading layer, reads "\r\n" as "\n". Each
/// test writes the format with CRLF to a file and reads it the way the tools do.
struct LineEndingTests {
    /// Writes `text` with every "\n" turned into "\r\n" and returns what `TextFile.read` gives back.
    static func roundTrip(_ text: String, _ name: String) throws -> String {
        var template = Array("/tmp/responderkit-crlf-XXXXXX".utf8CString)
        let folder = try #require(mkdtemp(&template).map { String(cString: $0) })
        let path = folder + "/" + name
        let crlf = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        try TextFile.write(crlf, to: path)
        defer {
            unlink(path)
            rmdir(folder)
        }
        #expect(try TextFile.readBytes(path).contains(13))
        return try TextFile.read(path)
    }

    @Test func evemuDescriptionsWithCRLF() throws {
        let text = try TextFile.read(UmockdevProcess.testsFolder + "Devices/touchscreen.desc")
        let spec = try EvemuDescription.parse(try Self.roundTrip(text, "touchscreen.desc"), file: "touchscreen.desc")
        let expected = try EvemuDescription.parse(text)
        #expect(spec == expected)
        #expect(spec.name == "ResponderKit Test Touchscreen")
    }

    @Test func evemuEventsWithCRLF() throws {
        let text = try TextFile.read(UmockdevProcess.testsFolder + "Devices/touchscreen-two-taps.events")
        let frames = try EvemuRecording.parse(try Self.roundTrip(text, "taps.events"), file: "taps.events")
        let expected = try EvemuRecording.parse(text)
        #expect(frames.map(\.events) == expected.map(\.events))
    }

    @Test func vtreesWithCRLF() throws {
        let text = try TextFile.read(UmockdevProcess.testsFolder + "Devices/two-halves.vtree")
        let tree = try VTree(parsing: try Self.roundTrip(text, "two-halves.vtree"))
        let expected = try VTree(parsing: text)
        #expect(tree.nodes.count == expected.nodes.count && tree.nodes.count == 3)
    }

    @Test func pointsAndHitsWithCRLF() throws {
        let points = try VTree.parsePoints(try Self.roundTrip("points 1\n10 20\n30.5 40\n", "a.points"))
        #expect(points == [Point(x: 10, y: 20), Point(x: 30.5, y: 40)])
        let hits = try VTree.parseHits(try Self.roundTrip("3\n-1\n0\n", "a.hits"))
        #expect(hits == [3, -1, 0])
    }

    @MainActor @Test func headlessScriptsWithCRLF() throws {
        let text = try Self.roundTrip("tap-at 10 20\nwait 0.5\n# a comment\nkey Return\n", "s.script")
        let script = try HeadlessScript(parsing: text)
        #expect(script.commands.count == 3)
    }

    @Test func aLoneCarriageReturnStaysAndOtherBytesAreUntouched() {
        #expect(TextFile.normalizingLineEnds(Array("a\rb\r\nc\r".utf8)) == Array("a\rb\nc\r".utf8))
        #expect(TextFile.normalizingLineEnds("x\r\ny") == "x\ny")
    }
}
