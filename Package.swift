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
        // LD_PRELOAD companion for umockdev 0.17 (fstat device numbers, udev database); loaded by
        // EmulatedInput's re-exec, never linked.
        .library(name: "UMockdevCompat", type: .dynamic, targets: ["UMockdevCompat"]),
        .executable(name: "input-trace", targets: ["input-trace"]),
        .executable(name: "inputbench", targets: ["inputbench"]),
        .library(name: "WaylandBackend", targets: ["WaylandBackend"]),
        // LD_PRELOAD stand-in for libseat, so sway (as nobody, under umockdev) opens the emulated
        // devices in the end-to-end tests; loaded by the tests, never linked.
        .library(name: "WaylandSeatShim", type: .dynamic, targets: ["WaylandSeatShim"]),
        .executable(name: "wayland-demo", targets: ["wayland-demo"]),
        .executable(name: "waylandbench", targets: ["waylandbench"]),
    ],
    targets: [
        // The pure-Swift core: geometry, responders, views, events, routing, actions, controls.
        .target(name: "ResponderKit"),
        // The embedded harness (manual clock, InputEvent injection), shipped like NIOEmbedded.
        .target(name: "ResponderKitTesting", dependencies: ["ResponderKit"]),
        .executableTarget(name: "puzzle-demo", dependencies: ["ResponderKit", "ResponderKitTesting"],
                          path: "Tools/puzzle-demo", exclude: ["scripts"]),
        // Counts heap allocations by interposing malloc (benchmarks and the zero-allocation tests).
        .target(name: "CMallocCounter"),
        .executableTarget(name: "hitbench", dependencies: ["ResponderKit", "ResponderKitTesting", "CMallocCounter"],
                          path: "Tools/hitbench"),
        // System libraries (pkg-config; Tools/setup.sh installs the -dev packages).
        .systemLibrary(name: "CLibinput", pkgConfig: "libinput", providers: [.apt(["libinput-dev", "libudev-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(name: "CUmockdev", pkgConfig: "umockdev-1.0", providers: [.apt(["libumockdev-dev"])]),
        // epoll, timerfd, signalfd, eventfd, posix_spawn, struct input_event: not in Glibc's module.
        .systemLibrary(name: "CLinux"),
        .target(name: "UMockdevCompat"),
        // Keymaps, key state, compose and key repeat over libxkbcommon (shared by the backends).
        .target(name: "Keymap", dependencies: ["ResponderKit", "CXKBCommon"]),
        // libinput + udev devices translated into InputEvents.
        .target(name: "LibinputBackend", dependencies: ["ResponderKit", "Keymap", "CLibinput", "CLinux", "CSeat"]),
        // libseat (seatd/logind), dlopen'ed at run time: no build or link dependency on it.
        .target(name: "CSeat", linkerSettings: [.linkedLibrary("dl")]),
        // The main loop: epoll over input fds, a timerfd for the core's timers, the main queue, signals.
        .target(name: "Kiosk", dependencies: ["ResponderKit", "WaylandBackend", "CLinux"]),
        // Wayland (issue 5): libwayland-client, the committed xdg-shell glue (Tools/regen-protocols.sh
        // from Protocols/), the client backend, and a scripted libwayland-server compositor for tests.
        .systemLibrary(name: "CWayland", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        .target(name: "CXdgShell", dependencies: ["CWayland"]),
        .target(name: "WaylandBackend", dependencies: ["ResponderKit", "Keymap", "CWayland", "CXdgShell"]),
        .target(name: "WaylandFixture", dependencies: ["CXdgShell"], exclude: ["protocol"],
                linkerSettings: [.linkedLibrary("wayland-server")]),
        .target(name: "WaylandSeatShim"),
        .executableTarget(name: "wayland-demo", dependencies: ["ResponderKit", "WaylandBackend", "Kiosk"],
                          path: "Tools/wayland-demo"),
        .executableTarget(name: "waylandbench", dependencies: ["ResponderKit", "WaylandBackend", "WaylandFixture", "CLinux"],
                          path: "Tools/waylandbench"),
        // Emulated evdev devices under umockdev (tests, input-trace --evemu, the latency bench).
        .target(name: "EmulatedInput", dependencies: ["CUmockdev", "CLinux"]),
        .executableTarget(name: "input-trace",
                          dependencies: ["ResponderKit", "ResponderKitTesting", "LibinputBackend", "Keymap", "Kiosk", "EmulatedInput", "CLinux"],
                          path: "Tools/input-trace"),
        .executableTarget(name: "inputbench",
                          dependencies: ["ResponderKit", "LibinputBackend", "Kiosk", "EmulatedInput", "CLinux"],
                          path: "Tools/inputbench"),
        // Test support (targets under Tests/Support, never products): what the tests need to run
        // child processes, e.g. a world-readable staging folder for children that run as nobody.
        .target(name: "ChildProcesses", path: "Tests/Support/ChildProcesses"),
        // What a test needs from the machine: `.requires(…)` skips with the reason, except that
        // under CI=true a missing package that Tools/setup.sh installs fails the test.
        .target(name: "Prerequisites", path: "Tests/Support/Prerequisites"),
        .testTarget(name: "KeymapTests", dependencies: ["Keymap", "ResponderKit", "ResponderKitTesting"]),
        .testTarget(name: "LibinputTests",
                    dependencies: ["LibinputBackend", "Keymap", "Kiosk", "EmulatedInput", "ResponderKit", "ResponderKitTesting", "CLinux",
                                   "ChildProcesses", "Prerequisites"],
                    exclude: ["Devices"]),
        .testTarget(name: "WaylandTests",
                    dependencies: ["WaylandBackend", "WaylandFixture", "Keymap", "Kiosk", "LibinputBackend", "EmulatedInput",
                                   "ResponderKit", "ResponderKitTesting", "CLinux", "ChildProcesses", "Prerequisites"],
                    exclude: ["Devices"]),
        .testTarget(name: "ResponderKitTests", dependencies: ["ResponderKit", "ResponderKitTesting"]),
        .testTarget(name: "HitIndexTests", dependencies: ["ResponderKit", "ResponderKitTesting", "CMallocCounter", "Prerequisites"]),
    ],
    swiftLanguageModes: [.v6]
)
