// swift-tools-version:6.0
import PackageDescription

/// For the LD_PRELOAD shims: no sanitizer instrumentation (see their targets).
let uninstrumented: [CSetting] = [.unsafeFlags(["-fno-sanitize=all"])]

let package = Package(
    name: "ResponderKit",
    products: [
        .library(name: "ResponderKit", targets: ["ResponderKit"]),
        .library(name: "ResponderKitTesting", targets: ["ResponderKitTesting"]),
        .executable(name: "kiosk-demo", targets: ["kiosk-demo"]),
        .executable(name: "puzzle-demo", targets: ["puzzle-demo"]),
        .executable(name: "renderbench", targets: ["renderbench"]),
        .executable(name: "hitbench", targets: ["hitbench"]),
        .executable(name: "scrollbench", targets: ["scrollbench"]),
        .executable(name: "layoutbench", targets: ["layoutbench"]),
        .library(name: "Keymap", targets: ["Keymap"]),
        .library(name: "LibinputBackend", targets: ["LibinputBackend"]),
        .library(name: "Kiosk", targets: ["Kiosk"]),
        .library(name: "KioskLoop", targets: ["KioskLoop"]),
        .library(name: "EmulatedInput", targets: ["EmulatedInput"]),
        .executable(name: "input-trace", targets: ["input-trace"]),
        .executable(name: "inputbench", targets: ["inputbench"]),
        .library(name: "WaylandBackend", targets: ["WaylandBackend"]),
        .executable(name: "wayland-demo", targets: ["wayland-demo"]),
        .executable(name: "waylandbench", targets: ["waylandbench"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "FramebufferOutput", targets: ["FramebufferOutput"]),
        .executable(name: "fbbench", targets: ["fbbench"]),
        .executable(name: "fbtouchbench", targets: ["fbtouchbench"]),
        .executable(name: "fuzz-routing", targets: ["fuzz-routing"]),
        .executable(name: "calibrate", targets: ["calibrate"]),
        .executable(name: "soak", targets: ["soak"]),
        // TEST AND EMULATION ONLY — never link these, never ship them. They are products only
        // because SwiftPM builds a .so for LD_PRELOAD from a dynamic library product.
        // libTestShimUMockdevCompat.so: the umockdev 0.17 companion (fstat device numbers, udev
        // database), preloaded by EmulatedInput's re-exec (tests, input-trace --evemu, inputbench).
        .library(name: "TestShimUMockdevCompat", type: .dynamic, targets: ["TestShimUMockdevCompat"]),
        // libTestShimWaylandSeat.so: a libseat stand-in so sway (as nobody, under umockdev) opens
        // the emulated devices in the end-to-end tests.
        .library(name: "TestShimWaylandSeat", type: .dynamic, targets: ["TestShimWaylandSeat"]),
        // libTestShimFramebuffer.so: a framebuffer driver stand-in (answers the fb ioctls for one
        // plain file), preloaded by FramebufferTests' re-exec and the kiosk end-to-end tests.
        .library(name: "TestShimFramebuffer", type: .dynamic, targets: ["FramebufferShim"]),
    ],
    targets: [
        // The pure-Swift core: geometry, responders, views, events, routing, actions, controls.
        .target(name: "ResponderKit"),
        // The embedded harness (manual clock, InputEvent injection), shipped like NIOEmbedded.
        .target(name: "ResponderKitTesting", dependencies: ["ResponderKit"]),
        // The first seed's puzzle as a kiosk app (a library, so tests and benchmarks use the same app),
        // and the main command that runs it on the best target.
        .target(name: "PuzzleApp", dependencies: ["ResponderKit", "Kiosk"], path: "Tools/PuzzleApp"),
        // The second seed's inbox as a kiosk app (scrolling list, swipe to delete, edit menu, modal,
        // pull to refresh), and the main command that runs either app by name.
        .target(name: "InboxApp", dependencies: ["ResponderKit", "Kiosk"], path: "Tools/InboxApp"),
        .executableTarget(name: "kiosk-demo", dependencies: ["Kiosk", "PuzzleApp", "InboxApp"],
                          path: "Tools/kiosk-demo", exclude: ["scripts"]),
        // Touch calibration (issue 11): the fit, the screen and the udev/sway/host output, and the
        // command that runs it on any host target.
        .target(name: "TouchCalibration", dependencies: ["ResponderKit", "Kiosk", "LibinputBackend", "CLibinput"],
                path: "Tools/TouchCalibration"),
        .executableTarget(name: "calibrate", dependencies: ["TouchCalibration"], path: "Tools/calibrate"),
        .executableTarget(name: "puzzle-demo", dependencies: ["Kiosk", "PuzzleApp"],
                          path: "Tools/puzzle-demo", exclude: ["scripts"]),
        .executableTarget(name: "renderbench", dependencies: ["Kiosk", "PuzzleApp", "Rendering", "ResponderKit", "ResponderKitTesting"],
                          path: "Tools/renderbench"),
        .executableTarget(name: "hitbench", dependencies: ["ResponderKit", "ResponderKitTesting", "CMallocCounter", "SeededGenerators"],
                          path: "Tools/hitbench"),
        // Scrolling a 10,000-row list: scroll step, hit after scroll, partial redraw, routed drag.
        .executableTarget(name: "scrollbench", dependencies: ["ResponderKit", "ResponderKitTesting", "Rendering", "CMallocCounter"],
                          path: "Tools/scrollbench"),
        // Auto Layout (issue 23): 1,000 views in nested stacks, full solve vs one constant changed.
        .executableTarget(name: "layoutbench", dependencies: ["ResponderKit"], path: "Tools/layoutbench"),
        // System libraries (pkg-config; Tools/setup.sh installs the -dev packages).
        .systemLibrary(name: "CLibinput", pkgConfig: "libinput", providers: [.apt(["libinput-dev", "libudev-dev"])]),
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
        // The host: runs an app on the best target (Wayland, framebuffer + libinput, headless).
        .target(name: "Kiosk", dependencies: ["ResponderKit", "ResponderKitTesting", "KioskLoop", "Rendering", "WaylandBackend",
                                              "LibinputBackend", "FramebufferOutput", "Keymap", "CLinux"]),
        // Wayland (issue 5): libwayland-client, the committed xdg-shell glue (Tools/regen-protocols.sh
        // from Protocols/) and the client backend.
        .systemLibrary(name: "CWayland", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        .target(name: "CXdgShell", dependencies: ["CWayland"]),
        .target(name: "WaylandBackend", dependencies: ["ResponderKit", "Keymap", "KioskLoop", "Rendering", "CWayland", "CXdgShell"]),
        .executableTarget(name: "wayland-demo", dependencies: ["ResponderKit", "WaylandBackend", "KioskLoop", "Rendering"],
                          path: "Tools/wayland-demo"),
        .executableTarget(name: "waylandbench", dependencies: ["ResponderKit", "WaylandBackend", "WaylandFixture", "Rendering", "CLinux"],
                          path: "Tools/waylandbench"),
        // Emulated evdev devices under umockdev (tests, input-trace --evemu, the latency bench).
        // libumockdev is dlopen'ed (CUmockdevLoader), so input-trace runs where umockdev is absent.
        .target(name: "EmulatedInput", dependencies: ["CUmockdevLoader", "CLinux"]),
        .target(name: "CUmockdevLoader", linkerSettings: [.linkedLibrary("dl")]),
        .executableTarget(name: "input-trace",
                          dependencies: ["ResponderKit", "ResponderKitTesting", "LibinputBackend", "Keymap", "KioskLoop", "EmulatedInput", "CLinux"],
                          path: "Tools/input-trace"),
        // Seeded fuzzing of the routing core (Tests/Support/RoutingFuzz): `fuzz-routing --seed N --events M`.
        .executableTarget(name: "fuzz-routing", dependencies: ["ResponderKit", "RoutingFuzz"], path: "Tools/fuzz-routing"),
        // 10 fingers at 240 Hz through real libinput into the puzzle for a given time (Tests/Support/Soak).
        .executableTarget(name: "soak", dependencies: ["Soak", "EmulatedInput", "ResponderKit"], path: "Tools/soak"),
        .executableTarget(name: "inputbench",
                          dependencies: ["ResponderKit", "LibinputBackend", "KioskLoop", "EmulatedInput", "CLinux"],
                          path: "Tools/inputbench"),
        // Rendering (issue 8): the view tree drawn with Cairo, text laid out with Pango; outputs
        // (Wayland, framebuffer, headless) conform to its `Output` protocol. Knows no backend.
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "fonts-dejavu-core"])]),
        .target(name: "Rendering", dependencies: ["ResponderKit", "CCairo"]),
        // The Linux framebuffer output (issue 8 §2): a panel without a compositor (/dev/fb0, mmap,
        // rotation, RGB565/BGR conversion, page flipping, console graphics mode).
        .target(name: "FramebufferOutput", dependencies: ["Rendering", "ResponderKit", "CLinux"]),
        .executableTarget(name: "fbbench", dependencies: ["FramebufferOutput", "Rendering", "ResponderKit"],
                          path: "Tools/fbbench"),
        // Touch → pixels latency of the main command on a fake panel (emulated touchscreen, real libinput).
        .executableTarget(name: "fbtouchbench", dependencies: ["FakeFramebuffer", "EmulatedInput", "LibinputBackend", "PuzzleApp", "ResponderKit"],
                          path: "Tools/fbtouchbench"),

        // Test support: regular targets under Tests/Support, never products (the benchmarks may
        // depend on them; nothing in Sources does).
        // Counts heap allocations by interposing malloc in the executable that links it (the
        // zero-allocation tests, hitbench); compiled out under sanitizers.
        .target(name: "CMallocCounter", path: "Tests/Support/CMallocCounter"),
        // The scripted libwayland-server compositor of the Wayland tests and waylandbench.
        .target(name: "WaylandFixture", dependencies: ["CXdgShell"], path: "Tests/Support/WaylandFixture",
                exclude: ["protocol"], linkerSettings: [.linkedLibrary("wayland-server")]),
        // TEST ONLY: a minimal input-method-unstable-v2 client (glue generated from its copy of the
        // XML under protocol/) that commits text through sway in the end-to-end text input test.
        .target(name: "InputMethodClient", dependencies: ["CWayland"], path: "Tests/Support/InputMethodClient",
                exclude: ["protocol"], linkerSettings: [.linkedLibrary("wayland-client")]),
        // Child processes: one posix_spawn wrapper, re-runs of one test in a child, staging for
        // children that run as nobody.
        .target(name: "ChildProcesses", dependencies: ["ResponderKitTesting"], path: "Tests/Support/ChildProcesses"),
        // What a test needs from the machine: `.requires(…)` skips with the reason, except that
        // under CI=true a missing package that Tools/setup.sh installs fails the test.
        .target(name: "Prerequisites", path: "Tests/Support/Prerequisites"),
        // Views that record what reaches them (the core's chain tests, the backends' device tests).
        .target(name: "RecordingViews", dependencies: ["ResponderKit"], path: "Tests/Support/RecordingViews"),
        // The seeded generator of the property tests, hitbench and fuzz-routing.
        .target(name: "SeededGenerators", path: "Tests/Support/SeededGenerators"),
        // The routing fuzzer: hostile InputEvents, handlers that change the world mid-delivery,
        // invariants after every event, minimized failures (fuzz-routing and RoutingFuzzTests).
        .target(name: "RoutingFuzz", dependencies: ["ResponderKit", "ResponderKitTesting", "SeededGenerators"],
                path: "Tests/Support/RoutingFuzz"),
        // The soak: fingers at a fixed rate through real libinput (umockdev) into the puzzle, with
        // latency, backlog and memory per window (the soak tool and SoakTests).
        .target(name: "Soak", dependencies: ["ResponderKit", "LibinputBackend", "KioskLoop", "EmulatedInput", "PuzzleApp", "Rendering", "CLinux",
                                             "CHeapStatistics"],
                path: "Tests/Support/Soak"),
        // glibc's mallinfo2 (not in Swift's Glibc module), for the soak's heap-in-use figure.
        .target(name: "CHeapStatistics", path: "Tests/Support/CHeapStatistics"),
        // The LD_PRELOAD shims of the products above (sources here, as they are test-only).
        // Never instrumented, even in a sanitized build (`swift build --sanitize=…`): they are
        // preloaded into programs that carry no sanitizer runtime (sh, setpriv, sway, cage), where
        // an instrumented shim fails to load ("undefined symbol: __asan_…"); in a sanitized test
        // binary uninstrumented code is fine.
        .target(name: "TestShimUMockdevCompat", path: "Tests/Support/TestShimUMockdevCompat", cSettings: uninstrumented),
        .target(name: "TestShimWaylandSeat", path: "Tests/Support/TestShimWaylandSeat", cSettings: uninstrumented),
        .target(name: "FramebufferShim", path: "Tests/Support/FramebufferShim", cSettings: uninstrumented),
        // A plain file described as a framebuffer to that shim (FAKEFB_* variables, pixels and logs
        // read back); it also runs the main command on such a panel with an emulated touchscreen
        // (FramebufferTests, the kiosk end-to-end tests and fbtouchbench).
        .target(name: "FakeFramebuffer", dependencies: ["ResponderKit", "ResponderKitTesting", "EmulatedInput", "PuzzleApp", "ChildProcesses"],
                path: "Tests/Support/FakeFramebuffer"),

        // README.md's and the DocC articles' Swift samples, compiled and checked to match the text.
        .testTarget(name: "ReadmeSampleTests",
                    dependencies: ["Keymap", "Kiosk", "LibinputBackend", "WaylandBackend", "FramebufferOutput", "ResponderKit", "ResponderKitTesting"]),
        .testTarget(name: "KeymapTests", dependencies: ["Keymap", "ResponderKit", "ResponderKitTesting"]),
        .testTarget(name: "LibinputTests",
                    dependencies: ["LibinputBackend", "Keymap", "Kiosk", "EmulatedInput", "ResponderKit", "ResponderKitTesting", "CLinux",
                                   "ChildProcesses", "Prerequisites", "RecordingViews", "Soak", "Rendering"],
                    exclude: ["Devices"]),
        .testTarget(name: "WaylandTests",
                    dependencies: ["WaylandBackend", "WaylandFixture", "Keymap", "KioskLoop", "Rendering", "LibinputBackend", "EmulatedInput",
                                   "PuzzleApp", "InboxApp", "ResponderKit", "ResponderKitTesting", "CLinux", "ChildProcesses", "Prerequisites",
                                   "RecordingViews", "InputMethodClient"],
                    exclude: ["Devices"]),
        // Auto Layout (issue 23): the Cassowary solver (checked against kiwisolver), constraints, stacks.
        .testTarget(name: "LayoutTests",
                    dependencies: ["ResponderKit", "ResponderKitTesting", "ChildProcesses", "Prerequisites", "SeededGenerators"]),
        .testTarget(name: "ResponderKitTests",
                    dependencies: ["ResponderKit", "ResponderKitTesting", "RecordingViews", "SeededGenerators", "RoutingFuzz",
                                   "Prerequisites"]),
        .testTarget(name: "HitIndexTests",
                    dependencies: ["ResponderKit", "ResponderKitTesting", "CMallocCounter", "Prerequisites", "SeededGenerators"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "ResponderKit", "ResponderKitTesting"], exclude: ["Golden"]),
        // The host and the main command: headless runs, target selection, the puzzle by every input.
        .testTarget(name: "KioskTests", dependencies: ["Kiosk", "PuzzleApp", "InboxApp", "Rendering", "ResponderKit", "ResponderKitTesting", "ChildProcesses"]),
        .testTarget(name: "FramebufferTests", dependencies: ["FramebufferOutput", "Rendering", "ResponderKit", "ResponderKitTesting", "FakeFramebuffer",
                                                             "ChildProcesses"]),
        // Touch calibration (issue 11): the fit, the output, and the tool against real libinput.
        .testTarget(name: "CalibrationTests",
                    dependencies: ["TouchCalibration", "LibinputBackend", "Kiosk", "EmulatedInput", "FakeFramebuffer", "ResponderKit",
                                   "ResponderKitTesting", "ChildProcesses", "Prerequisites"]),
        // The kiosk deployment (Tools/deploy): systemd-analyze verify, sysusers, PAM and udev files.
        .testTarget(name: "DeploymentTests", dependencies: ["ChildProcesses", "Prerequisites", "ResponderKitTesting"]),
        // The main command on a fake panel end to end: real libinput under umockdev, real pixels.
        .testTarget(name: "KioskEndToEndTests",
                    dependencies: ["FakeFramebuffer", "EmulatedInput", "PuzzleApp", "Rendering", "ResponderKit", "ResponderKitTesting",
                                   "ChildProcesses", "Prerequisites"]),
    ],
    swiftLanguageModes: [.v6]
)
