import CLinux

#if canImport(Glibc)
import Glibc
#endif

/// Running under umockdev's LD_PRELOAD: detecting it, and re-running the current executable with
/// it when missing (a plain `swift test` or `input-trace --evemu` starts without it).
///
/// The preload is the project's compat shim (`libTestShimUMockdevCompat.so`, test and emulation
/// only, built by the shims package Tests/Shims: see `PreloadShims`) followed
/// by `libumockdev-preload.so.0`; the order matters (see umockdev_compat.c).
public enum Preload {
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    static let umockdevLibrary = "libumockdev-preload.so.0"

    /// True when this process runs with libumockdev-preload loaded.
    public static var isActive: Bool {
        guard let value = getenv("LD_PRELOAD") else { return false }
        return String(cString: value).contains("libumockdev-preload")
    }

    /// The running executable (`/proc/self/exe`).
    public static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The compat shim: `$RESPONDERKIT_UMOCKDEV_COMPAT`, or `libTestShimUMockdevCompat.so` where
    /// `PreloadShims` finds it (beside the executable, or the shims package's build folder).
    public static func compatLibrary() throws -> String {
        if let override = getenv("RESPONDERKIT_UMOCKDEV_COMPAT") { return String(cString: override) }
        return try PreloadShims.path(of: PreloadShims.umockdevCompat)
    }

    /// Checks that umockdev's preload library is installed.
    public static func checkUmockdev() throws {
        for folder in ["/usr/lib/x86_64-linux-gnu/", "/usr/lib/aarch64-linux-gnu/", "/usr/lib64/", "/usr/lib/", "/usr/local/lib/"]
        where access(folder + umockdevLibrary, R_OK) == 0 { return }
        throw Failure(message: "\(umockdevLibrary) is not installed: run Tools/setup.sh (apt-get install umockdev)")
    }

    /// The environment for a child under the preload: the current one with `LD_PRELOAD` set.
    public static func environment() throws -> [String] {
        try checkUmockdev()
        let preload = "\(try compatLibrary()):\(umockdevLibrary)"
        return environmentWithoutPreload() + ["LD_PRELOAD=" + preload]
    }

    /// The current environment (`environ`) without `LD_PRELOAD`.
    static func environmentWithoutPreload() -> [String] {
        var env: [String] = []
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if !s.hasPrefix("LD_PRELOAD=") { env.append(s) }
            p += 1
        }
        return env
    }

    /// Replaces this process with the same executable run under the preload (`execve`). Returns
    /// only by throwing.
    public static func relaunch(arguments: [String] = CommandLine.arguments) throws -> Never {
        let env = try environment()
        let exe = executablePath
        withCStrings(arguments) { argv in
            withCStrings(env) { envp in _ = execve(exe, argv, envp) }
        }
        throw Failure(message: "re-executing \(exe) under the umockdev preload failed: \(String(cString: strerror(errno)))")
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for p in pointers { free(p) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
