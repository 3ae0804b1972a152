import CLinux
import ChildProcesses
import EmulatedInput
import LibinputBackend
import Prerequisites
import ResponderKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Device access through libseat against a REAL seatd (Debian's seatd 0.7.0), started by the test on
/// a private socket, plus the seat-access choices of `LibinputConfiguration`. seatd 0.7.0 always
/// listens on /run/seatd.sock, so it runs in its own mount namespace (`unshare -m`) with a private
/// folder bind-mounted over /run (the socket lands in that folder; the client finds it through
/// `SEATD_SOCK`) and a tmpfs /dev holding one stand-in /dev/input node (no real evdev devices here).
/// Each test declares what it needs (`.requires`): skipped when not root or when the sandbox
/// forbids mount namespaces; a missing seatd, libseat or util-linux tool is a skip only outside CI.
@Suite(.serialized)
@MainActor
struct SeatSessionTests {
    @Test(.requires(SeatdProcess.needs)) func libseatOpensDevicesThroughSeatd() throws {
        let seatd = try SeatdProcess.start("libseatOpensDevicesThroughSeatd")
        defer { seatd.stop() }
        try seatd.withClientEnvironment {
            let session = try SeatSession(timeout: 5)
            #expect(session.isEnabled)
            #expect(session.name == "seat0")
            #expect(session.fileDescriptor >= 0)
            #expect(session.dispatch())

            // A node seatd opened for us (a stand-in file in its namespace): the fd really came over
            // the socket, with O_CLOEXEC | O_NONBLOCK.
            let fd = session.openDevice(SeatdProcess.standInNode)
            #expect(fd >= 0, "libseat_open_device failed: \(String(cString: strerror(-fd)))")
            if fd >= 0 {
                var bytes = [UInt8](repeating: 0, count: 16)
                let n = read(fd, &bytes, bytes.count)
                #expect(n > 0 && String(decoding: bytes[0..<max(0, n)], as: UTF8.self) == SeatdProcess.standInText)
                #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
                #expect(fcntl(fd, F_GETFL) & O_NONBLOCK != 0)
                session.closeDevice(fd)
            }

            // A node that does not exist: an errno, not a crash.
            #expect(session.openDevice("/dev/input/event-missing") < 0)
        }
        #expect(seatd.log.contains("Created seat seat0"), "\(seatd.log)")
    }

    @Test(.requires(SeatdProcess.needs)) func libinputSourceThroughSeatdNamesMissingDevice() throws {
        let seatd = try SeatdProcess.start("libinputSourceThroughSeatdNamesMissingDevice")
        defer { seatd.stop() }
        try seatd.withClientEnvironment {
            // The seat itself, with no devices: the source exposes the seat fd for the main loop.
            var configuration = LibinputConfiguration(devices: .paths([]))
            configuration.seatAccess = .libseat
            configuration.seatTimeout = 5
            do {
                let source = try LibinputSource(application: Application(), configuration: configuration)
                #expect(source.seat?.isEnabled == true)
                #expect(source.seatFileDescriptor == source.seat?.fileDescriptor)
                #expect(source.seatFileDescriptor.map { $0 >= 0 } == true)
                source.dispatchSeat()
                // seatd gives a seat to one session at a time: a second one waits, then says so.
                var second = configuration
                second.seatTimeout = 0.3
                do {
                    _ = try LibinputSource(application: Application(), configuration: second)
                    Issue.record("two sessions were active on seat0 at once")
                } catch let error as LibinputError {
                    #expect(error.description.contains("did not become active"), "\(error)")
                }
            }  // the source and its session end here, freeing the seat

            // A missing node opened through the seat: the clear "no such device" error naming it.
            let missing = "/dev/input/event-missing"
            configuration.devices = .paths([missing])
            #expect(throws: LibinputError.noSuchDevice(path: missing)) {
                _ = try LibinputSource(application: Application(), configuration: configuration)
            }
        }
    }

    @Test(.requires(.libseat)) func libseatWithoutSeatdIsAClearError() throws {
        try Prerequisite.check([.libseat])
        #expect(SeatSession.isAvailable, "libseat.so.1 loads, yet SeatSession cannot use it: \(SeatSession.loadError ?? "")")
        // The seatd backend only (no logind or in-process fallback), pointed at a socket nobody serves.
        try withEnvironment(["LIBSEAT_BACKEND": "seatd", "SEATD_SOCK": "/tmp/responderkit-no-seatd-\(getpid())/seatd.sock"]) {
            var configuration = LibinputConfiguration(devices: .paths([]))
            configuration.seatAccess = .libseat
            do {
                _ = try LibinputSource(application: Application(), configuration: configuration)
                Issue.record("a libseat source opened without any seat provider")
            } catch let error as LibinputError {
                guard case .noSeatAccess = error else { Issue.record("unexpected error: \(error)"); return }
                let message = error.description
                #expect(message.contains("no seat available through libseat"), "\(message)")
                #expect(message.contains("run seatd") && message.contains("logind"), "\(message)")
                #expect(message.contains("root") && message.contains("'input' group"), "\(message)")
            }
        }
    }

    @Test(.requires(.root)) func automaticAsRootOpensDirectly() throws {
        // Even with a seat provider that would answer, root opens nodes with open(2).
        var configuration = LibinputConfiguration(devices: .paths([]))
        #expect(configuration.seatAccess == .automatic)
        let source = try LibinputSource(application: Application(), configuration: configuration)
        #expect(source.seat == nil)
        #expect(source.seatFileDescriptor == nil)
        configuration.seatAccess = .direct
        #expect(try LibinputSource(application: Application(), configuration: configuration).seat == nil)
        // Direct opening keeps the existing clear error naming the node.
        configuration.devices = .paths(["/dev/input/event-missing"])
        configuration.seatAccess = .automatic
        #expect(throws: LibinputError.noSuchDevice(path: "/dev/input/event-missing")) {
            _ = try LibinputSource(application: Application(), configuration: configuration)
        }
    }

    @Test(.requires(SeatdProcess.needs + [.setpriv]))
    func automaticWhenNotRootGoesThroughSeatdOrFallsBack() throws {
        try Prerequisite.check([.setpriv])
        let seatd = try SeatdProcess.start("automaticWhenNotRootGoesThroughSeatdOrFallsBack", socketOwner: "nobody")
        defer { seatd.stop() }
        // input-trace as nobody, default seat access: the node is opened through seatd (its log shows
        // the uid and the open); the stand-in is no evdev device, so libinput then names the node.
        let viaSeat = try SeatdProcess.runAsNobody(
            ["--device", SeatdProcess.standInNode],
            environment: ["LIBSEAT_BACKEND=seatd", "SEATD_SOCK=\(seatd.socket)"])
        #expect(viaSeat.status == 1, "\(viaSeat.output)")
        #expect(viaSeat.output.contains(SeatdProcess.standInNode), "\(viaSeat.output)")
        let log = seatd.log
        #expect(log.contains("uid: 65534"), "\(log)")
        #expect(log.contains("Opening device \(SeatdProcess.standInNode)"), "\(log)")
        #expect(log.contains("Closing device \(SeatdProcess.standInNode)"), "\(log)")

        // No seat provider: `.automatic` falls back to open(2), and the permission failure names
        // the node and the fix (/dev/tty0 is root-only; nobody cannot open it).
        let direct = try SeatdProcess.runAsNobody(
            ["--device", "/dev/tty0"],
            environment: ["LIBSEAT_BACKEND=seatd", "SEATD_SOCK=\(seatd.folder)/none.sock"])
        #expect(direct.status == 1, "\(direct.output)")
        #expect(
            direct.output.contains("permission denied opening /dev/tty0") && direct.output.contains("'input' group"),
            "\(direct.output)")
        #expect(!direct.output.contains("libseat"), "\(direct.output)")
    }

    @Test func errorMessagesNameTheFix() {
        let unavailable = LibinputError.libseatUnavailable("libseat.so.1: cannot open shared object file").description
        #expect(unavailable.contains("apt-get install libseat1 seatd") && unavailable.contains(".direct"))
        let noSeat = LibinputError.noSeatAccess("No such file or directory").description
        #expect(noSeat.contains("No such file or directory") && noSeat.contains("seatd") && noSeat.contains("usermod"))
    }
}

