import ChildProcesses
import EmulatedInput
import ResponderKit

#if canImport(Glibc)
import Glibc
import TestHelpers
#endif

/// One of the package's kiosk executables (`puzzle-demo`, `kiosk-demo inbox`, …) fullscreen under
/// a real headless compositor whose libinput reads an emulated touchscreen, writing its own
/// rendering of each quiescent presented frame to `snapshotPath` (`--snapshot`).
@MainActor
final class KioskUnderCompositor {
    let testbed: Testbed
    let touch: Testbed.Device
    let compositor: HeadlessCompositor
    let snapshotPath: String
    private let folder: String

    /// Starts `executable` (built beside the tests) with `arguments` under `kind`.
    init(_ kind: HeadlessCompositor.Kind, executable: String, arguments: [String] = []) throws {
        let app = Subprocess.buildFolder + executable
        guard access(app, X_OK) == 0 else { throw FixtureError("\(app) is not built (swift build --build-tests builds it)") }
        folder = try TemporaryFolder.make(executable)
        snapshotPath = folder + "/snapshot.png"
        do {
            testbed = try Testbed()
            touch = try testbed.add(NobodyChild.device("touchscreen.desc"), event: 21)
            compositor = try HeadlessCompositor(
                kind, testbedRoot: testbed.root,
                app: [app] + arguments + ["--seconds", "60", "--snapshot", snapshotPath])
        } catch {
            rmdir(folder)
            throw error
        }
    }

    /// Stops the compositor (and the app) and removes the snapshot folder.
    func stop() {
        compositor.stop()
        unlink(snapshotPath)
        unlink(snapshotPath + ".part")
        rmdir(folder)
    }

    var outputSize: (width: Int, height: Int) { compositor.kind.outputSize }

    /// A point of the output in the emulated touchscreen's units: its range (1280×800) is mapped
    /// by the compositor onto the output.
    func devicePoint(_ p: Point) -> (x: Int32, y: Int32) {
        let output = outputSize
        return (Int32((p.x * 1280 / Double(output.width)).rounded()), Int32((p.y * 800 / Double(output.height)).rounded()))
    }
}
