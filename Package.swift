// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ResponderKit",
    products: [
        .library(name: "ResponderKit", targets: ["ResponderKit"]),
        .library(name: "ResponderKitTesting", targets: ["ResponderKitTesting"]),
        .executable(name: "puzzle-demo", targets: ["puzzle-demo"]),
        .executable(name: "renderbench", targets: ["renderbench"]),
        .executable(name: "hitbench", targets: ["hitbench"]),
        .library(name: "Keymap", targets: ["Keymap"]),
        .library(name: "LibinputBackend", targets: ["LibinputBackend"]),
        .library(name: "Kiosk", targets: ["Kiosk"]),
        .library(name: "KioskLoop", targets: ["KioskLoop"]),
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
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "FramebufferOutput", targets: ["FramebufferOutput"]),
        .executable(name: "fbbench", targets: ["fbbench"]),
        .executable(name: "fbtouchbench", targets: ["fbtouchbench"]),
        // Test-only LD_PRELOAD stand-in for a framebuffer driver (answers the fb ioctls for one plain
        // file); loaded by FramebufferTests' re-exec, never linked.
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
        .executableTarget(name: "puzzle-demo", dependencies: ["Kiosk", "PuzzleApp"],
                          path: "Tools/puzzle-demo", exclude: ["scripts"]),
        .executableTarget(name: "renderbench", dependencies: ["Kiosk", "PuzzleApp", "Rendering", "ResponderKit", "ResponderKitTesting"],
                          path: "Tools/renderbench"),
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
        .target(name: "LibinputBackend", dependencies: ["ResponderKit", "Keymap", "KioskLoop", "CLibinput", "CLinux", "CSeat"]),
        // libseat (seatd/logind), dlopen'ed at run time: no build or link dependency on it.
        .target(name: "CSeat", linkerSettings: [.linkedLibrary("dl")]),
        // The main loop: epoll over the sources' fds (one small protocol every backend conforms to),
        // a timerfd for the core's timers, the main queue, signals. Links no backend.
        .target(name: "KioskLoop", dependencies: ["ResponderKit", "CLinux"]),
        // The host: runs an app on the best target (Wayland, framebuffer + libinput, headless).
        .target(name: "Kiosk", dependencies: ["ResponderKit", "ResponderKitTesting", "KioskLoop", "Rendering", "WaylandBackend", "LibinputBackend", "FramebufferOutput", "Keymap", "CLinux"]),
        // Wayland (issue 5): libwayland-client, the committed xdg-shell glue (Tools/regen-protocols.sh
        // from Protocols/), the client backend, and a scripted libwayland-server compositor for tests.
        .systemLibrary(name: "CWayland", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        .target(name: "CXdgShell", dependencies: ["CWayland"]),
        .target(name: "WaylandBackend", dependencies: ["ResponderKit", "Keymap", "KioskLoop", "Rendering", "CWayland", "CXdgShell"]),
        .target(name: "WaylandFixture", dependencies: ["CXdgShell"], exclude: ["protocol"],
                linkerSettings: [.linkedLibrary("wayland-server")]),
        .target(name: "WaylandSeatShim"),
        .executableTarget(name: "wayland-demo", dependencies: ["ResponderKit", "WaylandBackend", "KioskLoop", "Rendering"],
                          path: "Tools/wayland-demo"),
        .executableTarget(name: "waylandbench", dependencies: ["ResponderKit", "WaylandBackend", "WaylandFixture", "Rendering", "CLinux"],
                          path: "Tools/waylandbench"),
        // Emulated evdev devices under umockdev (tests, input-trace --evemu, the latency bench).
        .target(name: "EmulatedInput", dependencies: ["CUmockdev", "CLinux"]),
        .executableTarget(name: "input-trace",
                          dependencies: ["ResponderKit", "ResponderKitTesting", "LibinputBackend", "Keymap", "KioskLoop", "EmulatedInput", "CLinux"],
                          path: "Tools/input-trace"),
        .executableTarget(name: "inputbench",
                          dependencies: ["ResponderKit", "LibinputBackend", "KioskLoop", "EmulatedInput", "CLinux"],
                          path: "Tools/inputbench"),
        // Rendering (issue 8): the view tree drawn with Cairo, text laid out with Pango; outputs
        // (Wayland, framebuffer, headless) conform to its `Output` protocol. Knows no backend.
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "fonts-dejavu-core"])]),
        .target(name: "Rendering", dependencies: ["ResponderKit", "CCairo"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "ResponderKit", "ResponderKitTesting"], exclude: ["Golden"]),
        // The host and the main command: headless runs, target selection, the puzzle by every input.
        .testTarget(name: "KioskTests", dependencies: ["Kiosk", "PuzzleApp", "Rendering", "ResponderKit", "ResponderKitTesting"]),
        // The Linux framebuffer output (issue 8 §2): a panel without a compositor (/dev/fb0, mmap,
        // rotation, RGB565/BGR conversion, page flipping, console graphics mode).
        .target(name: "FramebufferOutput", dependencies: ["Rendering", "ResponderKit", "CLinux"]),
        .executableTarget(name: "fbbench", dependencies: ["FramebufferOutput", "Rendering", "ResponderKit"],
                          path: "Tools/fbbench"),
        // Test support only (never a dependency): the fb driver stand-in the product above builds.
        .target(name: "FramebufferShim", path: "Tests/Support/FramebufferShim"),
        // Test support: a plain file described as a framebuffer to that shim (FAKEFB_* variables,
        // pixels and logs read back); shared by FramebufferTests and the kiosk end-to-end tests.
        // It also runs the main command on such a panel with an emulated touchscreen (the kiosk
        // end-to-end tests and fbtouchbench).
        .target(name: "FakeFramebuffer", dependencies: ["ResponderKit", "ResponderKitTesting", "EmulatedInput", "PuzzleApp"],
                path: "Tests/Support/FakeFramebuffer"),
        // Touch → pixels latency of the main command on a fake panel (emulated touchscreen, real libinput).
        .executableTarget(name: "fbtouchbench", dependencies: ["FakeFramebuffer", "EmulatedInput", "LibinputBackend", "PuzzleApp", "ResponderKit"],
                          path: "Tools/fbtouchbench"),
        // The main command on a fake panel end to end: real libinput under umockdev, real pixels.
        .testTarget(name: "KioskEndToEndTests",
                    dependencies: ["FakeFramebuffer", "EmulatedInput", "PuzzleApp", "Rendering", "ResponderKit", "ResponderKitTesting"]),
        .testTarget(name: "KeymapTests", dependencies: ["Keymap", "ResponderKit", "ResponderKitTesting"]),
        .testTarget(name: "LibinputTests",
                    dependencies: ["LibinputBackend", "Keymap", "Kiosk", "EmulatedInput", "ResponderKit", "ResponderKitTesting", "CLinux"],
                    exclude: ["Devices"]),
        .testTarget(name: "WaylandTests",
                    dependencies: ["WaylandBackend", "WaylandFixture", "Keymap", "KioskLoop", "Rendering", "LibinputBackend", "EmulatedInput", "PuzzleApp",
                                   "ResponderKit", "ResponderKitTesting", "CLinux"],
                    exclude: ["Devices"]),
        .testTarget(name: "ResponderKitTests", dependencies: ["ResponderKit", "ResponderKitTesting"]),
        .testTarget(name: "FramebufferTests", dependencies: ["FramebufferOutput", "Rendering", "ResponderKit", "ResponderKitTesting", "FakeFramebuffer"]),
        .testTarget(name: "HitIndexTests", dependencies: ["ResponderKit", "ResponderKitTesting", "CMallocCounter"]),
    ],
    swiftLanguageModes: [.v6]
)
