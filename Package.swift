// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ResponderKit",
    products: [
        .library(name: "ResponderKit", targets: ["ResponderKit"]),
        .library(name: "ResponderKitTesting", targets: ["ResponderKitTesting"]),
        .executable(name: "puzzle-demo", targets: ["puzzle-demo"]),
        .executable(name: "hitbench", targets: ["hitbench"]),
        .library(name: "Keymap", targets: ["Keymap"]),
        .library(name: "LibinputBackend", targets: ["LibinputBackend"]),
        .library(name: "Kiosk", targets: ["Kiosk"]),
        .library(name: "EmulatedInput", targets: ["EmulatedInput"]),
        .executable(name: "input-trace", targets: ["input-trace"]),
        .executable(name: "inputbench", targets: ["inputbench"]),
        .library(name: "WaylandBackend", targets: ["WaylandBackend"]),
        .executable(name: "wayland-demo", targets: ["wayland-demo"]),
        .executable(name: "waylandbench", targets: ["waylandbench"]),
        // TEST AND EMULATION ONLY — never link these, never ship them. They are products only
        // because SwiftPM builds a .so for LD_PRELOAD from a dynamic library product.
        // libTestShimUMockdevCompat.so: the umockdev 0.17 companion (fstat device numbers, udev
        // database), preloaded by EmulatedInput's re-exec (tests, input-trace --evemu, inputbench).
        .library(name: "TestShimUMockdevCompat", type: .dynamic, targets: ["TestShimUMockdevCompat"]),
        // libTestShimWaylandSeat.so: a libseat stand-in so sway (as nobody, under umockdev) opens
        // the emulated devices in the end-to-end tests.
        .library(name: "TestShimWaylandSeat", type: .dynamic, targets: ["TestShimWaylandSeat"]),
    ],
    targets: [
        // The pure-Swift core: geometry, responders, views, events, routing, actions, controls.
        .target(name: "ResponderKit"),
        // The embedded harness (manual clock, InputEvent injection), shipped like NIOEmbedded.
        .target(name: "ResponderKitTesting", dependencies: ["ResponderKit"]),
        .executableTarget(name: "puzzle-demo", dependencies: ["ResponderKit", "ResponderKitTesting"],
                          path: "Tools/puzzle-demo", exclude: ["scripts"]),
        .executableTarget(name: "hitbench", dependencies: ["ResponderKit", "ResponderKitTesting", "CMallocCounter", "SeededGenerators"],
                          path: "Tools/hitbench"),
        // System libraries (pkg-config; Tools/setup.sh installs the -dev packages).
        .systemLibrary(name: "CLibinput", pkgConfig: "libinput", providers: [.apt(["libinput-dev", "libudev-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        // epoll, timerfd, signalfd, eventfd, posix_spawn, struct input_event: not in Glibc's module.
        .systemLibrary(name: "CLinux"),
        // Keymaps, key state, compose and key repeat over libxkbcommon (shared by the backends).
        .target(name: "Keymap", dependencies: ["ResponderKit", "CXKBCommon"]),
        // libinput + udev devices translated into InputEvents.
        .target(name: "LibinputBackend", dependencies: ["ResponderKit", "Keymap", "CLibinput", "CLinux", "CSeat"]),
        // libseat (seatd/logind), dlopen'ed at run time: no build or link dependency on it.
        .target(name: "CSeat", linkerSettings: [.linkedLibrary("dl")]),
        // The main loop: epoll over input fds, a timerfd for the core's timers, the main queue, signals.
        .target(name: "Kiosk", dependencies: ["ResponderKit", "WaylandBackend", "CLinux"]),
        // Wayland (issue 5): libwayland-client, the committed xdg-shell glue (Tools/regen-protocols.sh
        // from Protocols/) and the client backend.
        .systemLibrary(name: "CWayland", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        .target(name: "CXdgShell", dependencies: ["CWayland"]),
        .target(name: "WaylandBackend", dependencies: ["ResponderKit", "Keymap", "CWayland", "CXdgShell"]),
        .executableTarget(name: "wayland-demo", dependencies: ["ResponderKit", "WaylandBackend", "Kiosk"],
                          path: "Tools/wayland-demo"),
        .executableTarget(name: "waylandbench", dependencies: ["ResponderKit", "WaylandBackend", "WaylandFixture", "CLinux"],
                          path: "Tools/waylandbench"),
        // Emulated evdev devices under umockdev (tests, input-trace --evemu, the latency bench).
        // libumockdev is dlopen'ed (CUmockdevLoader), so input-trace runs where umockdev is absent.
        .target(name: "EmulatedInput", dependencies: ["CUmockdevLoader", "CLinux"]),
        .target(name: "CUmockdevLoader", linkerSettings: [.linkedLibrary("dl")]),
        .executableTarget(name: "input-trace",
                          dependencies: ["ResponderKit", "ResponderKitTesting", "LibinputBackend", "Keymap", "Kiosk", "EmulatedInput", "CLinux"],
                          path: "Tools/input-trace"),
        .executableTarget(name: "inputbench",
                          dependencies: ["ResponderKit", "LibinputBackend", "Kiosk", "EmulatedInput", "CLinux"],
                          path: "Tools/inputbench"),

        // Test support: regular targets under Tests/Support, never products (the benchmarks may
        // depend on them; nothing in Sources does).
        // Counts heap allocations by interposing malloc in the executable that links it (the
        // zero-allocation tests, hitbench); compiled out under sanitizers.
        .target(name: "CMallocCounter", path: "Tests/Support/CMallocCounter"),
        // The scripted libwayland-server compositor of the Wayland tests and waylandbench.
        .target(name: "WaylandFixture", dependencies: ["CXdgShell"], path: "Tests/Support/WaylandFixture",
                exclude: ["protocol"], linkerSettings: [.linkedLibrary("wayland-server")]),
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
        // The LD_PRELOAD shims of the products above (sources here, as they are test-only).
        .target(name: "TestShimUMockdevCompat", path: "Tests/Support/TestShimUMockdevCompat"),
        .target(name: "TestShimWaylandSeat", path: "Tests/Support/TestShimWaylandSeat"),

        .testTarget(name: "KeymapTests", dependencies: ["Keymap", "ResponderKit", "ResponderKitTesting"]),
        .testTarget(name: "LibinputTests",
                    dependencies: ["LibinputBackend", "Keymap", "Kiosk", "EmulatedInput", "ResponderKit", "ResponderKitTesting", "CLinux",
                                   "ChildProcesses", "Prerequisites", "RecordingViews"],
                    exclude: ["Devices"]),
        .testTarget(name: "WaylandTests",
                    dependencies: ["WaylandBackend", "WaylandFixture", "Keymap", "Kiosk", "LibinputBackend", "EmulatedInput",
                                   "ResponderKit", "ResponderKitTesting", "CLinux", "ChildProcesses", "Prerequisites", "RecordingViews"],
                    exclude: ["Devices"]),
        .testTarget(name: "ResponderKitTests", dependencies: ["ResponderKit", "ResponderKitTesting", "RecordingViews", "SeededGenerators"]),
        .testTarget(name: "HitIndexTests",
                    dependencies: ["ResponderKit", "ResponderKitTesting", "CMallocCounter", "Prerequisites", "SeededGenerators"]),
    ],
    swiftLanguageModes: [.v6]
)
