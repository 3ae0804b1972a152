import ChildProcesses
import EmulatedInput
import Prerequisites
import Testing

#if canImport(Glibc)
import Glibc
import ResponderKitTesting
#endif

/// Runs a test body in a process under umockdev's preload. A plain `swift test` starts without
/// it: the test then re-runs only itself in a child copy of the test binary with `LD_PRELOAD`
/// set (one testbed per process, `ChildTestRun`), which checks that the child ran the body and
/// passed. Also the Libinput tests' fixture files.
enum UmockdevProcess {
    /// The folder of this file, to find the device fixtures and ../shared without machine paths.
    static let testsFolder: String = {
        var path = #filePath
        while let last = path.last, last != "/" { path.removeLast() }
        return path
    }()

    /// Reads a fixture from Tests/LibinputTests/Devices.
    static func device(_ name: String, extraUdevProperties: [String] = []) throws -> EvdevDeviceSpec {
        let path = testsFolder + "Devices/" + name
        return try EvemuDescription.parse(try readText(path), file: path, extraUdevProperties: extraUdevProperties)
    }

    /// `../shared/recordings` beside the clone (found from this file; it may be absent).
    static var recordingsFolder: String { testsFolder + "../../../shared/recordings/" }

    /// What the recording replays need: umockdev and the shared Atmel recording.
    static let recordingNeeds: [Prerequisite] = [
        .umockdev, .file(recordingsFolder + "touchscreens/Atmel maXTouch Touchscreen.desc", name: "../shared/recordings")
    ]

    /// In the preloaded child: runs `body` and leaves the marker the parent checks. In the parent:
    /// spawns the child for `suite/test` and expects it to pass and to have run the body.
    @MainActor
    static func run(_ suite: String, _ test: String, _ body: @MainActor () throws -> Void) throws {
        try Prerequisite.check([.umockdev])
        if Preload.isActive {
            try body()
            ChildTestRun.markRan(test)
            return
        }
        try ChildTestRun.run(suite: suite, test: test, environment: try Preload.environment())
    }

    static func readText(_ path: String) throws -> String {
        guard let bytes = try? TextFile.readBytes(path) else { throw Testbed.Failure(message: "cannot read \(path)") }
        return String(decoding: bytes, as: UTF8.self)
    }
}
