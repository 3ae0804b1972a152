import ChildProcesses
import EmulatedInput
import FakeFramebuffer
import Prerequisites
import ResponderKitTesting
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The deployed unit under a real systemd (issue 28 §8): `systemd-nspawn` boots systemd in a
/// container whose root is this machine's root read-only under an overlay in the test's folder.
/// There the test installs `Tools/deploy`'s framebuffer unit, its sysusers and PAM files as an
/// administrator would, with a drop-in that points it at `puzzle-demo` on a fake panel (the
/// framebuffer shim preloaded) and shortens `WatchdogSec` to 2 s. A check unit inside then starts
/// the kiosk (systemd waits for its READY=1), lets it run under the unit's sandbox
/// (`ProtectSystem`, `SystemCallFilter`, …: a call the filter blocks fails with EPERM, per the
/// unit's `SystemCallErrorNumber`, so a kiosk that needed one would never get ready or would stop;
/// a SIGSYS in the journal fails the test too), freezes it with SIGSTOP and waits for systemd's
/// watchdog to kill it and start a new one.
///
/// What it writes: the test's temporary folder (the overlay's upper layer, the kiosk's files, the
/// result) and the container's own state under `/run/systemd/nspawn`, which it removes.
@Suite(.serialized)
struct SystemdWatchdogTests {
    static let needs: [Prerequisite] = [.root, .systemdNspawn, .systemdInit, .umockdev, .mountNamespaces]

    @Test(.requires(needs), .enabled(if: EndToEnd.canRunWithoutInput, "puzzle-demo or the framebuffer shim is not built"))
    func systemdRestartsAFrozenKioskRunningUnderTheSandbox() throws {
        try EndToEnd.requireBuilt()
        let container = try WatchdogContainer()
        defer { container.remove() }
        let result = try container.boot(timeout: 240)
        let journal = container.journal
        func value(_ key: String) -> String { result[key] ?? "(missing)" }
        let context = Comment(rawValue: "result: \(result)\nkiosk journal:\n\(journal)\ncontainer:\n\(container.console.suffix(3000))")

        try #require(value("done") == "yes", context)
        // READY=1 made the unit active (Type=notify: `systemctl start` returns only then).
        #expect(value("start-status") == "0", context)
        #expect(value("first-state") == "active" && value("first-substate") == "running", context)
        #expect(value("first-restarts") == "0", context)
        // Three watchdog periods later, still the same process: the sandbox let it run, and
        // systemd got its WATCHDOG=1 pings.
        #expect(value("running-state") == "active" && value("running-pid") == value("first-pid"), context)
        #expect(value("running-restarts") == "0", context)
        #expect((Int(value("running-watchdog")) ?? 0) > 0, "no WATCHDOG=1 reached systemd; \(context)")
        #expect(!journal.contains("SIGSYS") && !journal.contains("status=31"), "a system call was blocked; \(context)")
        // Frozen, it is killed by the watchdog and started again: new processes, one restart.
        #expect(journal.contains("Watchdog timeout"), context)
        #expect(value("after-state") == "active", context)
        #expect(value("after-pid") != value("first-pid") && value("after-pid") != "0", context)
        #expect(value("stop-status") == "0", context)
        #expect(value("after-restarts") == "1", context)
        #expect(value("kiosk-pid") != "" && value("after-kiosk-pid") != "" && value("after-kiosk-pid") != value("kiosk-pid"), context)
        #expect(value("after-watchdog") != "" && value("after-watchdog") != "n/a", context)
    }
}

/// The container of `SystemdWatchdogTests`: a temporary folder holding the overlay (`upper`,
/// `work`, the mounted `root`) and `kiosk`, bound at `/rk` inside, with the program, the shim, the
/// fake panel, the check script and, after the run, its result.
private final class WatchdogContainer {
    let folder: String
    let root: String
    let kiosk: String
    let machine = "rk-watchdog-\(getpid())"
    private var mounted = false
    /// The container's console (systemd's boot and shutdown messages), after `boot`.
    private(set) var console = ""

    static let unit = "kiosk-framebuffer@tty1.service"

    init() throws {
        folder = try TemporaryFolder.make("systemd")
        root = folder + "/root"
        kiosk = folder + "/kiosk"
        // The upper layer's mode is the container's root's: 0755, or the kiosk user could not
        // even change to `/`. The kiosk user must read its program inside: `kiosk` is bound at /rk.
        for sub in ["upper", "work", "root", "kiosk"] {
            mkdir(folder + "/" + sub, 0o700)
            if sub != "work" { chmod(folder + "/" + sub, 0o755) }
        }
        let options = "lowerdir=/,upperdir=\(folder)/upper,workdir=\(folder)/work"
        guard mount("overlay", root, "overlay", 0, options) == 0 else {
            let reason = String(cString: strerror(errno))
            TemporaryFolder.remove(folder)
            throw Subprocess.Failure("cannot mount an overlay of / at \(root): \(reason)")
        }
        mounted = true
        do { try install() } catch {
            remove()
            throw error
        }
    }

