// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ResponderKit",
    products: [
        .library(name: "ResponderKit", targets: ["ResponderKit"]),
        .library(name: "ResponderKitTesting", targets: ["ResponderKitTesting"]),
        .executable(name: "puzzle-demo", targets: ["puzzle-demo"]),
        .executable(name: "hitbench", targets: ["hitbench"]),
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
        .testTarget(name: "ResponderKitTests", dependencies: ["ResponderKit", "ResponderKitTesting"]),
        .testTarget(name: "HitIndexTests", dependencies: ["ResponderKit", "ResponderKitTesting", "CMallocCounter"]),
    ],
    swiftLanguageModes: [.v6]
)
