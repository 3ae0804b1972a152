import ChildProcesses
import Prerequisites
import ResponderKitTesting
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The kiosk deployment under Tools/deploy: the systemd units pass `systemd-analyze verify`,
/// run the app as the unprivileged kiosk user with restart on failure and logs in the journal,
/// and the sysusers, PAM and udev files they rely on are well formed.
struct DeploymentTests {
    static let cage = Prerequisite("cage", remedy: "Tools/setup.sh installs it", installedBySetup: true) {
        access("/usr/bin/cage", X_OK) == 0
    }

    /// Tools/deploy in this checkout.
    static var deployFolder: String { PackageCheckout.root + "/Tools/deploy/" }

    static let units = ["kiosk-framebuffer@.service", "kiosk-cage@.service"]
    /// The app the units start, as installed on a panel; the check substitutes the one built here.
    static let installedApp = "/usr/local/bin/puzzle-demo"

    static func read(_ name: String) throws -> String { try TextFile.read(deployFolder + name) }

    /// `text` with every `target` replaced by `replacement`.
    static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        text.split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }

    /// `Key=value` lines of a unit (or any such file), in order, comments skipped.
    static func settings(_ text: String) -> [(key: String, value: String)] {
        text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), !line.hasPrefix("["), let equals = line.firstIndex(of: "=") else { return nil }
            return (String(line[..<equals]), String(line[line.index(after: equals)...]))
        }
    }

    /// Each unit, instantiated for tty1 with the app path pointing at the puzzle built beside
    /// these tests (verify checks that the executables exist), passes `systemd-analyze verify`
    /// without a single warning (unknown keys, bad values and missing commands all print one).
    @Test(.requires(.systemdAnalyze, cage), arguments: units)
    func unitPassesSystemdAnalyzeVerify(_ unit: String) throws {
        try Prerequisite.check([Prerequisite.systemdAnalyze, Self.cage])
        let app = Subprocess.buildFolder + "puzzle-demo"
        try #require(access(app, X_OK) == 0, "\(app) is not built: run `swift build --build-tests`")
        let folder = try TemporaryFolder.make("deploy")
        defer { TemporaryFolder.remove(folder) }
        let instance = folder + "/" + Self.replacing("@.service", with: "@tty1.service", in: unit)
        let text = try Self.read(unit)
        #expect(text.contains(Self.installedApp))
        try TextFile.write(Self.replacing(Self.installedApp, with: app, in: text), to: instance)
        let run = try Subprocess.run(["/usr/bin/systemd-analyze", "verify", instance], timeout: 60)
        #expect(run.status == 0, "systemd-analyze verify \(unit): status \(run.status)\n\(run.output)")
        #expect(run.output.isEmpty, "systemd-analyze verify \(unit) warned:\n\(run.output)")
    }

    /// The units' promises: an unprivileged user with a logind session (PAM) on its terminal,
    /// restarted whenever it stops, output in the journal, the login prompt out of the way.
    @Test(arguments: units)
    func unitRunsUnprivilegedRestartsAndLogsToTheJournal(_ unit: String) throws {
        let settings = Self.settings(try Self.read(unit))
        func value(_ key: String) -> String? { settings.last { $0.key == key }?.value }
        #expect(value("User") == "kiosk")
        #expect(value("Group") == "kiosk")
        #expect(value("PAMName") == "responderkit-kiosk")
        #expect(value("TTYPath") == "/dev/%I")
        #expect(value("Restart") == "always")
        #expect(value("StandardOutput") == "journal")
        #expect(value("StandardError") == "journal")
        #expect(value("Conflicts") == "getty@%i.service")
        #expect(value("WantedBy") == "graphical.target")
        let exec = try #require(value("ExecStart"))
        #expect(exec.contains(Self.installedApp))
        if unit.contains("framebuffer") {
            #expect(exec.contains("--target framebuffer"))
        } else {
            #expect(exec.hasPrefix("/usr/bin/cage "))
            #expect(exec.contains("--target wayland"))
        }
    }

    /// After SIGKILL (or a crash, or the watchdog's SIGABRT) nothing in the app ran: the unit
    /// gives the VT back itself, with full privileges ("+"), by the app's `--restore-console`.
    /// (Tools/vm-test.sh kills the kiosk on a real kernel and checks the console's pixels after it.)
    @Test(arguments: units)
    func unitRestoresTheConsoleAfterAnyStop(_ unit: String) throws {
        let settings = Self.settings(try Self.read(unit))
        let stopPost = try #require(settings.last { $0.key == "ExecStopPost" }?.value)
        #expect(stopPost == "+\(Self.installedApp) --restore-console /dev/%I")
    }

    /// `--restore-console` refuses what is not a virtual terminal, and a missing argument, with a
    /// clear message and a failing status (the unit's ExecStopPost then shows in the journal).
    @Test func restoreConsoleRefusesWhatIsNoTerminal() throws {
        let app = Subprocess.buildFolder + "puzzle-demo"
        try #require(access(app, X_OK) == 0, "\(app) is not built: run `swift build --build-tests`")
        let notTerminal = try Subprocess.run([app, "--restore-console", "/dev/null"], timeout: 30)
        #expect(notTerminal.status == 1)
        #expect(notTerminal.output.firstRange(of: "cannot restore /dev/null: KDGETMODE (not a virtual terminal)") != nil, "\(notTerminal.output)")
        let missing = try Subprocess.run([app, "--restore-console"], timeout: 30)
        #expect(missing.status == 2)
        #expect(missing.output.firstRange(of: "--restore-console needs the virtual terminal") != nil, "\(missing.output)")
    }

    /// Least privilege: the kiosk user is in no device group. logind (or seatd) hands it the
    /// devices of its session; `input` would give it every keyboard's keys to read and inject, and
    /// under cage would bypass the compositor's input isolation.
    @Test(arguments: units)
    func unitAddsNoDeviceGroups(_ unit: String) throws {
        let settings = Self.settings(try Self.read(unit))
        #expect(!settings.contains { $0.key == "SupplementaryGroups" })
        #expect(!settings.contains { $0.key == "AmbientCapabilities" && !$0.value.isEmpty })
    }

    /// A frozen kiosk is restarted and a failing one is retried for ever: `Type=notify` with a
    /// watchdog (the host sends READY=1 after its first frame and WATCHDOG=1 from its loop), no
    /// start limit, a backoff that grows with the restart count; it starts only where there are
    /// virtual terminals, after the system bus (cage's units do the same).
    @Test(arguments: units)
    func unitIsWatchedAndRetriedWithBackoff(_ unit: String) throws {
        let settings = Self.settings(try Self.read(unit))
        func value(_ key: String) -> String? { settings.last { $0.key == key }?.value }
        #expect(value("Type") == "notify")
        #expect(value("NotifyAccess") == (unit.contains("cage") ? "all" : "main"))
        #expect(value("WatchdogSec").flatMap { Int($0) }.map { $0 > 0 && $0 <= 30 } == true)
        #expect(value("StartLimitIntervalSec") == "0")
        #expect(value("Restart") == "always")
        let backoff = try #require(value("ExecStartPre"))
        #expect(backoff.hasPrefix("-/bin/sh -c ") && backoff.contains("NRestarts") && backoff.contains("sleep"))
        #expect(value("ConditionPathExists") == "/dev/tty0")
        #expect(value("After")?.contains("dbus.socket") == true)
        #expect(settings.contains { $0.key == "Environment" && $0.value == "XDG_RUNTIME_DIR=/run/kiosk-%i" })
        #expect(value("RuntimeDirectory") == "kiosk-%i")
    }

    /// The backoff command the units run before each start, with `systemctl` answering a restart
    /// count, sleeps as documented (nothing below 5 restarts) and never fails the start.
    @Test(arguments: units)
    func backoffCommandRunsUnderSh(_ unit: String) throws {
        let settings = Self.settings(try Self.read(unit))
        let line = try #require(settings.last { $0.key == "ExecStartPre" }?.value)
        // systemd turns "$$" into "$" and %n into the unit name.
        let script = try #require(line.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first)
        let command = Self.replacing("$$", with: "$", in: Self.replacing("%n", with: "kiosk@tty1.service", in: String(script)))
        let bin = "\(P_tmpdir)/responderkit-backoff-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try #require(mkdir(bin, 0o700) == 0)
        defer {
            unlink(bin + "/systemctl")
            unlink(bin + "/sleep")
            rmdir(bin)
        }
        // Stand-ins: systemctl prints the count it is given, sleep prints what it was asked.
        try TextFile.write("#!/bin/sh\necho \"$RESTARTS\"\n", to: bin + "/systemctl")
        try TextFile.write("#!/bin/sh\necho \"slept $1\"\n", to: bin + "/sleep")
        chmod(bin + "/systemctl", 0o700)
        chmod(bin + "/sleep", 0o700)
        for (restarts, expected) in [("0", ""), ("4", ""), ("5", "slept 10"), ("9", "slept 10"), ("10", "slept 60"), ("", "")] {
            let run = try Subprocess.run(
                ["/usr/bin/env", "PATH=\(bin):/usr/bin:/bin", "RESTARTS=\(restarts)", "/bin/sh", "-c", command], timeout: 10)
            #expect(run.status == 0, "\(restarts) restarts: \(run.output)")
            #expect(run.output.split(separator: "\n").map(String.init) == (expected.isEmpty ? [] : [expected]), "\(restarts) restarts")
        }
    }

    /// `systemd-analyze security` rates each unit "OK" or better (an exposure of at most 3.0; both
    /// were 9.2 UNSAFE before they were sandboxed).
    @Test(.requires(.systemdAnalyze), arguments: units)
    func unitIsSandboxed(_ unit: String) throws {
        try Prerequisite.check([Prerequisite.systemdAnalyze])
        let run = try Subprocess.run(["/usr/bin/systemd-analyze", "security", "--offline=true", Self.deployFolder + unit], timeout: 60)
        let line = try #require(run.output.split(separator: "\n").first { $0.contains("Overall exposure level") }, "\(run.output)")
        let score = try #require(line.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) }, "\(line)")
        #expect(score <= 3.0, "\(unit): \(line)")
    }

    /// The kiosk user, as `systemd-sysusers` reads them (dry run in an empty root).
    @Test(.requires(.systemdSysusers))
    func sysusersCreatesTheKioskUser() throws {
        try Prerequisite.check([Prerequisite.systemdSysusers])
        let root = try TemporaryFolder.make("sysusers")
        defer { TemporaryFolder.remove(root) }
        try #require(mkdir(root + "/etc", 0o755) == 0)
        let run = try Subprocess.run(
            [
                "/usr/bin/systemd-sysusers", "--root=\(root)", "--dry-run",
                Self.deployFolder + "responderkit-kiosk.sysusers"
            ], timeout: 30)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("Creating user 'kiosk'"), "\(run.output)")
        // No group memberships: the seat manager hands out the devices (least privilege).
        #expect(!(try Self.read("responderkit-kiosk.sysusers").split(separator: "\n").contains { $0.hasPrefix("m ") }))
    }

    /// The PAM service opens a logind session (pam_systemd) and lets nobody authenticate.
    @Test func pamServiceRegistersALogindSessionOnly() throws {
        let lines = try Self.read("responderkit-kiosk.pam").split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(lines.contains(["session", "required", "pam_systemd.so"]))
        #expect(lines.filter { $0.first == "auth" } == [["auth", "required", "pam_deny.so"]])
    }

    /// Every rule line is a comma-separated list of `KEY op "value"` with udev's operators, and
    /// the rules cover the framebuffer, the event nodes and the touchscreen's seat tags.
    @Test func udevRulesAreWellFormed() throws {
        let text = try Self.read("70-responderkit-kiosk.rules")
        let rules = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }
        #expect(rules.count == 3)
        for rule in rules {
            for pair in rule.split(separator: ",") {
                let item = pair.drop { $0 == " " }
                let key = item.prefix { $0.isLetter || $0.isNumber || "_{}/".contains($0) }
                let rest = item.dropFirst(key.count)
                let op = ["==", "!=", "+=", "-=", ":=", "="].first { rest.hasPrefix($0) }
                #expect(!key.isEmpty && op != nil, "bad udev pair '\(item)' in: \(rule)")
                if let op {
                    let value = rest.dropFirst(op.count)
                    #expect(value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2, "unquoted value in '\(item)'")
                }
            }
        }
        #expect(text.contains("SUBSYSTEM==\"graphics\", KERNEL==\"fb[0-9]*\", GROUP=\"video\""))
        #expect(text.contains("ENV{ID_INPUT_TOUCHSCREEN}==\"1\", TAG+=\"seat\", TAG+=\"uaccess\""))
    }
}
