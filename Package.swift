// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ResponderKit",
    // What a package that depends on ResponderKit sees: the libraries and the user tools. The
    // examples, benchmarks and test support below are executable or regular targets without a
    // product: this package builds and runs them (`swift build`, `swift run hitbench`; SwiftPM
    // gives a root package's executable targets products of their own), a dependent never sees
    // them. The LD_PRELOAD shims are a package of their own (Tests/Shims/Package.swift): a .so
    // needs a dynamic library product. PackageTests checks this list.
    products: [
        .library(name: "ResponderKit", targets: ["ResponderKit"]),
        .library(name: "ResponderKitTesting", targets: ["ResponderKitTesting"]),
        .library(name: "Keymap", targets: ["Keymap"]),
        .library(name: "LibinputBackend", targets: ["LibinputBackend"]),
        .library(name: "Kiosk", targets: ["Kiosk"]),
        .library(name: "KioskWayland", targets: ["KioskWayland"]),
        .library(name: "KioskLoop", targets: ["KioskLoop"]),
        .library(name: "WaylandBackend", targets: ["WaylandBackend"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "FramebufferOutput", targets: ["FramebufferOutput"]),
        .library(name: "DRMOutput", targets: ["DRMOutput"]),
        .library(name: "Speech", targets: ["Speech"]),
        .library(name: "ATSPI", targets: ["ATSPI"]),
        .executable(name: "calibrate", targets: ["calibrate"]),
        .executable(name: "input-trace", targets: ["input-trace"])
    ],
    targets: [
        // The pure-Swift core: geometry, responders, views, events, routing, actions, controls.
        .target(name: "ResponderKit"),
        // The embedded harness, shipped like NIOEmbedded: re-exports the scripted input (manual
        // clock, InputEvent injection) and the hit-test files for tests.
        .target(name: "ResponderKitTesting", dependencies: ["ResponderKit", "ScriptedInput", "HitTestFiles"]),
        // InputEvents from commands on a manual clock (InputDriver, USKeyboard): the host's
        // headless scripts and the tests drive apps with it.
        .target(name: "ScriptedInput", dependencies: ["ResponderKit"]),
        // Whole text files without Foundation and the `.vtree`/`.points`/`.hits` format: the host's
        // hit dumps write it, hitbench and the tests read it.
        .target(name: "HitTestFiles", dependencies: ["ResponderKit"]),
        // The first seed's puzzle as a kiosk app (a library, so tests and benchmarks use the same app),
        // and the main command that runs it on the best target.
        .target(name: "PuzzleApp", dependencies: ["ResponderKit", "Kiosk"], path: "Tools/Examples/PuzzleApp"),
        // The second seed's inbox as a kiosk app (scrolling list, swipe to delete, edit menu, modal,
        // pull to refresh), and the main command that runs either app by name.
        .target(name: "InboxApp", dependencies: ["ResponderKit", "Kiosk"], path: "Tools/Examples/InboxApp"),
        // Issue 23's visitor check-in form: Auto Layout, keyboardLayoutGuide and stack views.
        .target(name: "CheckInApp", dependencies: ["ResponderKit", "Kiosk"], path: "Tools/Examples/CheckInApp", exclude: ["Localization"]),
        .target(name: "MenuApp", dependencies: ["ResponderKit", "Kiosk"], path: "Tools/Examples/MenuApp"),
        .executableTarget(
            name: "kiosk-demo", dependencies: ["Kiosk", "KioskWayland", "PuzzleApp", "InboxApp", "CheckInApp", "MenuApp"],
            path: "Tools/Examples/kiosk-demo", exclude: ["scripts"]),
        // The 10,000-row list the touch-scrolling comparison with Qt and GTK runs (issue 27 §4,
        // Tools/Benchmarks/scroll-peers).
        .executableTarget(name: "scroll-list", dependencies: ["Kiosk", "KioskWayland", "ResponderKit"], path: "Tools/Examples/scroll-list"),
        // Touch calibration (issue 11): the fit, the screen and the udev/sway/host output, and the
        // command that runs it on any host target.
        .target(
            name: "TouchCalibration", dependencies: ["ResponderKit", "Kiosk", "LibinputBackend", "CLibinput"],
            path: "Tools/Utilities/TouchCalibration"),
        .executableTarget(name: "calibrate", dependencies: ["TouchCalibration", "KioskWayland"], path: "Tools/Utilities/calibrate"),
        .executableTarget(
            name: "puzzle-demo", dependencies: ["Kiosk", "KioskWayland", "PuzzleApp"],
            path: "Tools/Examples/puzzle-demo", exclude: ["scripts"]),
        // The puzzle on a panel without a compositor (framebuffer + libinput) or headless: the
        // kiosk that links neither libwayland nor the testing module (KioskTests reads its ELF).
        .executableTarget(name: "framebuffer-kiosk", dependencies: ["Kiosk", "PuzzleApp"], path: "Tools/Examples/framebuffer-kiosk"),
        .executableTarget(
            name: "renderbench",
            dependencies: ["Kiosk", "PanelFixtures", "PuzzleApp", "Rendering", "ResponderKit", "ResponderKitTesting", "CDRM", "CWayland"],
            path: "Tools/Benchmarks/renderbench"),
        .executableTarget(
            name: "hitbench", dependencies: ["ResponderKit", "ResponderKitTesting", "CMallocCounter", "SeededGenerators"],
            path: "Tools/Benchmarks/hitbench"),
        // Scrolling a 10,000-row list: scroll step, hit after scroll, partial redraw, routed drag.
        // Typing into the inbox's search field, per keystroke (issue 28's linear filter).
        .executableTarget(
            name: "typingbench", dependencies: ["InboxApp", "ResponderKit", "ResponderKitTesting", "Rendering"],
            path: "Tools/Benchmarks/typingbench"),
        .executableTarget(
            name: "scrollbench", dependencies: ["PanelFixtures", "ResponderKit", "ResponderKitTesting", "Rendering", "CMallocCounter"],
            path: "Tools/Benchmarks/scrollbench"),
        // The 10,000-row message list scrollbench and renderbench's panel mode both measure.
        .target(name: "PanelFixtures", dependencies: ["ResponderKit"], path: "Tools/Benchmarks/PanelFixtures"),
        // Auto Layout (issue 23): 1,000 views in nested stacks, full solve vs one constant changed.
        .executableTarget(name: "layoutbench", dependencies: ["ResponderKit"], path: "Tools/Benchmarks/layoutbench"),
        // System libraries (pkg-config; Tools/setup.sh installs the -dev packages).
        // libinput, libudev, libdrm, libspeechd and libespeak-ng are C targets, not system libraries
        // (issue 27, start-up): nothing links them, so no executable records them as DT_NEEDED.
        // Each target's lazy_*.c (Tools/regen-lazy-libraries.sh) defines the functions the package
        // calls; the first call opens the library (CLazyLibrary: dlopen, dlsym). A kiosk under
        // Wayland never maps libinput, libudev or libdrm, and none maps the speech libraries
        // before its first word. Headers: libinput-dev, libudev-dev, libdrm-dev, libspeechd-dev,
        // libespeak-ng-dev (Tools/setup.sh). KioskTests.theWaylandKioskMapsNoPanelOrSpeechLibrary.
        .target(name: "CLazyLibrary", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CUdev", dependencies: ["CLazyLibrary"]),
        .target(name: "CLibinput", dependencies: ["CUdev", "CLazyLibrary"]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        // epoll, timerfd, signalfd, eventfd, posix_spawn, struct input_event, fb/kd ioctls: not in Glibc's module.
        .systemLibrary(name: "CLinux"),
        // Keymaps, key state, compose and key repeat over libxkbcommon (shared by the backends).
        .target(name: "Keymap", dependencies: ["ResponderKit", "CXKBCommon"]),
        // libinput + udev devices translated into InputEvents.
        .target(name: "LibinputBackend", dependencies: ["ResponderKit", "Keymap", "KioskLoop", "CLibinput", "CLinux", "CSeat"]),
        // libseat (seatd/logind), dlopen'ed at run time: no build or link dependency on it.
        .target(name: "CSeat", linkerSettings: [.linkedLibrary("dl")]),
        // The main loop: epoll over the sources' fds (one small protocol every backend conforms to),
        // a timerfd for the core's timers, the main queue, signals. Links no backend.
        .target(name: "KioskLoop", dependencies: ["ResponderKit", "CLinux"]),
        // The host: one session (scene, window, presenter, overlay, hit dumps) driving an output and
        // input sources (`KioskBackend`); its own targets are framebuffer + libinput and headless.
        // It knows no compositor: the Wayland target comes from KioskWayland.
        .target(
            name: "Kiosk",
            dependencies: [
                "ResponderKit", "ScriptedInput", "HitTestFiles", "KioskLoop", "Rendering",
                "LibinputBackend", "FramebufferOutput", "DRMOutput", "Keymap", "CLinux", "Speech", "ATSPI"
            ]),
        // The Wayland target of the host: an xdg toplevel's output and the connection as input
        // source. Executables that may run under a compositor link it (and so libwayland).
        .target(name: "KioskWayland", dependencies: ["Kiosk", "WaylandBackend", "KioskLoop", "Rendering", "ResponderKit"]),
        // Wayland (issue 5): libwayland-client, the committed xdg-shell glue (Tools/regen-protocols.sh
        // from Protocols/) and the client backend.
        .systemLibrary(name: "CWayland", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        .target(name: "CXdgShell", dependencies: ["CWayland"]),
        .target(name: "WaylandBackend", dependencies: ["ResponderKit", "Keymap", "KioskLoop", "Rendering", "CWayland", "CXdgShell"]),
        .executableTarget(
            name: "wayland-demo", dependencies: ["ResponderKit", "Kiosk", "KioskWayland", "WaylandBackend", "KioskLoop", "Rendering"],
            path: "Tools/Examples/wayland-demo"),
        .executableTarget(
            name: "waylandbench",
            dependencies: ["ResponderKit", "Kiosk", "KioskWayland", "WaylandBackend", "WaylandFixture", "Rendering", "CLinux"],
            path: "Tools/Benchmarks/waylandbench"),
        // Emulated evdev devices under umockdev (tests, input-trace --evemu, the latency bench).
        // libumockdev is dlopen'ed (CUmockdevLoader), so input-trace runs where umockdev is absent.
        .target(name: "EmulatedInput", dependencies: ["CUmockdevLoader", "CLinux"]),
        .target(name: "CUmockdevLoader", linkerSettings: [.linkedLibrary("dl")]),
        .executableTarget(
            name: "input-trace",
            dependencies: ["ResponderKit", "ResponderKitTesting", "LibinputBackend", "Keymap", "KioskLoop", "EmulatedInput", "CLinux"],
            path: "Tools/Utilities/input-trace"),
        // Seeded fuzzing of the routing core (Tests/Support/RoutingFuzz): `fuzz-routing --seed N --events M`.
        .executableTarget(name: "fuzz-routing", dependencies: ["ResponderKit", "RoutingFuzz"], path: "Tools/Benchmarks/fuzz-routing"),
        // 10 fingers at 240 Hz through real libinput into the puzzle for a given time (Tests/Support/Soak).
        .executableTarget(name: "soak", dependencies: ["Soak", "EmulatedInput", "ResponderKit"], path: "Tools/Benchmarks/soak"),
        .executableTarget(
            name: "inputbench",
            dependencies: ["BenchmarkSupport", "ResponderKit", "EmulatedInput"],
            path: "Tools/Benchmarks/inputbench"),
        // What the touch-latency benchmarks share (inputbench, speechbench): the emulated
        // touchscreen, the stage it runs in (real libinput, the Kiosk run loop), the finger's frame
        // writer and the figures' formatting. A tools' target, never a product.
        .target(
            name: "BenchmarkSupport", dependencies: ["ResponderKit", "LibinputBackend", "KioskLoop", "EmulatedInput", "CLinux"],
            path: "Tools/Benchmarks/BenchmarkSupport"),
        // A headless sway reading an emulated touchscreen through its own libinput, and a scripted
        // finger on it: the touch-scrolling comparison with Qt and GTK (Tools/Benchmarks/scroll-peers).
        .executableTarget(name: "scrolltouch", dependencies: ["EmulatedInput", "ChildProcesses"], path: "Tools/Benchmarks/scrolltouch"),
        // Rendering (issue 8): the view tree drawn with Cairo, text laid out with Pango; outputs
        // (Wayland, framebuffer, headless) conform to its `Output` protocol. Knows no backend.
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "fonts-dejavu-core"])]),
        .target(name: "Rendering", dependencies: ["ResponderKit", "CCairo"]),
        // The Linux framebuffer output (issue 8 §2): a panel without a compositor (/dev/fb0, mmap,
        // rotation, RGB565/BGR conversion, page flipping, console graphics mode).
        .target(name: "FramebufferOutput", dependencies: ["Rendering", "ResponderKit", "CLinux"]),
        // The DRM/KMS output (issue 25 §1): connector, CRTC and primary plane, two dumb buffers
        // flipped on vblank (atomic, else legacy), hotplug, VT switching; libdrm through CDRM.
        // libdrm through CDRM, opened at the first call (see CLazyLibrary above).
        .target(name: "CDRM", dependencies: ["CUdev", "CLazyLibrary"]),
        .target(name: "DRMOutput", dependencies: ["FramebufferOutput", "Rendering", "ResponderKit", "CDRM"]),
        // Speech (issue 26 §3): the core's SpeechSynthesizer over speech-dispatcher (libspeechd) and
        // espeak-ng (libespeak-ng), the fallback where no dispatcher runs.
        // Both opened at the first call (see CLazyLibrary above).
        .target(name: "CSpeechd", dependencies: ["CLazyLibrary"]),
        .target(name: "CEspeakNG", dependencies: ["CLazyLibrary"]),
        .target(name: "Speech", dependencies: ["ResponderKit", "CSpeechd", "CEspeakNG"]),
        // AT-SPI2 (issue 26 §4): the accessibility tree on the accessibility bus for Orca and
        // every other assistive technology, over libdbus-1 driven by the host's own epoll loop.
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .target(name: "ATSPI", dependencies: ["ResponderKit", "CDBus"]),
        // From a touch's kernel time to the first audio sample of the words it makes the kiosk say.
        .executableTarget(
            name: "speechbench",
            dependencies: ["BenchmarkSupport", "Speech", "SpeechFixture", "ResponderKit", "EmulatedInput"],
            path: "Tools/Benchmarks/speechbench"),
        .executableTarget(
            name: "fbbench", dependencies: ["FramebufferOutput", "Rendering", "ResponderKit"],
            path: "Tools/Benchmarks/fbbench"),
        // Touch → pixels latency of the main command on a fake panel (emulated touchscreen, real libinput).
        .executableTarget(
            name: "fbtouchbench", dependencies: ["FakeFramebuffer", "EmulatedInput", "LibinputBackend", "PuzzleApp", "ResponderKit", "TestHelpers"],
            path: "Tools/Benchmarks/fbtouchbench"),

        // Test support: regular targets under Tests/Support, never products (the benchmarks may
        // depend on them; nothing in Sources does).
        // The tests' one set of helpers, like NIOTestUtils: temporary folders, the pixel diff and
        // golden images.
        .target(name: "TestHelpers", dependencies: ["ResponderKit", "Rendering"], path: "Tests/Support/TestHelpers"),
        // Counts heap allocations by interposing malloc in the executable that links it (the
        // zero-allocation tests, hitbench); compiled out under sanitizers.
        .target(name: "CMallocCounter", path: "Tests/Support/CMallocCounter"),
        // The scripted libwayland-server compositor of the Wayland tests and waylandbench.
        .target(
            name: "WaylandFixture", dependencies: ["CXdgShell"], path: "Tests/Support/WaylandFixture",
            exclude: ["protocol"], linkerSettings: [.linkedLibrary("wayland-server")]),
        // TEST ONLY: a minimal input-method-unstable-v2 client (glue generated from its copy of the
        // XML under protocol/) that commits text through sway in the end-to-end text input test.
        .target(
            name: "InputMethodClient", dependencies: ["CWayland"], path: "Tests/Support/InputMethodClient",
            exclude: ["protocol"], linkerSettings: [.linkedLibrary("wayland-client")]),
        // Child processes: one posix_spawn wrapper, re-runs of one test in a child, staging for
        // children that run as nobody.
        .target(name: "ChildProcesses", dependencies: ["ResponderKitTesting", "TestHelpers"], path: "Tests/Support/ChildProcesses"),
        // What a test needs from the machine: `.requires(…)` skips with the reason, except that
        // under CI (CI=true or CI=1) a missing package that Tools/setup.sh installs fails the test.
        .target(name: "Prerequisites", path: "Tests/Support/Prerequisites"),
        // Views that record what reaches them (the core's chain tests, the backends' device tests).
        .target(name: "RecordingViews", dependencies: ["ResponderKit", "ResponderKitTesting"], path: "Tests/Support/RecordingViews"),
        // The seeded generator of the property tests, hitbench and fuzz-routing.
        .target(name: "SeededGenerators", path: "Tests/Support/SeededGenerators"),
        // The routing fuzzer: hostile InputEvents, handlers that change the world mid-delivery,
        // invariants after every event, minimized failures (fuzz-routing and RoutingFuzzTests).
        .target(
            name: "RoutingFuzz", dependencies: ["ResponderKit", "ResponderKitTesting", "SeededGenerators"],
            path: "Tests/Support/RoutingFuzz"),
        // The soak: fingers at a fixed rate through real libinput (umockdev) into the puzzle, with
        // latency, backlog and memory per window (the soak tool and SoakTests).
        .target(
            name: "Soak",
            dependencies: [
                "ResponderKit", "LibinputBackend", "KioskLoop", "EmulatedInput", "PuzzleApp", "Rendering", "CLinux",
                "CHeapStatistics"
            ],
            path: "Tests/Support/Soak"),
        // glibc's mallinfo2 (not in Swift's Glibc module), for the soak's heap-in-use figure.
        .target(name: "CHeapStatistics", path: "Tests/Support/CHeapStatistics"),
        // A plain file described as a framebuffer to that shim (FAKEFB_* variables, pixels and logs
        // read back); it also runs the main command on such a panel with an emulated touchscreen
        // (FramebufferTests, the kiosk end-to-end tests and fbtouchbench).
        .target(
            name: "FakeFramebuffer", dependencies: ["ResponderKit", "ResponderKitTesting", "EmulatedInput", "PuzzleApp", "ChildProcesses", "TestHelpers"],
            path: "Tests/Support/FakeFramebuffer"),

        // A private speech-dispatcher (generic module running espeak-ng into WAV files) and sox's
        // statistics of the audio: the speech tests and speechbench.
        .target(name: "SpeechFixture", dependencies: ["ChildProcesses", "HitTestFiles", "TestHelpers"], path: "Tests/Support/SpeechFixture"),

        // README.md's and the DocC articles' Swift samples, compiled and checked to match the text.
        .testTarget(
            name: "ReadmeSampleTests",
            dependencies: [
                "Keymap", "Kiosk", "KioskWayland", "LibinputBackend", "WaylandBackend", "FramebufferOutput", "ResponderKit",
                "ResponderKitTesting"
            ]),
        .testTarget(name: "KeymapTests", dependencies: ["Keymap", "ResponderKit", "ResponderKitTesting"]),
        .testTarget(
            name: "LibinputTests",
            dependencies: [
                "LibinputBackend", "Keymap", "Kiosk", "EmulatedInput", "ResponderKit", "ResponderKitTesting", "CLinux",
                "ChildProcesses", "Prerequisites", "RecordingViews", "Soak", "Rendering", "PuzzleApp", "InboxApp", "CheckInApp"
            ],
            exclude: ["Devices"]),
        .testTarget(
            name: "WaylandTests",
            dependencies: [
                "WaylandBackend", "Kiosk", "KioskWayland", "WaylandFixture", "Keymap", "KioskLoop", "Rendering", "LibinputBackend", "EmulatedInput",
                "PuzzleApp", "InboxApp", "ResponderKit", "ResponderKitTesting", "CLinux", "ChildProcesses", "Prerequisites",
                "RecordingViews", "InputMethodClient", "TestHelpers"
            ],
            exclude: ["Devices"]),
        // Auto Layout (issue 23): the Cassowary solver (checked against kiwisolver), constraints, stacks.
        .testTarget(
            name: "LayoutTests",
            dependencies: ["ResponderKit", "ResponderKitTesting", "ChildProcesses", "Prerequisites", "SeededGenerators"]),
        .testTarget(
            name: "ResponderKitTests",
            dependencies: [
                "ResponderKit", "ResponderKitTesting", "RecordingViews", "SeededGenerators", "RoutingFuzz",
                "Prerequisites"
            ]),
        .testTarget(
            name: "HitIndexTests",
            dependencies: ["ResponderKit", "ResponderKitTesting", "CMallocCounter", "Prerequisites", "SeededGenerators", "TestHelpers"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "ResponderKit", "ResponderKitTesting", "TestHelpers"], exclude: ["Golden"]),
        // The host and the main command: headless runs, target selection, the puzzle by every input.
        .testTarget(
            name: "KioskTests",
            dependencies: [
                "Kiosk", "PuzzleApp", "InboxApp", "CheckInApp", "MenuApp", "Rendering", "ResponderKit", "ResponderKitTesting", "ChildProcesses",
                "Prerequisites", "TestHelpers", "RecordingViews"
            ],
            exclude: ["Golden"]),
        .testTarget(
            name: "FramebufferTests",
            dependencies: [
                "FramebufferOutput", "Rendering", "ResponderKit", "ResponderKitTesting", "FakeFramebuffer",
                "ChildProcesses", "Prerequisites", "TestHelpers"
            ]),
        // Speech (issue 26 §3): the priority queue with a recording sink, and the real
        // speech-dispatcher and espeak-ng producing audio.
        .testTarget(
            name: "SpeechTests",
            dependencies: ["Speech", "SpeechFixture", "Kiosk", "ResponderKit", "ChildProcesses", "Prerequisites", "TestHelpers"]),
        // AT-SPI (issue 26 §4): roles, states, answers and events without a bus, and a real AT
        // client (pyatspi) reading and operating the kiosk under sway on a private session bus.
        .testTarget(
            name: "ATSPITests",
            dependencies: ["ATSPI", "Kiosk", "PuzzleApp", "InboxApp", "ResponderKit", "ResponderKitTesting", "ChildProcesses", "Prerequisites", "TestHelpers"],
            exclude: ["Scripts"]),
        // The visual settings (issue 26 §5): Dynamic Type, bold text, high contrast, reduce motion;
        // each test that changes them runs in a child process (they are process-wide).
        .testTarget(
            name: "VisualSettingsTests",
            dependencies: ["Kiosk", "Rendering", "ResponderKit", "ResponderKitTesting", "ChildProcesses", "TestHelpers"],
            exclude: ["Golden"]),
        // The DRM/KMS output's choices and refusals, without a kernel (the VM tier runs it on one).
        .testTarget(name: "DRMTests", dependencies: ["DRMOutput", "Kiosk", "ResponderKit"]),
        // Touch calibration (issue 11): the fit, the output, and the tool against real libinput.
        .testTarget(
            name: "CalibrationTests",
            dependencies: [
                "TouchCalibration", "LibinputBackend", "Kiosk", "EmulatedInput", "FakeFramebuffer", "ResponderKit",
                "ResponderKitTesting", "ChildProcesses", "Prerequisites", "TestHelpers"
            ]),
        // The package as a dependent sees it (its products), and the test helpers' own rules.
        .testTarget(name: "PackageTests", dependencies: ["ChildProcesses", "Prerequisites", "ResponderKitTesting", "TestHelpers"]),
        // The kiosk deployment (Tools/deploy): systemd-analyze verify, sysusers, PAM and udev files.
        .testTarget(name: "DeploymentTests", dependencies: ["ChildProcesses", "Prerequisites", "ResponderKitTesting", "TestHelpers"]),
        // The main command on a fake panel end to end: real libinput under umockdev, real pixels.
        .testTarget(
            name: "KioskEndToEndTests",
            dependencies: [
                "FakeFramebuffer", "EmulatedInput", "PuzzleApp", "Rendering", "ResponderKit", "ResponderKitTesting",
                "ChildProcesses", "Prerequisites", "TestHelpers"
            ])
    ],
    swiftLanguageModes: [.v6]
)
