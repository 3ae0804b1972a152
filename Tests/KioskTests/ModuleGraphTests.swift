import ChildProcesses
import Foundation
import ResponderKitTesting
import Testing

/// The module graph the host promises: the host (`Kiosk`) knows no compositor and no test
/// harness, so a framebuffer + libinput kiosk links neither libwayland nor the testing module —
/// checked on the package's declared graph (`swift package describe`) and on the built
/// `framebuffer-kiosk` binary's `DT_NEEDED` entries, with `puzzle-demo` (which links the
/// KioskWayland module) as the control that the checks can see libwayland at all.
@Suite struct ModuleGraphTests {
    /// The Wayland side: the backend, its C glue and the host's Wayland target.
    static let waylandModules: Set = ["WaylandBackend", "CWayland", "CXdgShell", "KioskWayland"]

    @Test func theHostDependsOnNoWaylandModuleAndNotOnTheTestingModule() throws {
        let graph = try PackageGraph.described()
        let host = try graph.closure(of: "Kiosk")
        #expect(host.isDisjoint(with: Self.waylandModules), "Kiosk reaches \(host.intersection(Self.waylandModules).sorted())")
        #expect(!host.contains("ResponderKitTesting"))
        let kiosk = try graph.closure(of: "framebuffer-kiosk")
        #expect(kiosk.isDisjoint(with: Self.waylandModules), "framebuffer-kiosk reaches \(kiosk.intersection(Self.waylandModules).sorted())")
        #expect(!kiosk.contains("ResponderKitTesting"))
        #expect(kiosk.isSuperset(of: ["Kiosk", "LibinputBackend", "FramebufferOutput"]))
        // The control: the main command that may run under a compositor links the Wayland target.
        #expect(try graph.closure(of: "puzzle-demo").isSuperset(of: Self.waylandModules))
    }

    /// The speech module (issue 26 §3) wraps its two C libraries and the core, nothing else (the
    /// C libraries' loader, CLazyLibrary, opens them at the first word); the host reaches it (for
    /// `--speech`), the core does not.
    @Test func theSpeechModuleDependsOnlyOnTheCoreAndItsCLibraries() throws {
        let graph = try PackageGraph.described()
        #expect(try graph.closure(of: "Speech") == ["Speech", "ResponderKit", "CSpeechd", "CEspeakNG", "CLazyLibrary"])
        #expect(try graph.closure(of: "Kiosk").contains("Speech"))
        #expect(try !graph.closure(of: "ResponderKit").contains("Speech"))
    }

    /// `swift build` (and so `swift test`) builds every executable product: a missing one is a
    /// broken build, reported as a failure rather than skipped.
    @Test func theFramebufferKioskBinaryNeedsNoLibwayland() throws {
        for name in ["framebuffer-kiosk", "puzzle-demo"] {
            try #require(Self.isBuilt(name), "\(Subprocess.buildFolder)\(name) is missing: build the package (`swift build`) first")
        }
        let needed = try ElfNeededLibraries(path: Subprocess.buildFolder + "framebuffer-kiosk").names
        #expect(needed.contains { $0.hasPrefix("libcairo.so") }, "\(needed)")
        #expect(!needed.contains { $0.hasPrefix("libwayland") }, "\(needed)")
        let control = try ElfNeededLibraries(path: Subprocess.buildFolder + "puzzle-demo").names
        #expect(control.contains { $0.hasPrefix("libwayland-client.so") }, "\(control)")
    }

    /// The libraries a kiosk may never use are opened at their first call, not at exec (issue 27,
    /// start-up; CLazyLibrary): no executable asks the dynamic loader for libinput, libudev,
    /// libdrm, libspeechd or libespeak-ng, not even the framebuffer kiosk, which opens libinput
    /// when its input starts. libcairo and libwayland-client are the controls that the reader sees
    /// the libraries that are linked. WaylandKioskLibrariesTests checks a started Wayland kiosk's
    /// own mappings.
    @Test func noKioskAsksTheLoaderForInputDRMOrSpeechLibraries() throws {
        for name in ["kiosk-demo", "puzzle-demo", "framebuffer-kiosk"] {
            try #require(Self.isBuilt(name), "\(Subprocess.buildFolder)\(name) is missing: build the package (`swift build`) first")
            let needed = try ElfNeededLibraries(path: Subprocess.buildFolder + name).names
            #expect(needed.contains { $0.hasPrefix("libcairo.so") }, "\(name): \(needed)")
            for library in Self.openedAtFirstCall {
                #expect(!needed.contains { $0.hasPrefix(library + ".so") }, "\(name) needs \(library) at exec: \(needed)")
            }
        }
        let wayland = try ElfNeededLibraries(path: Subprocess.buildFolder + "kiosk-demo").names
        #expect(wayland.contains { $0.hasPrefix("libwayland-client.so") }, "\(wayland)")
    }

    /// The libraries CLazyLibrary opens at the first call into them.
    static let openedAtFirstCall = ["libinput", "libudev", "libdrm", "libspeechd", "libespeak-ng"]

    static func isBuilt(_ name: String) -> Bool { access(Subprocess.buildFolder + name, X_OK) == 0 }
}

/// The package's targets and their direct target dependencies, as `swift package describe
/// --type json` gives them (with a scratch folder of its own, so it does not wait for the build
/// folder's lock that the running `swift test` holds).
struct PackageGraph {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private struct Description: Decodable {
        struct Target: Decodable {
            let name: String
            let target_dependencies: [String]?
        }
        let targets: [Target]
    }

    let dependencies: [String: [String]]

    static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<3 {
            if path.hasSuffix("/") { path.removeLast() }
            while let last = path.last, last != "/" { path.removeLast() }
        }
        return path
    }()

    static func described() throws -> PackageGraph {
        var template = Array("\(P_tmpdir)/responderkit-describe-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(description: "mkdtemp: \(String(cString: strerror(errno)))") }
        let scratch = String(cString: made)
        defer { _ = try? Subprocess.run(["/bin/rm", "-rf", scratch]) }
        let output = scratch + "/describe.json"
        let describe = try Subprocess(
            ["swift", "package", "--package-path", packageRoot, "--scratch-path", scratch + "/build", "describe", "--type", "json"],
            environment: Subprocess.environment([]), outputPath: output, errorPath: scratch + "/errors.txt")
        guard describe.wait(timeout: 120) == 0 else {
            describe.kill()
            let errors = String(decoding: (try? TextFile.readBytes(scratch + "/errors.txt")) ?? [], as: UTF8.self)
            throw Failure(description: "swift package describe failed: \(errors)")
        }
        let json = try TextFile.readBytes(output, limit: 1 << 24)
        let description = try JSONDecoder().decode(Description.self, from: Data(json))
        return PackageGraph(dependencies: Dictionary(description.targets.map { ($0.name, $0.target_dependencies ?? []) }) { first, _ in first })
    }

    /// `target` and every target it depends on, directly or not.
    func closure(of target: String) throws -> Set<String> {
        guard dependencies[target] != nil else { throw Failure(description: "no target \(target) in the package") }
        var reached: Set = [target]
        var pending = [target]
        while let next = pending.popLast() {
            for dependency in dependencies[next] ?? [] where reached.insert(dependency).inserted { pending.append(dependency) }
        }
        return reached
    }
}