    /// The files an administrator installs (Tools/deploy), the test's drop-in and check unit, and
    /// the kiosk's files under `kiosk`.
    private func install() throws {
        let deploy = PackageCheckout.root + "/Tools/deploy/"
        try write(try TextFile.read(deploy + "kiosk-framebuffer@.service"), to: root + "/etc/systemd/system/kiosk-framebuffer@.service")
        try write(try TextFile.read(deploy + "responderkit-kiosk.sysusers"), to: root + "/etc/sysusers.d/responderkit-kiosk.conf")
        try write(try TextFile.read(deploy + "responderkit-kiosk.pam"), to: root + "/etc/pam.d/responderkit-kiosk")

        try copy(EndToEnd.mainCommand, to: kiosk + "/puzzle-demo", mode: 0o755)
        try copy(try FakeFramebuffer.shimLibrary(besides: Preload.executablePath), to: kiosk + "/fb-shim.so", mode: 0o755)
        try copy(try Preload.compatLibrary(), to: kiosk + "/umockdev-compat.so", mode: 0o755)
        let panel = kiosk + "/panel"
        mkdir(panel, 0o700)
        chmod(panel, 0o755)
        var fake = FakeFramebuffer(width: 320, height: 240, bitsPerPixel: 32)
        fake.folder = panel
        try fake.create()
        // The same files as the kiosk sees them, at /rk inside.
        var inside = fake
        inside.folder = "/rk/panel"
        let environment = (inside.environment + ["LD_PRELOAD=/rk/fb-shim.so:/rk/umockdev-compat.so"]).map { "\"\($0)\"" }.joined(separator: " ")
        // The panel's touchscreen, emulated by umockdev-run around the kiosk (a container has no
        // input devices, and the framebuffer host refuses to run without one); as `Testbed`
        // does, the compat shim and udev's "initialized" record make libinput take it.
        let touchscreen = PanelKiosk.touchscreen(panelWidth: fake.width, panelHeight: fake.height)
        try write(UMockdevRecord.description(of: touchscreen, event: 5), to: kiosk + "/touchscreen.umockdev")
        try write(UMockdevRecord.ioctls(of: touchscreen, event: 5), to: kiosk + "/touchscreen.ioctl")
        try write(
            """
            # The test's changes, nothing of the sandbox: a container has no virtual terminal, so
            # no /dev/tty0 condition and no terminal, and no seat, so no logind session (PAM);
            # the program is the test's build on a fake panel with an emulated touchscreen
            # (umockdev-run is the main process, so the kiosk's notifications come from its
            # child, and the emulated node is a pseudo-terminal it opens; umockdev 0.17's node is
            # not found from the working folder `/`, so it is /rk; WATCHDOG_PID names the kiosk,
            # which the shell execs, as sd_notify(3) has it for a helper's child); the watchdog is
            # short.
            [Unit]
            ConditionPathExists=
            [Service]
            PAMName=
            WorkingDirectory=/rk
            NotifyAccess=all
            WatchdogSec=2
            StandardInput=null
            TTYReset=no
            TTYVHangup=no
            TTYVTDisallocate=no
            Environment=\(environment)
            ReadWritePaths=/rk/panel
            DeviceAllow=/dev/ptmx rw
            DeviceAllow=char-pts rw
            ExecStart=
            ExecStart=/usr/bin/umockdev-run --device /rk/touchscreen.umockdev --ioctl /dev/input/event5=/rk/touchscreen.ioctl -- \\
              /bin/sh -c 'mkdir -p "$$UMOCKDEV_DIR/run/udev/data" && echo I:1 >"$$UMOCKDEV_DIR/run/udev/data/c13:69" && \\
              WATCHDOG_PID=$$$$ exec /rk/puzzle-demo --target framebuffer --fb /rk/panel/fb0 --console /rk/panel/tty --device /dev/input/event5'

            """, to: root + "/etc/systemd/system/kiosk-framebuffer@.service.d/test.conf")
        // The boot's target: the basic system (journald, sysusers, tmpfiles) and the check; none
        // of this machine's own services. The system bus and logind are masked: a container has
        // no seat for a session, and in a restricted one the bus daemon cannot start (it waits
        // for systemd's bus name for ever), which would hold the unit's `After=` for 90 s.
        for masked in ["dbus.service", "dbus.socket", "systemd-logind.service"] {
            guard symlink("/dev/null", root + "/etc/systemd/system/" + masked) == 0 || errno == EEXIST else {
                throw Subprocess.Failure("cannot mask \(masked): \(String(cString: strerror(errno)))")
            }
        }
        try write(
            """
            [Unit]
            Description=SystemdWatchdogTests: the basic system and the check
            Wants=basic.target rk-check.service
            After=basic.target
            AllowIsolate=yes

            """, to: root + "/etc/systemd/system/rk-check.target")
        try write(
            """
            [Unit]
            Description=SystemdWatchdogTests: the kiosk unit frozen and restarted
            After=basic.target
            [Service]
            Type=oneshot
            ExecStart=/bin/sh /rk/check.sh

            """, to: root + "/etc/systemd/system/rk-check.service")
        try write(Self.checkScript, to: kiosk + "/check.sh")
    }

