import ChildProcesses
import Kiosk
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Flags are strict in every tool (issue 28): junk after a number is an error, not silently
/// dropped ("640xjunkx480" was read as 640×480), and an unknown flag or stray word is a usage
/// error (`renderbench abc` and `fbbench --frob` used to run with their defaults).
struct StrictFlagsTests {
    @Test(arguments: ["640xjunkx480", "640x480x2", "640x", "x480", "640", "640 x 480", "640x480junk"])
    func theHostsSizeWantsExactlyTwoNumbers(_ size: String) {
        do {
            let options = try KioskOptions.parse(["--size", size], appName: "app", environment: { _ in nil })
            Issue.record("--size '\(size)' read as \(options.size)")
        } catch { #expect(error.description.contains("--size must be WIDTHxHEIGHT"), "\(error)") }
    }

    @Test func aWellFormedSizeIsStillRead() throws {
        let options = try KioskOptions.parse(["--size", "640X480"], appName: "app", environment: { _ in nil })
        #expect(options.size.width == 640 && options.size.height == 480)
    }

    /// Each tool with its bad arguments and the status its usage error exits with; a tool not
    /// built beside the tests is an error, not a skip (the test command builds them all).
    @Test(
        arguments: [
            ("renderbench", ["abc"], 64), ("renderbench", ["--frob"], 64), ("renderbench", ["10", "20"], 64),
            ("fbbench", ["--frob"], 64), ("fbbench", ["abc"], 64),
            ("waylandbench", ["abc"], 64), ("scrollbench", ["--frob"], 2), ("scrollbench", ["10", "extra"], 2),
            ("inputbench", ["--frob"], 1), ("inputbench", ["100", "extra"], 1),
            ("fbtouchbench", ["--size", "640xjunkx480"], 1), ("fbtouchbench", ["--frob"], 1),
            ("input-trace", ["--size", "640xjunkx480"], 2), ("input-trace", ["--frob"], 2),
            ("puzzle-demo", ["--size", "640xjunkx480"], 2), ("puzzle-demo", ["--frob"], 2),
            ("calibrate", ["--frob"], 2), ("hitbench", ["--frob"], 2), ("soak", ["--frob"], 2)
        ] as [(String, [String], Int32)])
    func unknownFlagsAndJunkNumbersAreUsageErrors(_ tool: String, _ arguments: [String], _ status: Int32) throws {
        let path = Subprocess.buildFolder + tool
        try #require(access(path, X_OK) == 0, "\(path) is not built: run `swift build --build-tests`")
        let result = try Subprocess.run([path] + arguments, timeout: 30)
        #expect(result.status == status, "\(tool) \(arguments): status \(result.status)\n\(result.output.suffix(1000))")
    }
}
