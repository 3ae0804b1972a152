#if canImport(Glibc)
import Glibc
#endif

/// Where the project's LD_PRELOAD shims are found.
///
/// Why: a shared object needs a dynamic library product, and every product of ResponderKit's
/// package is visible to a package that depends on it; the shims are test and emulation only, so
/// they are built by a package of their own, `Tests/Shims` (`Tools/test.sh` runs
/// `swift build --package-path Tests/Shims --scratch-path .build/shims`), into
/// `<scratch>/shims/<triple>/<configuration>/`, beside the main build's
/// `<scratch>/<triple>/<configuration>/`; a copy beside the executable (a staged test binary, a
/// tool copied with its shim) is found too. In a checkout of this package a missing shim is built
/// on first use (`buildInCheckout`), so a plain `swift test` in a fresh clone works as well.
public enum PreloadShims {
    /// The umockdev 0.17 companion (device numbers in `fstat`, the udev database).
    public static let umockdevCompat = "libTestShimUMockdevCompat.so"
    /// The libseat stand-in sway loads in the end-to-end tests.
    public static let waylandSeat = "libTestShimWaylandSeat.so"
    /// The framebuffer driver stand-in (the fb ioctls for one plain file).
    public static let framebuffer = "libTestShimFramebuffer.so"

    /// The command that builds the shims for the debug configuration, run from the package root.
    public static let buildCommand = "swift build --package-path Tests/Shims --scratch-path .build/shims"

    /// The shim `library` for `executable` (default: this process): beside it, or in the shims
    /// package's build folder of the same scratch folder, triple and configuration. Throws a
    /// message naming the places looked at and the command that builds it.
    public static func path(of library: String, forExecutable executable: String = Preload.executablePath) throws -> String {
        let places = candidates(of: library, forExecutable: executable)
        if let found = places.first(where: { access($0, R_OK) == 0 }) { return found }
        // Not built yet: in a checkout of this package, build the shims package once and look again.
        var failures: [String] = []
        for folder in places.map({ String($0.dropLast(library.count)) }) {
            if let failure = buildInCheckout(forBuildFolder: folder) { failures.append(failure) }
        }
        if let found = places.first(where: { access($0, R_OK) == 0 }) { return found }
        throw Preload.Failure(
            message:
                "\(library) is not built (looked in \(places.joined(separator: ", "))): run `\(buildCommand)` from the package root, with `-c release` for a release build (Tools/test.sh builds both)"
                + failures.map { "; \($0)" }.joined()
        )
    }

    /// Where `library` may be, best first: `<scratch>/shims/<triple>/<configuration>/` for the
    /// folder of `executable` (resolved through symbolic links) and its bundle folders read as
    /// `<scratch>/<triple>/<configuration>/`, then those folders themselves.
    public static func candidates(of library: String, forExecutable executable: String) -> [String] {
        var folder = resolved(executable)
        while let last = folder.last, last != "/" { folder.removeLast() }
        var folders: [String] = []
        // A test bundle may live in a folder of its own (…/X.xctest/…): look upward too.
        for _ in 0..<3 where folder.count > 1 {
            folders.append(folder)
            folder.removeLast()
            while let last = folder.last, last != "/" { folder.removeLast() }
        }
        var places: [String] = []
        for candidate in folders {
            let parts = candidate.split(separator: "/", omittingEmptySubsequences: true)
            guard parts.count >= 3 else { continue }
            let scratch = "/" + parts.dropLast(2).joined(separator: "/")
            places.append("\(scratch)/shims/\(parts[parts.count - 2])/\(parts[parts.count - 1])/\(library)")
        }
        // Then beside the executable: a staged copy (a build folder from before the shims had
        // their own package may still hold stale ones there, hence second).
        return places + folders.map { $0 + library }
    }

    /// `path` with symbolic links resolved (`realpath(3)`), or as given when that fails.
    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