/// Sets environment variables for `body`, restoring the previous values afterwards.
@MainActor
func withEnvironment(_ values: [String: String], _ body: () throws -> Void) throws {
    let saved = values.keys.map { ($0, getenv($0).map { String(cString: $0) }) }
    for (key, value) in values { setenv(key, value, 1) }
    defer {
        for (key, old) in saved {
            if let old { setenv(key, old, 1) } else { unsetenv(key) }
        }
    }
    try body()
}

/// A real seatd in its own mount namespace: /run is a private folder (where seatd.sock appears) and
/// /dev a tmpfs with one stand-in /dev/input node (a regular file: seatd opens it like an evdev node). Killed by `stop()` (also on every failure path of
/// `start`); its log is kept for assertions.
@MainActor
final class SeatdProcess {
    static let standInNode = "/dev/input/event0"
    static let standInText = "seatd-fd"

    let process: Subprocess
    let folder: String
    var socket: String { folder + "/seatd.sock" }
    var log: String { process.output }

    private init(process: Subprocess, folder: String) {
        self.process = process
        self.folder = folder
    }

    /// What running seatd here needs (root for the namespace and the bind mounts).
    static let needs: [Prerequisite] = [.root, .seatd, .libseat, .unshare, .mountNamespaces]

    /// Starts seatd and waits (at most 5 s) for its socket. Throws (after recording why) when a
    /// prerequisite is missing or seatd does not come up.
    static func start(_ test: String, socketOwner: String? = nil) throws -> SeatdProcess {
        try Prerequisite.check(needs)
        let folder = "/tmp/responderkit-seatd-\(getpid())-\(test)"
        mkdir(folder, 0o755)
        chmod(folder, 0o755)  // user nobody reaches the socket in the non-root test
        let script = """
            mount --bind "$1" /run || exit 96
            mount -t tmpfs tmpfs /dev && mkdir /dev/input || exit 97
            printf '%s' '\(standInText)' > \(standInNode) || exit 98
            SEATD_VTBOUND=0 exec /usr/sbin/seatd -l debug \(socketOwner.map { "-u \($0)" } ?? "")
            """
        let arguments = ["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", script, "sh", folder]
        let seatd = SeatdProcess(
            process: try Subprocess(arguments, environment: Subprocess.environment([]), outputPath: folder + ".log"),
            folder: folder)
        // Wait for the socket; an early exit means the namespace or the mounts were refused.
        for _ in 0..<500 {
            if access(seatd.socket, F_OK) == 0 { return seatd }
            if let status = seatd.process.wait(timeout: 0.01) {
                let log = seatd.log
                seatd.stop()
                throw Testbed.Failure(message: "seatd could not run in a private mount namespace (exit status \(status)): \(log)")
            }
        }
        let log = seatd.log
        seatd.stop()
        throw Testbed.Failure(message: "seatd did not create its socket within 5 s: \(log)")
    }

