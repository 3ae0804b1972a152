// swift-tools-version:6.0
import PackageDescription

// TEST AND EMULATION ONLY: the LD_PRELOAD shims, in a package of their own so that ResponderKit's
// products list stays what a dependent may link. A shared object needs a dynamic library product,
// and every product of the root package is visible to whoever depends on it.
//
// Built by Tools/test.sh (and Tools/sanitize.sh) into the main build folder, beside the
// configuration that loads them:
//
//     swift build --package-path Tests/Shims --scratch-path .build/shims [-c release]
//
// The code that preloads them (EmulatedInput's `PreloadShims`) looks in `<scratch>/shims/<triple>/<configuration>/`
// for the executable's own `<scratch>/<triple>/<configuration>/`.

/// No sanitizer instrumentation, even if this package is built with `--sanitize`: the shims are
/// preloaded into programs that carry no sanitizer runtime (sh, setpriv, sway, cage), where an
/// instrumented shim fails to load ("undefined symbol: __asan_…").
let uninstrumented: [CSetting] = [.unsafeFlags(["-fno-sanitize=all"])]

let package = Package(
    name: "ResponderKitTestShims",
    products: [
        // libTestShimUMockdevCompat.so: the umockdev 0.17 companion (fstat device numbers, udev
        // database), preloaded by EmulatedInput's re-exec (tests, input-trace --evemu, inputbench).
        .library(name: "TestShimUMockdevCompat", type: .dynamic, targets: ["TestShimUMockdevCompat"]),
        // libTestShimWaylandSeat.so: a libseat stand-in so sway (as nobody, under umockdev) opens
        // the emulated devices in the end-to-end tests.
        .library(name: "TestShimWaylandSeat", type: .dynamic, targets: ["TestShimWaylandSeat"]),
        // libTestShimFramebuffer.so: a framebuffer driver stand-in (answers the fb ioctls for one
        // plain file), preloaded by FramebufferTests' re-exec and the kiosk end-to-end tests.
        .library(name: "TestShimFramebuffer", type: .dynamic, targets: ["TestShimFramebuffer"])
    ],
    targets: [
        .target(name: "TestShimUMockdevCompat", cSettings: uninstrumented),
        .target(name: "TestShimWaylandSeat", cSettings: uninstrumented),
        .target(name: "TestShimFramebuffer", cSettings: uninstrumented)
    ]
)
