import ChildProcesses
import Prerequisites
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The committed wayland-scanner output is what Tools/regen-protocols.sh makes from Protocols/.
@Suite struct ProtocolGlueTests {
    static let packageRoot = PackageCheckout.root + "/"

    @Test(.requires(.waylandScanner))
    func committedGlueMatchesTheProtocols() throws {
        try Prerequisite.check([.waylandScanner])
        let out = "\(P_tmpdir)/responderkit-regen-\(getpid()).txt"
        defer { unlink(out) }
        let check = try Subprocess(
            [Self.packageRoot + "Tools/regen-protocols.sh", "--check"],
            environment: Subprocess.environment([]), outputPath: out)
        #expect(check.wait(timeout: 30) == 0, "\(check.output)")
    }
}