    /// Runs the built input-trace as user nobody (`setpriv`), output captured, killed after 30 s.
    /// nobody cannot reach a clone in a private folder, so a copy staged in a world-readable
    /// folder runs.
    static func runAsNobody(_ arguments: [String], environment: [String]) throws -> Subprocess.Result {
        let built = ToolProcess.path("input-trace")
        guard access(built, X_OK) == 0 else { throw Testbed.Failure(message: "\(built) is not built (swift build)") }
        let staging = try StagingFolder(purpose: "nobody-tool")
        defer { staging.remove() }
        let exe = try staging.copy(built, mode: 0o755)
        let result = try Subprocess.run(
            ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", exe] + arguments,
            environment: ["PATH=/usr/bin:/bin", "HOME=/tmp"] + environment, timeout: 30)
        if result.status == 126 || result.status == 127 {
            throw Testbed.Failure(message: "nobody could not run the staged \(exe) (exit status \(result.status)): \(result.output)")
        }
        return result
    }

    /// Runs `body` with libseat pointed at this seatd only (`LIBSEAT_BACKEND=seatd`, `SEATD_SOCK`).
    func withClientEnvironment(_ body: () throws -> Void) throws {
        try withEnvironment(["LIBSEAT_BACKEND": "seatd", "SEATD_SOCK": socket], body)
    }

    /// SIGTERM, then SIGKILL after 2 s; reaps the process and removes the folder and log.
    func stop() {
        process.kill()
        cleanUp()
    }

    /// Removes the folder (the socket, and /run/mount where mount(8) keeps its utab) and the log.
    private func cleanUp() {
        unlink(socket)
        let utab = folder + "/mount"
        if let dir = opendir(utab) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { unlink(utab + "/" + name) }
            }
            closedir(dir)
        }
        rmdir(utab)
        rmdir(folder)
        unlink(folder + ".log")
    }
}
