import ChildProcesses
import Foundation
import TestHelpers

#if canImport(Glibc)
import Glibc
#endif

/// A private desktop session for the AT-SPI tests: its own session bus (`dbus-daemon --session`,
/// which activates at-spi2-core's bus launcher and, on the accessibility bus, the registry), a
/// headless sway on it, and a kiosk started as sway's client with `--atspi on`. Everything lives
/// in one temporary folder (the runtime dir, the sockets, the logs) and is stopped by `stop()`.
///
/// sway refuses root, and a session bus only admits its own user, so as root every program of the
/// session runs as nobody (`setpriv --reuid=65534 --regid=65534 --clear-groups`), from copies of
/// `kiosk-demo` and the client script in a world-readable `StagingFolder`.
final class AccessibilitySession {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    let folder: String
    let busAddress: String
    /// Copies of the kiosk and the client that nobody can run (as root), else nil.
    private let staging: StagingFolder?
    /// What runs a program as the session's user.
    private let asSessionUser: [String]
    private let bus: Subprocess
    private let sway: Subprocess
    private var waylandDisplay = ""
    private(set) var app: Subprocess?

    /// The environment every program of the session gets.
    var environment: [String] {
        ["PATH=/usr/bin:/bin", "HOME=\(folder)", "XDG_RUNTIME_DIR=\(folder)", "DBUS_SESSION_BUS_ADDRESS=\(busAddress)"]
    }

    /// Starts the session bus and sway and waits (≤ 10 s each) for their sockets.
    init() throws {
        folder = try TemporaryFolder.make("atspi")
        chmod(folder, 0o700)
        if geteuid() == 0 {
            chown(folder, 65534, 65534)
            staging = try StagingFolder(purpose: "atspi-staging")
            asSessionUser = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
        } else {
            staging = nil
            asSessionUser = []
        }
        busAddress = "unix:path=\(folder)/bus"
        let base = ["PATH=/usr/bin:/bin", "HOME=\(folder)", "XDG_RUNTIME_DIR=\(folder)"]
        bus = try Subprocess(
            asSessionUser + ["/usr/bin/dbus-daemon", "--session", "--nofork", "--nopidfile", "--address=\(busAddress)"], environment: base,
            outputPath: folder + "/dbus.log")
        let config = folder + "/sway.conf"
        try Data("output HEADLESS-1 resolution 1280x800 position 0,0 scale 1\ndefault_border none\nxwayland disable\n".utf8)
            .write(to: URL(fileURLWithPath: config))
        chown(config, geteuid() == 0 ? 65534 : geteuid(), geteuid() == 0 ? 65534 : getegid())
        sway = try Subprocess(
            asSessionUser + ["/usr/bin/sway", "-c", config],
            environment: base + [
                "DBUS_SESSION_BUS_ADDRESS=\(busAddress)", "WLR_BACKENDS=headless", "WLR_RENDERER=pixman", "WLR_HEADLESS_OUTPUTS=1",
                "WLR_LIBINPUT_NO_DEVICES=1", "XKB_DEFAULT_LAYOUT=us"
            ],
            outputPath: folder + "/sway.log")
        try Self.waitFor(seconds: 10, "the session bus's socket: \(bus.output)") { access(self.folder + "/bus", F_OK) == 0 }
        try Self.waitFor(seconds: 10, "sway's socket: \(sway.output.suffix(2000))") {
            guard
                let name = (try? FileManager.default.contentsOfDirectory(atPath: self.folder))?.first(where: {
                    $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock")
                })
            else { return false }
            self.waylandDisplay = name
            return true
        }
    }

    deinit { stop() }

    /// Starts `kiosk-demo` with `arguments` under sway with `--atspi on` and waits (≤ 20 s) for
    /// it to say it is on the accessibility bus.
    func startKiosk(_ arguments: [String]) throws {
        var executable = Subprocess.buildFolder + "kiosk-demo"
        guard access(executable, X_OK) == 0 else { throw Failure("\(executable) is not built (swift build --build-tests builds it)") }
        if let staging { executable = try staging.copy(executable, mode: 0o755) }
        let app = try Subprocess(
            asSessionUser + [executable] + arguments + ["--atspi", "on", "--seconds", "60"], environment: environment + ["WAYLAND_DISPLAY=\(waylandDisplay)"],
            outputPath: folder + "/app.log")
        self.app = app
        try Self.waitFor(seconds: 20, "the kiosk on the accessibility bus: \(app.output)") {
            app.output.firstRange(of: "AT-SPI: on the accessibility bus") != nil
        }
    }

    /// Runs the pyatspi client on `appName` with `scenario` (≤ 60 s) and returns its JSON answer.
    func runClient(appName: String, scenario: String) throws -> [String: Any] {
        var script = PackageCheckout.root + "/Tests/ATSPITests/Scripts/atspi_client.py"
        if let staging { script = try staging.copy(script, mode: 0o644) }
        let client = try Subprocess(
            asSessionUser + ["/usr/bin/python3", script, appName, scenario], environment: environment,
            outputPath: folder + "/client.log", errorPath: folder + "/client.err")
        guard let status = client.wait(timeout: 60) else {
            client.kill()
            throw Failure("the pyatspi client did not finish in 60 s: \(client.output) \(client.errors)")
        }
        let line = client.output.split(separator: "\n").last.map(String.init) ?? ""
        guard status == 0, let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw Failure("the pyatspi client failed (\(status)): \(client.output) \(client.errors)\napp: \(app?.output ?? "")")
        }
        return object
    }

    /// The kiosk's context switches (every thread's voluntary and involuntary ones,
    /// `/proc/PID/task/*/status`) over `seconds`, after `settle` seconds for what is in flight:
    /// each wake-up from `epoll_wait` is one, so an idle kiosk on the bus counts 0.
    func kioskWakeUps(over seconds: Double, settle: Double = 0.5) throws -> Int {
        guard let pid = app?.pid else { throw Failure("no kiosk runs") }
        usleep(UInt32(settle * 1_000_000))
        guard let before = Self.contextSwitches(of: pid) else { throw Failure("no /proc entry for the kiosk") }
        usleep(UInt32(seconds * 1_000_000))
        guard let after = Self.contextSwitches(of: pid) else { throw Failure("the kiosk is gone: \(app?.output ?? "")") }
        return after - before
    }

    private static func contextSwitches(of pid: pid_t) -> Int? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
        var total = 0
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else { continue }
            for line in status.split(separator: "\n") where line.firstRange(of: "ctxt_switches:") != nil {
                total += Int(line.split(separator: ":").last?.filter { !$0.isWhitespace } ?? "") ?? 0
            }
        }
        return total
    }

    /// Stops the kiosk, sway and the session bus (with what it activated), and removes the folder.
    func stop() {
        app?.kill()
        sway.kill()
        bus.kill()
        staging?.remove()
        TemporaryFolder.remove(folder)
    }

    private static func waitFor(seconds: Double, _ what: @autoclosure () -> String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { throw Failure("timed out waiting for \(what())") }
            usleep(20_000)
        }
    }
}
