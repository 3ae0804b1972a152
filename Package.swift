// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ResponderKit",
    products: [
        .library(name: "ResponderKit", targets: ["ResponderKit"]),
        .library(name: "ResponderKitTesting", targets: ["ResponderKitTesting"]),
        .executable(name: "puzzle-demo", targets: ["puzzle-demo"]),
    ],
    targets: [
        // The pure-Swift core: geometry, responders, views, events, routing, actions, controls.
        .target(name: "ResponderKit"),
        // The embedded harness (manual clock, InputEvent injection), shipped like NIOEmbedded.
        .target(name: "ResponderKitTesting", dependencies: ["ResponderKit"]),
        .executableTarget(name: "puzzle-demo", dependencies: ["ResponderKit", "ResponderKitTesting"],
                          path: "Tools/puzzle-demo"),
        .testTarget(name: "ResponderKitTests", dependencies: ["ResponderKit", "ResponderKitTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
