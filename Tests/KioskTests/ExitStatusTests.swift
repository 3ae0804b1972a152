import ChildProcesses
import Kiosk
import ResponderKitTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Files and exit statuses (issue 28): one documented status per cause, outputs never written
/// through a symbolic link, a bad `--hit-dump` folder found before the app runs, input left open
/// named in the message, and a FIFO given as a script refused instead of blocking.
struct ExitStatusTests {
    /// Runs `kiosk-demo arguments…` in `folder` (relative paths land there), killed after 60 s.
    static func kioskDemo(_ arguments: [String], in folder: String) throws -> Subprocess.Result {
        let exe = Subprocess.buildFolder + "kiosk-demo"
        try #require(access(exe, X_OK) == 0, "\(exe) is not built: run `swift build --build-tests`")
        return try Subprocess.run(["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder, exe] + arguments, timeout: 60)
    }

    static func write(_ text: String, to path: String) throws { try TextFile.write(text, to: path) }

    @Test func theStatusesAreDistinctAndDocumented() {
        let statuses = [
            KioskExitStatus.success, KioskExitStatus.inputLeftOpen, KioskExitStatus.usage, KioskExitStatus.scriptCommandFailed,
            KioskExitStatus.targetUnavailable, KioskExitStatus.internalFailure, KioskExitStatus.cannotWriteOutput
        ]
        #expect(Set(statuses).count == statuses.count)
        for status in statuses.dropFirst() { #expect(KioskOptions.usage.contains(" \(status) "), "status \(status) is not in the usage text") }
    }

    @Test func aFailingAppVerbHasItsOwnStatus() throws {
        let folder = try MainCommand.temporaryFolder()
        try Self.write("open 999\n", to: folder + "/missing.inbox")
        let run = try Self.kioskDemo(["inbox", "missing.inbox", "--target", "headless"], in: folder)
        #expect(run.status == KioskExitStatus.scriptCommandFailed, "\(run.output)")
        #expect(run.output.contains("line 1: message 999 is not in the list"), "\(run.output)")
    }

    @Test func tenTouchesLeftDownAreNamed() throws {
        let folder = try MainCommand.temporaryFolder()
        let script = (0..<10).map { "touch-down \($0) \(20 + 30 * $0) 300" }.joined(separator: "\n") + "\n"
        try Self.write(script, to: folder + "/ten.puzzle")
        let run = try Self.kioskDemo(["puzzle", "ten.puzzle", "--target", "headless"], in: folder)
        #expect(run.status == KioskExitStatus.inputLeftOpen, "\(run.output)")
        #expect(run.output.contains("10 touches are still down: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 (end each with 'touch-up ID')"), "\(run.output)")
    }

    @Test func aFIFOOrADeviceAsTheScriptIsRefusedWithoutBlocking() throws {
        let folder = try MainCommand.temporaryFolder()
        #expect(mkfifo(folder + "/pipe", 0o600) == 0)
        let fifo = MainCommand.run(["--target", "headless", "--script", "pipe"], in: folder)
        #expect(fifo.status == KioskExitStatus.usage, "stderr: \(fifo.errors)")
        #expect(fifo.errors.contains("not a regular file (a FIFO)"), "stderr: \(fifo.errors)")
        let device = MainCommand.run(["--target", "headless", "--script", "/dev/zero"], in: folder)
        #expect(device.status == KioskExitStatus.usage, "stderr: \(device.errors)")
        #expect(device.errors.contains("not a regular file (a character device)"), "stderr: \(device.errors)")
    }

    @Test func aBadHitDumpFolderIsFoundBeforeTheRun() throws {
        let folder = try MainCommand.temporaryFolder()
        #expect(creat(folder + "/taken", 0o600) >= 0)
        let run = MainCommand.run(["--target", "headless", "--hit-dump", "taken/dumps"], in: folder)
        #expect(run.status == KioskExitStatus.cannotWriteOutput, "stderr: \(run.errors)")
        #expect(run.errors.contains("--hit-dump: cannot create the output folder 'taken/dumps'"), "stderr: \(run.errors)")
        #expect(!run.output.contains("frames drawn"), "the session ran before the check: \(run.output)")
    }

    @Test func aPNGOutputThatIsASymlinkIsRefusedAndItsTargetUntouched() throws {
        let folder = try MainCommand.temporaryFolder()
        try Self.write("board 3 3 shuffle 1\nsnapshot start\n", to: folder + "/s.puzzle")
        try Self.write("precious\n", to: folder + "/victim")
        #expect(mkdir(folder + "/out", 0o755) == 0)
        #expect(symlink(folder + "/victim", folder + "/out/start.png") == 0)
        let run = MainCommand.run(["s.puzzle", "--target", "headless", "--output", "out"], in: folder)
        #expect(run.status == KioskExitStatus.cannotWriteOutput, "stderr: \(run.errors)")
        #expect(run.errors.contains("is a symbolic link; refusing to write through it"), "stderr: \(run.errors)")
        #expect((try? TextFile.read(folder + "/victim")) == "precious\n")
    }

    @Test func textOutputsRefuseSymlinksToo() throws {
        let folder = try MainCommand.temporaryFolder()
        try Self.write("precious\n", to: folder + "/victim")
        #expect(symlink(folder + "/victim", folder + "/link") == 0)
        #expect(throws: TextFile.Failure.self) { try TextFile.write("overwritten\n", to: folder + "/link") }
        #expect((try? TextFile.read(folder + "/victim")) == "precious\n")
    }
}
