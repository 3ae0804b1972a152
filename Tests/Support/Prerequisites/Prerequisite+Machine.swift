#if canImport(Glibc)
import Glibc
#endif

/// The prerequisites of this project's tests. Probes are cheap (an `access`, one `dlopen`), except
/// the mount-namespace probe, which runs once per process.
extension Prerequisite {
    static let setup = "Tools/setup.sh installs it"

    public static let root = Prerequisite("root", remedy: "run the tests as root", installedBySetup: false) { geteuid() == 0 }

    public static let python3 = tool("python3", "/usr/bin/python3")
    public static let sway = tool("sway", "/usr/bin/sway")
    public static let grim = tool("grim", "/usr/bin/grim")
    public static let seatd = tool("seatd", "/usr/sbin/seatd")
    public static let waylandScanner = tool("wayland-scanner", "/usr/bin/wayland-scanner")
    /// util-linux (setup.sh lists it; Debian marks it essential).
    public static let setpriv = tool("setpriv", "/usr/bin/setpriv")
    public static let unshare = tool("unshare", "/usr/bin/unshare")
    /// systemd's checkers of the kiosk deployment (Tools/deploy): the `systemd` package.
    public static let systemdAnalyze = tool("systemd-analyze", "/usr/bin/systemd-analyze")
    public static let systemdSysusers = tool("systemd-sysusers", "/usr/bin/systemd-sysusers")
    /// A container that boots the real systemd (`systemd-container`): the watchdog test's service manager.
    public static let systemdNspawn = tool("systemd-nspawn", "/usr/bin/systemd-nspawn")
    /// systemd itself, to run as the container's init.
    public static let systemdInit = tool("systemd", "/lib/systemd/systemd")

    /// umockdev: its preload library and the library the testbed loads (emulated evdev devices).
    public static let umockdev = Prerequisite(
        "umockdev (libumockdev-preload.so.0, libumockdev.so.0)", remedy: setup,
        installedBySetup: true
    ) {
        ["libumockdev-preload.so.0", "libumockdev.so.0"].allSatisfy { library in
            libraryFolders.contains { access($0 + library, R_OK) == 0 }
        }
    }

    /// libseat, loadable the way the backend loads it (`dlopen`).
    public static let libseat = Prerequisite("libseat.so.1", remedy: setup, installedBySetup: true) {
        guard let handle = dlopen("libseat.so.1", RTLD_LAZY | RTLD_LOCAL) else { return false }
        dlclose(handle)
        return true
    }

    /// Private mount namespaces (`unshare --mount`): root in a sandbox may still be refused them.
    public static let mountNamespaces = Prerequisite(
        "private mount namespaces",
        remedy: "root with CAP_SYS_ADMIN outside a restrictive sandbox",
        installedBySetup: false
    ) { canUnshareMounts }

    /// Everything above that `Tools/setup.sh` installs (checked as a whole under CI).
    public static let allInstalledBySetup: [Prerequisite] = [
        python3, sway, grim, seatd, waylandScanner, setpriv, unshare, umockdev, libseat, systemdAnalyze, systemdSysusers,
        systemdNspawn, systemdInit, speechDispatcher, speechDispatcherGenericModule, espeakNG, sox
    ]

    /// A build without AddressSanitizer or ThreadSanitizer. Uninstrumented programs the tests
    /// start (sway, setpriv) must preload the project's shims, which a sanitized build
    /// instruments, so they could not load them.
    public static let uninstrumentedBuild = Prerequisite(
        "a build without sanitizers", remedy: "the sanitized build cannot give sway its preload shims",
        installedBySetup: false
    ) {
        let everything = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        return dlsym(everything, "__asan_init") == nil && dlsym(everything, "__tsan_init") == nil
    }

    /// A program of this package that the build puts in `folder`, beside the test binary (`swift
    /// build --build-tests` builds every executable target, and Tools/test.sh runs it first), so
    /// it is required under CI like a package `Tools/setup.sh` installs.
    public static func builtProgram(_ name: String, in folder: String) -> Prerequisite {
        Prerequisite(name, remedy: "`swift build --build-tests` builds it beside the tests", installedBySetup: true) {
            access(folder + name, X_OK) == 0
        }
    }

    /// A file that must exist, which no script installs (the shared material beside the clone).
    public static func file(_ path: String, name: String) -> Prerequisite {
        Prerequisite(name, remedy: "not installed by Tools/setup.sh; put it beside the clone", installedBySetup: false) {
            access(path, R_OK) == 0
        }
    }

    static func tool(_ name: String, _ path: String) -> Prerequisite {
        Prerequisite(name, remedy: setup, installedBySetup: true) { access(path, X_OK) == 0 }
    }

    private static let libraryFolders = [
        "/usr/lib/x86_64-linux-gnu/", "/usr/lib/aarch64-linux-gnu/", "/usr/lib64/",
        "/usr/lib/", "/usr/local/lib/"
    ]

    private static let canUnshareMounts: Bool = {
        guard geteuid() == 0 else { return false }
        // Without unshare(1) nothing can be probed; the `unshare` prerequisite reports that.
        guard access("/usr/bin/unshare", X_OK) == 0 else { return true }
        return system("/usr/bin/unshare --mount --propagation private /bin/true >/dev/null 2>&1") == 0
    }()
}

extension Prerequisite {
    /// A test run that selects only `tests`: the test process was started with at least one
    /// `--filter` (`swift test --filter …`, and the child runs of `ChildTestRun`) and every filter
    /// names one of them.
    ///
    /// Why: Swift Testing runs suites in parallel, and on a small machine a latency figure taken
    /// beside the rest of the suite measures the suite. Under load the emulated device's pty hands
    /// each write to a kernel worker at normal priority, which then waits behind the other tests'
    /// processes for milliseconds, whatever the app's own priority. `Tools/test.sh` runs such tests
    /// in a run of their own after the suite; in a whole-suite run they show as skipped.
    public static func aRunOfItsOwn(_ tests: String...) -> Prerequisite {
        Prerequisite(
            "a test run of its own (`swift test --filter \(tests[0])`)",
            remedy: "Tools/test.sh runs it alone after the suite: beside the other tests its latency figures measure them",
            installedBySetup: false
        ) {
            selectsOnly(tests, arguments: CommandLine.arguments)
        }
    }

    /// Whether `arguments` carry at least one `--filter` (or `--filter=`) and each names one of `tests`.
    public static func selectsOnly(_ tests: [String], arguments: [String]) -> Bool {
        var filters: [String] = []
        var words = arguments.dropFirst()[...]
        while let word = words.popFirst() {
            if word == "--filter", let value = words.popFirst() {
                filters.append(value)
            } else if word.hasPrefix("--filter=") {
                filters.append(String(word.dropFirst("--filter=".count)))
            }
        }
        return !filters.isEmpty && filters.allSatisfy { filter in tests.contains { filter.contains($0) } }
    }
}
