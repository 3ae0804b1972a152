import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The committed wayland-scanner output is what Tools/regen-protocols.sh makes from Protocols/.
@Suite struct ProtocolGlueTests {
    static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<3 {
            if path.hasSuffix("/") { path.removeLast() }
            while let last = path.last, last != "/" { path.removeLast() }
        }
        return path
    }()

    @Test(.enabled(if: access("/usr/bin/wayland-scanner", X_OK) == 0, "wayland-scanner is not installed (apt-get install libwayland-bin)"))
    func committedGlueMatchesTheProtocols() throws {
        let out = "\(P_tmpdir)/responderkit-regen-\(getpid()).txt"
        defer { unlink(out) }
        let check = try Subprocess([Self.packageRoot + "Tools/regen-protocols.sh", "--check"],
                                   environment: Subprocess.environment([]), outputPath: out)
        #expect(check.wait(timeout: 30) == 0, "\(check.output)")
    }
}
