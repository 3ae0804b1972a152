import ChildProcesses
import Foundation
import ResponderKitTesting
import TestHelpers
import Testing

/// What a package that depends on ResponderKit sees: the products its manifest declares, read
/// from SwiftPM itself (`swift package dump-package`). Only the libraries and the user tools; no
/// example, benchmark, test support or preload shim (those are targets without a product, or the
/// shims' own package under Tests/Shims). `swift package describe` is not the check: for the root
/// package it adds a product for every executable target, which a dependent never sees.
struct ProductsTests {
    /// The public set, by name and kind.
    static let expected: [String: String] = [
        "ResponderKit": "library", "ResponderKitTesting": "library", "Keymap": "library", "LibinputBackend": "library",
        "Kiosk": "library", "KioskWayland": "library", "KioskLoop": "library", "WaylandBackend": "library", "Rendering": "library",
        "FramebufferOutput": "library", "DRMOutput": "library", "Speech": "library", "ATSPI": "library", "calibrate": "executable", "input-trace": "executable"
    ]

    /// The package root of this checkout.
    static var packageRoot: String { PackageCheckout.root }

    /// The products the manifest at `packagePath` declares, by name and kind. It runs
    /// with a scratch folder of its own, so it never waits for the lock of the build running us.
    static func describedProducts(packagePath: String) throws -> [String: String] {
        let scratch = try TemporaryFolder.make("describe")
        defer { TemporaryFolder.remove(scratch) }
        let run = try Subprocess.run(
            ["swift", "package", "--package-path", packagePath, "--scratch-path", scratch, "dump-package"],
            timeout: 300)
        try #require(run.status == 0, "swift package dump-package failed (\(run.status)): \(run.output)")
        // SwiftPM may print notes before the JSON object.
        let json = run.output.drop { $0 != "{" }
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let products = try #require((object as? [String: Any])?["products"] as? [[String: Any]], "no products in \(json.prefix(400))")
        var kinds: [String: String] = [:]
        for product in products {
            let name = try #require(product["name"] as? String)
            let kind = try #require((product["type"] as? [String: Any])?.keys.first, "\(name) has no type")
            kinds[name] = kind
        }
        return kinds
    }

    @Test func aDependentSeesOnlyTheLibrariesAndTheUserTools() throws {
        let products = try Self.describedProducts(packagePath: Self.packageRoot)
        #expect(
            products == Self.expected,
            "unexpected: \(products.filter { Self.expected[$0.key] != $0.value }); missing: \(Self.expected.filter { products[$0.key] == nil })")
    }

    /// A package that depends on this checkout cannot build a benchmark, an example, a shim or
    /// the emulation library: SwiftPM knows no such product there (while this package builds
    /// them, as a root package's executables get products of their own).
    @Test func aDependentCannotBuildABenchmarkAnExampleOrAShim() throws {
        let dependent = try TemporaryFolder.make("dependent")
        defer { TemporaryFolder.remove(dependent) }
        try TextFile.write(
            """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "Dependent", dependencies: [.package(name: "ResponderKit", path: "\(Self.packageRoot)")],
                targets: [.executableTarget(name: "App", dependencies: [.product(name: "ResponderKit", package: "ResponderKit")])])

            """, to: dependent + "/Package.swift")
        try #require(mkdir(dependent + "/Sources", 0o755) == 0 && mkdir(dependent + "/Sources/App", 0o755) == 0)
        try TextFile.write("print(\"app\")\n", to: dependent + "/Sources/App/main.swift")
        for product in ["hitbench", "puzzle-demo", "TestShimFramebuffer", "EmulatedInput"] {
            let run = try Subprocess.run(
                ["swift", "build", "--package-path", dependent, "--scratch-path", dependent + "/.build", "--product", product], timeout: 300)
            #expect(run.status != 0 && run.output.contains("no product named '\(product)'"), "\(product): \(run.output.suffix(400))")
        }
    }

    /// The shims are dynamic libraries of their own package, built beside the main build.
    @Test func theShimsAreTheirOwnPackage() throws {
        let products = try Self.describedProducts(packagePath: Self.packageRoot + "/Tests/Shims")
        #expect(products == ["TestShimUMockdevCompat": "library", "TestShimWaylandSeat": "library", "TestShimFramebuffer": "library"])
    }
}
