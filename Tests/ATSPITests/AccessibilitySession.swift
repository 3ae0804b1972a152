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
final class AccessibilitySession {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    let folder: String
    let busAddress: String
    private let bus: Subprocess
    private let sway: Subprocess
    private var waylandDisplay = ""
    private(set) var app: Subprocess?

    /// The environment every program of the session gets.
    var environment: [String] {
        ["PATH=/usr/bin:/bin", "HOME=\(folder)", "XDG_RUNTIME_DIR=\(folder)", "DBUS_SESSION_BUS_ADDRESS=\(busAddress)", "NO_AT_BRIDGE=1"]
    }

    /// Starts the session bus and sway and waits (≤ 10 s each) for their sockets.
    init() throws {
        folder = try TemporaryFolder.make("atspi")
        chmod(folder, 0o700)
        busAddress = "unix:path=\(folder)/bus"
        let base = ["PATH=/usr/bin:/bin", "HOME=\(folder)", "XDG_RUNTIME_DIR=\(folder)"]
        bus = try Subprocess(
            ["/usr/bin/dbus-daemon", "--session", "--nofork", "--nopidfile", "--address=\(busAddress)"], environment: base,
            outputPath: folder + "/dbus.log")
        let config = folder + "/sway.conf"
        try Data("output HEADLESS-1 resolution 1280x800 position 0,0 scale 1\ndefault_border none\nxwayland disable\n".utf8)
            .write(to: URL(fileURLWithPath: config))
        sway = try Subprocess(
            ["/usr/bin/sway", "-c", config],
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
        let executable = Subprocess.buildFolder + "kiosk-demo"
        guard access(executable, X_OK) == 0 else { throw Failure("\(executable) is not built (swift build --build-tests builds it)") }
        let app = try Subprocess(
            [executable] + arguments + ["--atspi", "on", "--seconds", "60"], environment: environment + ["WAYLAND_DISPLAY=\(waylandDisplay)"],
            outputPath: folder + "/app.log")
        self.app = app
        try Self.waitFor(seconds: 20, "the kiosk on the accessibility bus: \(app.output)") {
            app.output.firstRange(of: "AT-SPI: on the accessibility bus") != nil
        }
    }

    /// Runs the pyatspi client on `appName` with `scenario` (≤ 60 s) and returns its JSON answer.
    func runClient(appName: String, scenario: String) throws -> [String: Any] {
        let script = PackageCheckout.root + "/Tests/ATSPITests/Scripts/atspi_client.py"
        let client = try Subprocess(
            ["/usr/bin/python3", script, appName, scenario], environment: environment.filter { !$0.hasPrefix("NO_AT_BRIDGE") },
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

    /// Stops the kiosk, sway and the session bus (with what it activated), and removes the folder.
    func stop() {
        app?.kill()
        sway.kill()
        bus.kill()
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
