import TestHelpers

#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder under the system temporary directory that every user can read, holding copies
/// of the files a less privileged process must open.
///
/// Why: some tests run a process as `nobody` (sway and cage refuse root; the seat tests check what
/// an unprivileged kiosk sees). Such a process cannot reach anything inside a clone that lives in
/// a private folder (mode 0700, such as root's home or a `mktemp -d` folder), whatever the files'
/// own modes. Copying what it needs (the test binary, the preload shims, device descriptions)
/// into a world-readable folder removes the dependency on where the project was cloned. The
/// folder and everything in it are removed by `remove()` or when the object goes away.
public final class StagingFolder {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// The folder (mode 0755).
    public let path: String
    private var files: [String] = []
    private var folders: [String] = []
    private var removed = false

    /// Makes `<tmp>/responderkit-<purpose>-XXXXXX`, mode 0755. Throws when it cannot be made or
    /// when other users still could not reach it (a temporary directory that is itself private).
    public init(purpose: String) throws {
        do { path = try TemporaryFolder.make(purpose) } catch { throw Failure("cannot make a staging folder: \(error)") }
        chmod(path, 0o755)
        if let blocked = StagingFolder.unreachableByOthers(path + "/") {
            rmdir(path)
            removed = true
            throw Failure("other users cannot reach \(blocked), so an unprivileged child cannot read staged files (make \(P_tmpdir) world-traversable)")
        }
    }

    deinit { remove() }

    /// Makes a subfolder (mode 0755) and returns its path.
    @discardableResult
    public func makeFolder(_ name: String) throws -> String {
        let folder = path + "/" + name
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
            throw Failure("cannot make \(folder): \(String(cString: strerror(errno)))")
        }
        chmod(folder, 0o755)
        if !folders.contains(folder) { folders.append(folder) }
        return folder
    }

    /// Copies `source` to `name` (a path relative to the folder; its subfolder must exist) with
    /// `mode` (0o755 for programs and libraries, 0o644 for data). Returns the copy's path.
    @discardableResult
    public func copy(_ source: String, as name: String? = nil, mode: mode_t) throws -> String {
        let target = path + "/" + (name ?? StagingFolder.lastComponent(of: source))
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw Failure("cannot read \(source): \(String(cString: strerror(errno)))") }
        defer { close(input) }
        let output = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard output >= 0 else { throw Failure("cannot write \(target): \(String(cString: strerror(errno)))") }
        defer { close(output) }
        files.append(target)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure("reading \(source) failed: \(String(cString: strerror(errno)))")
            }
            var offset = 0
            while offset < n {
                let w = buffer.withUnsafeBytes { write(output, $0.baseAddress! + offset, n - offset) }
                if w < 0 {
                    if errno == EINTR { continue }
                    throw Failure("writing \(target) failed: \(String(cString: strerror(errno)))")
                }
                offset += w
            }
        }
        fchmod(output, mode)
        return target
    }

    /// Removes the copies, the subfolders and the folder (anything else a child left there too).
    public func remove() {
        guard !removed else { return }
        removed = true
        for file in files { unlink(file) }
        for folder in folders.reversed() { StagingFolder.removeContents(of: folder); rmdir(folder) }
        StagingFolder.removeContents(of: path)
        rmdir(path)
    }

    /// The first folder on `path` that other users cannot traverse, or the file itself when they
    /// cannot read it; nil when they can reach it. A trailing "/" checks only traversal.
    public static func unreachableByOthers(_ path: String) -> String? {
        var prefix = ""
        let parts = path.split(separator: "/")
        for (i, part) in parts.enumerated() {
            prefix += "/" + part
            var info = stat()
            guard stat(prefix, &info) == 0 else { return prefix }
            let isLast = i == parts.count - 1 && !path.hasSuffix("/")
            let needed: mode_t = isLast ? S_IROTH : S_IXOTH
            if info.st_mode & needed == 0 { return prefix }
        }
        return nil
    }

    static func lastComponent(of path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    private static func removeContents(of folder: String) {
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { unlink(folder + "/" + name) }
        }
    }
}