    /// Boots the container until the check unit powers it off (at most `timeout` seconds) and
    /// returns the check's `key=value` lines.
    func boot(timeout: Double) throws -> [String: String] {
        let arguments = [
            "systemd-nspawn", "--quiet", "--directory=" + root, "--machine=" + machine, "--register=no", "--keep-unit",
            "--link-journal=no", "--bind=" + kiosk + ":/rk", "--boot", "--",
            "systemd.unit=rk-check.target"
        ]
        let process = try Subprocess(arguments, environment: Subprocess.environment([]), outputPath: folder + "/console.txt")
        if process.wait(timeout: timeout) == nil {
            // SIGTERM asks systemd inside to power off; then the container is killed.
            process.send(SIGTERM)
            if process.wait(timeout: 30) == nil { process.kill() }
        }
        console = process.output
        var result: [String: String] = [:]
        for line in ((try? TextFile.read(kiosk + "/result")) ?? "").split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            result[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return result
    }

    /// The kiosk unit's journal, as the check script saved it.
    var journal: String { (try? TextFile.read(kiosk + "/journal.txt")) ?? "" }

    /// Unmounts the overlay (lazily, should something inside still hold it), then removes the
    /// folder and the container's runtime state. The folder is left alone if the overlay stays
    /// mounted, so the removal can never walk into this machine's root.
    func remove() {
        if mounted {
            guard umount2(root, Int32(MNT_DETACH)) == 0 else { return }
            mounted = false
        }
        TemporaryFolder.remove(folder)
        for state in ["/run/systemd/nspawn/propagate/" + machine, "/run/systemd/nspawn/unix-export/" + machine] {
            TemporaryFolder.remove(state)
        }
    }

    private func write(_ text: String, to path: String) throws {
        var parent = path
        while let last = parent.last, last != "/" { parent.removeLast() }
        try makeFolders(String(parent.dropLast()))
        try TextFile.write(text, to: path)
    }

    private func makeFolders(_ path: String) throws {
        guard !path.isEmpty, access(path, F_OK) != 0 else { return }
        var parent = path
        while let last = parent.last, last != "/" { parent.removeLast() }
        try makeFolders(String(parent.dropLast()))
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw Subprocess.Failure("cannot make \(path): \(String(cString: strerror(errno)))")
        }
    }

    private func copy(_ source: String, to destination: String, mode: mode_t) throws {
        let bytes = try TextFile.readBytes(source)
        let fd = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw Subprocess.Failure("cannot write \(destination): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw Subprocess.Failure("short write to \(destination)") }
        fchmod(fd, mode)
    }

    /// Runs inside the container as `rk-check.service`, as root: the kiosk user owns the panel,
    /// the unit starts, runs, is frozen, and each step's state goes to /rk/result.
    static let checkScript = """
        #!/bin/sh
        unit=\(unit)
        out=/rk/result
        show() { systemctl show --property="$1" --value "$unit"; }
        say() { echo "$1=$2" >>"$out"; }
        : >"$out"
        say system "$(systemctl is-system-running)"
        chown -R kiosk:kiosk /rk/panel && say chown ok
        systemctl start "$unit"
        say start-status $?
        say first-state "$(show ActiveState)"
        say first-substate "$(show SubState)"
        first=$(show MainPID)
        say first-pid "$first"
        say first-restarts "$(show NRestarts)"
        # Three watchdog periods under the sandbox: the same process, pinging.
        sleep 6
        say running-state "$(show ActiveState)"
        say running-pid "$(show MainPID)"
        say running-watchdog "$(show WatchdogTimestampMonotonic)"
        say running-restarts "$(show NRestarts)"
        # The kiosk's loop is in puzzle-demo, umockdev-run's child: that is what freezes.
        kiosk=$(pgrep -P "$first" -x puzzle-demo)
        say kiosk-pid "$kiosk"
        kill -STOP "$kiosk"
        say stop-status $?
        i=0
        while [ $i -lt 120 ]; do
          pid=$(show MainPID)
          if [ "$(show ActiveState)" = active ] && [ "$pid" != 0 ] && [ "$pid" != "$first" ]; then break; fi
          sleep 0.25
          i=$((i + 1))
        done
        say after-state "$(show ActiveState)"
        say after-pid "$(show MainPID)"
        say after-restarts "$(show NRestarts)"
        say after-watchdog "$(show WatchdogTimestamp)"
        say after-kiosk-pid "$(pgrep -P "$(show MainPID)" -x puzzle-demo)"
        journalctl --no-pager -o short-monotonic -u "$unit" >/rk/journal.txt 2>&1
        systemctl stop "$unit"
        say done yes
        systemctl poweroff --no-block

        """
}
